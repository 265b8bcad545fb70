// The runtime wait-for detector trips on routings that deadlock and never on
// the deadlock-free ones at saturation (rates just past the saturation points
// measured with scripts/sweep: 4x4x4 mesh ~0.67, 4x4x4 torus ~0.50, 3PT(2,2,2)
// ~0.26, 4x4x2 torus with layered routing ~0.6).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <vector>

#include <wormsim/broadcast/worm_algorithms.h>
#include <wormsim/core/rng.h>
#include <wormsim/deadlock/wait_for.h>

#include "network/sim_helpers.h"

namespace wormsim::test {
namespace {

Results heavy(const std::string& topology, const std::string& routing, unsigned vcs, double rate,
              Cycle cycles, std::uint64_t seed, unsigned threads = 1) {
  Scenario s = small_scenario(topology, rate, seed);
  s.threads = threads;
  s.routing = routing;
  s.vcs = vcs;
  s.deadlock_check = false;  // run it anyway
  s.deadlock_interval = 16;
  s.watchdog = 100000;       // the detector, not the watchdog, must stop it
  s.warmup = 500;
  s.cycles = cycles;
  s.drain_limit = cycles;
  return run(s);
}

TEST(RuntimeDetector, CatchesDeadlockOnATorusRingWithoutDatelines) {
  const Results r = heavy("torus:8x1", "dor-nodateline", 1, 0.8, 5000, 1);
  ASSERT_TRUE(r.deadlock);
  EXPECT_EQ(r.deadlock_kind, "cycle");
  EXPECT_NE(r.deadlock_report.find("wait-for cycle: r"), std::string::npos) << r.deadlock_report;
  EXPECT_LT(r.cycles, 2000u) << "found long before the watchdog could";
}

TEST(RuntimeDetector, TheDeadlockItFindsIsReal) {
  // Same run with the detector off: nothing ever moves again, so the
  // no-progress watchdog stops it instead.
  Scenario s = small_scenario("torus:8x1", 0.8, 1);
  s.routing = "dor-nodateline";
  s.vcs = 1;
  s.deadlock_check = false;
  s.deadlock_interval = 0;
  s.watchdog = 500;
  s.warmup = 500;
  s.cycles = 5000;
  const Results r = run(s);
  ASSERT_TRUE(r.deadlock);
  EXPECT_EQ(r.deadlock_kind, "no-progress");
}

// The check's graph is built lane by lane on the run's threads (the mesh's
// and 3PT's blocks with 4); the deadlock, its cycle and its report are the
// one-thread run's.
TEST(RuntimeDetector, FindsTheSameDeadlockAtAnyThreadCount) {
  const Results torus = heavy("torus:6x6", "adaptive-bad-escape", 2, 0.9, 20000, 4);
  const Results pt = heavy("3pt:2x2x2", "minimal", 1, 0.6, 5000, 2);
  ASSERT_TRUE(torus.deadlock);
  ASSERT_TRUE(pt.deadlock);
  for (const unsigned threads : {2u, 3u, 4u}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    expect_same_results(torus, heavy("torus:6x6", "adaptive-bad-escape", 2, 0.9, 20000, 4, threads));
    expect_same_results(pt, heavy("3pt:2x2x2", "minimal", 1, 0.6, 5000, 2, threads));
  }
}

TEST(RuntimeDetector, CatchesDeadlockOf3ptMinimalRoutingOnOneVc) {
  const Results r = heavy("3pt:2x2x2", "minimal", 1, 0.6, 5000, 2);
  ASSERT_TRUE(r.deadlock);
  EXPECT_EQ(r.deadlock_kind, "cycle");
  EXPECT_NE(r.deadlock_report.find("(packet "), std::string::npos) << r.deadlock_report;
}

TEST(RuntimeDetector, CatchesTheAdaptiveRoutingWithAMinimalEscape) {
  // Escape VC 0 with unrestricted minimal routing: the Duato check rejects
  // it; run anyway under heavy load, the detector finds a real deadlock.
  const Results r = heavy("torus:6x6", "adaptive-bad-escape", 2, 0.9, 20000, 4);
  ASSERT_TRUE(r.deadlock);
  EXPECT_EQ(r.deadlock_kind, "cycle");
  EXPECT_NE(r.deadlock_report.find("(packet "), std::string::npos) << r.deadlock_report;
}

TEST(RuntimeDetector, GuardRefusesTheMinimalEscape) {
  Scenario s = small_scenario("torus:4x4", 0.1, 1);
  s.routing = "adaptive-bad-escape";
  s.vcs = 2;
  EXPECT_THROW(Simulation{s}, StaticDeadlockError);
}

TEST(RuntimeDetector, GuardRefusesRoutingsWithADependencyCycle) {
  Scenario s = small_scenario("torus:4x4", 0.1, 1);
  s.routing = "dor-nodateline";
  EXPECT_THROW(Simulation{s}, StaticDeadlockError);
}

struct Saturated {
  std::string topology, routing;
  double rate;
};

class NeverTrips : public ::testing::TestWithParam<Saturated> {};

void PrintTo(const Saturated& p, std::ostream* os) { *os << p.topology << " " << p.routing << " at " << p.rate; }

TEST_P(NeverTrips, AtSaturationAndDeliversEveryFlit) {
  const Saturated& p = GetParam();
  Scenario s = small_scenario(p.topology, p.rate, 17);
  s.routing = p.routing;
  s.deadlock_interval = 16;
  s.warmup = 1000;
  s.cycles = 10000;
  s.drain_limit = 200000;
  const Results r = run(s);
  EXPECT_FALSE(r.deadlock) << r.deadlock_kind << ": " << r.deadlock_report;
  EXPECT_TRUE(r.flushed);
  EXPECT_EQ(r.delivered_flits, r.injected_flits);
}

INSTANTIATE_TEST_SUITE_P(CI, NeverTrips,
                         ::testing::Values(Saturated{"mesh:4x4x4", "dor", 0.7}, Saturated{"torus:4x4x4", "dor", 0.55},
                                           Saturated{"3pt:2x2x2", "layered", 0.27},
                                           Saturated{"torus:4x4x2", "layered", 0.62},
                                           Saturated{"mesh:4x4x4", "adaptive", 0.8},
                                           Saturated{"torus:4x4x4", "adaptive", 0.8},
                                           Saturated{"3pt:2x2x2", "adaptive", 0.4},
                                           Saturated{"3pt:3x3x3", "3pt-dor", 0.3}),
                         [](const auto& p) {
                           std::string n = p.param.topology + "_" + p.param.routing;
                           for (char& c : n)
                             if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

// Several VCs: dor-nodateline on a ring with 3 VCs, every VC usable by every
// packet. The detector is called by hand every 16 cycles; when it reports a
// deadlock, the run goes on for 3,000 more cycles and every VC it named as
// blocked must still hold the same packet at its front, its buffer unchanged:
// the deadlock it reports is real, not a slow VC.
TEST(RuntimeDetector, WithSeveralVcsEveryReportedVcNeverMovesAgain) {
  for (std::uint64_t seed : {1, 2, 3}) {
    Scenario s = small_scenario("torus:8x1", 0.9, seed);
    s.routing = "dor-nodateline";
    s.vcs = 3;
    s.deadlock_check = false;
    s.deadlock_interval = 0;  // called below
    s.watchdog = 1000000;
    s.warmup = ~Cycle{0} / 4;
    Simulation sim(s);
    DeadlockReport report;
    for (Cycle c = 0; c < 200000 && report.blocked == 0; ++c) {
      sim.tick();
      if (c % 16 == 0) report = find_deadlock(sim.network());
    }
    ASSERT_GT(report.blocked, 0u) << "seed " << seed << ": 3 VCs at 0.9 on a ring without datelines deadlock";
    std::cout << "[ seed ] " << seed << ": deadlock of " << report.blocked << " VCs at cycle " << sim.cycle() << "\n";
    struct Snapshot {
      BlockedVc at;
      std::size_t size;
      std::uint64_t front;
    };
    std::vector<Snapshot> before;
    for (const BlockedVc& b : report.cycle) {
      const auto& f = sim.network().router(b.node).buffer(b.port, b.vc);
      before.push_back({b, f.size(), f.empty() ? 0 : f.front().packet});
    }
    for (int k = 0; k < 3000; ++k) sim.tick();
    for (const Snapshot& snap : before) {
      const auto& f = sim.network().router(snap.at.node).buffer(snap.at.port, snap.at.vc);
      EXPECT_EQ(f.size(), snap.size) << "seed " << seed << ": a reported VC moved";
      if (!f.empty()) {
        EXPECT_EQ(f.front().packet, snap.front);
      }
    }
    EXPECT_GT(find_deadlock(sim.network()).blocked, 0u) << "still deadlocked";
  }
}

// The run's detector keeps its arrays between checks (and takes a waiting
// head's kept candidates): every check must equal a fresh one's, on
// saturated deadlock-free runs (adaptive, 8 VCs; layered) and on runs that
// deadlock (then checked every cycle for a while, the same cycle named each
// time).
struct DetectorCase {
  const char* topology;
  const char* routing;
  unsigned vcs;
  double rate;
};
// Saturated deadlock-free runs (adaptive, 8 VCs; layered) and runs that
// deadlock; torus:8x8 without datelines at 0.3: a ring deadlocks while the
// others keep moving, so VCs empty between checks next to the dead ones.
const DetectorCase kDetectorCases[] = {
    {"3pt:3x3x2", "adaptive", 0, 0.5},  {"torus:4x4x2", "layered", 0, 0.7},      {"3pt:2x2x2", "minimal", 1, 0.6},
    {"torus:8x1", "dor-nodateline", 3, 0.9}, {"torus:8x8", "dor-nodateline", 1, 0.3}};

Scenario detector_scenario(const DetectorCase& c, unsigned threads) {
  Scenario s = small_scenario(c.topology, c.rate, 5);
  s.routing = c.routing;
  s.vcs = c.vcs;
  s.deadlock_check = false;
  s.deadlock_interval = 0;  // called by the test
  s.watchdog = 1000000;
  s.warmup = ~Cycle{0} / 4;
  s.threads = threads;
  return s;
}

void expect_same_report(const DeadlockReport& a, const DeadlockReport& b, const std::string& where) {
  ASSERT_EQ(a.blocked, b.blocked) << where;
  ASSERT_EQ(a.cycle.size(), b.cycle.size()) << where;
  for (std::size_t k = 0; k < a.cycle.size(); ++k) {
    EXPECT_EQ(a.cycle[k].node, b.cycle[k].node) << where;
    EXPECT_EQ(a.cycle[k].port, b.cycle[k].port) << where;
    EXPECT_EQ(a.cycle[k].vc, b.cycle[k].vc) << where;
    EXPECT_EQ(a.cycle[k].packet, b.cycle[k].packet) << where;
    EXPECT_EQ(a.cycle[k].waits_for_allocation, b.cycle[k].waits_for_allocation) << where;
  }
}

TEST(RuntimeDetector, AReusedDetectorAgreesWithAFreshOneAtEveryCheck) {
  for (const DetectorCase& c : kDetectorCases) {
    Simulation sim(detector_scenario(c, 1));
    DeadlockDetector reused(sim.network());
    unsigned checks = 0, deadlocked = 0;
    for (Cycle t = 1; t <= 4000 && deadlocked < 200; ++t) {
      sim.tick();
      if (t % 8 != 0 && deadlocked == 0) continue;
      const DeadlockReport a = reused.check(), b = find_deadlock(sim.network());
      ++checks;
      ASSERT_EQ(reused.index_entries(), 0u) << "no index entry outlives a check (a stale one could be followed)";
      expect_same_report(a, b, std::string(c.topology) + " " + c.routing + " cycle " + std::to_string(t));
      if (a.blocked > 0) ++deadlocked;
    }
    const bool deadlock_free = std::string(c.routing) == "adaptive" || std::string(c.routing) == "layered";
    std::cout << "[ case ] " << c.topology << " " << c.routing << " seed 5: " << checks << " checks, "
              << deadlocked << " found a deadlock\n";
    if (deadlock_free) {
      EXPECT_EQ(deadlocked, 0u) << c.topology << " " << c.routing;
      EXPECT_GT(sim.network().router(0).buffered_flits() + sim.outstanding_packets(), 0u)
          << "loaded when checked";
    } else {
      EXPECT_EQ(deadlocked, 200u) << c.topology << " " << c.routing << " deadlocks within 4,000 cycles";
    }
  }
}

// The check lists a router's occupied input VCs from its masks
// (Router::occupied_vcs): in every cycle of loaded runs, with forking
// multicast worms, adaptive and layered routing, the iSLIP allocator and a
// routing delay, the mask holds exactly the VCs with a flit buffered or an
// output VC held.
TEST(RuntimeDetector, TheOccupiedMaskIsEveryVcWithAFlitOrAnOutputVc) {
  struct Case {
    const char* topology;
    const char* routing;
    const char* allocator;
    unsigned routing_delay;
    double rate;
    bool worms;
  };
  const Case cases[] = {{"mesh:4x4x4", "dor", "", 0, 0.2, true},     {"3pt:3x3x2", "adaptive", "", 0, 0.5, false},
                        {"torus:4x4x2", "layered", "", 0, 0.7, false}, {"mesh:4x4", "dor", "islip", 0, 0.4, false},
                        {"mesh:4x4", "dor", "", 2, 0.4, false}};
  for (const Case& c : cases) {
    Scenario s = small_scenario(c.topology, c.rate, 7);
    s.routing = c.routing;
    if (*c.allocator != '\0') s.allocator = c.allocator;
    s.routing_delay = c.routing_delay;
    s.deadlock_check = false;
    s.deadlock_interval = 0;
    s.watchdog = 1000000;
    s.warmup = ~Cycle{0} / 4;
    Simulation sim(s);
    const Topology& t = sim.topology();
    Rng rng(7, 3);
    std::uint64_t occupied = 0, forks = 0;
    for (Cycle cycle = 1; cycle <= 1500; ++cycle) {
      if (c.worms && cycle % 25 == 0) {
        const NodeId src = static_cast<NodeId>(rng.below(t.num_nodes()));
        std::vector<NodeId> dests;
        while (dests.size() < 6) {
          const NodeId d = static_cast<NodeId>(rng.below(t.num_nodes()));
          if (d != src && std::find(dests.begin(), dests.end(), d) == dests.end()) dests.push_back(d);
        }
        const WormSchedule schedule = dual_path_multicast(t, src, dests);
        for (const auto& worm : schedule.rounds.front()) sim.inject_worm(worm.from, worm.route, 4);
      }
      sim.tick();
      for (NodeId n = 0; n < t.num_nodes(); ++n) {
        const Router& r = sim.network().router(n);
        std::uint64_t expected = 0;
        for (PortId p = 0; p < r.config().total_ports(); ++p)
          for (VcId v = 0; v < r.config().vcs; ++v) {
            if (!r.buffer(p, v).empty() || r.input_vc_active(p, v)) expected |= 1ull << (p * r.config().vcs + v);
            forks += r.input_vc_forks(p, v);
          }
        ASSERT_EQ(r.occupied_vcs(), expected) << c.topology << " " << c.routing << " " << c.allocator << " delay "
                                              << c.routing_delay << ", router " << n << ", cycle " << cycle;
        occupied += static_cast<std::uint64_t>(__builtin_popcountll(expected));
      }
    }
    std::cout << "[ case ] " << c.topology << " " << c.routing << " " << c.allocator << " delay " << c.routing_delay
              << ": " << occupied << " occupied VC-cycles, " << forks << " forking\n";
    EXPECT_GT(occupied, 10000u) << "loaded";
    if (c.worms) {
      EXPECT_GT(forks, 0u) << "worms fork";
    }
  }
}

// The check's graph lives lane by lane: each lane spreads liveness among
// its own routers' VCs and passes it across to other lanes in rounds. Two
// runs of one scenario, on one thread and on 2 and 3, ticked side by side
// (they give the same results at any thread count): at every check both
// detectors must give the same report, the cycle's VCs in the same order.
TEST(RuntimeDetector, LanesReportWhatOneLaneReportsAtEveryCheck) {
  for (const DetectorCase& c : kDetectorCases)
    for (const unsigned threads : {2u, 3u}) {
      Simulation one(detector_scenario(c, 1)), lanes(detector_scenario(c, threads));
      ASSERT_EQ(lanes.network().threads(), threads);
      DeadlockDetector a(one.network()), b(lanes.network());
      unsigned checks = 0, deadlocked = 0;
      for (Cycle t = 1; t <= 3000 && deadlocked < 50; ++t) {
        one.tick();
        lanes.tick();
        if (t % 4 != 0 && deadlocked == 0) continue;
        const std::string where = std::string(c.topology) + " " + c.routing + " on " + std::to_string(threads) +
                                  " threads, cycle " + std::to_string(t);
        const DeadlockReport x = a.check(), y = b.check();
        ++checks;
        ASSERT_EQ(b.index_entries(), 0u) << where;
        expect_same_report(x, y, where);
        if (x.blocked > 0) ++deadlocked;
      }
      std::cout << "[ case ] " << c.topology << " " << c.routing << " on " << threads << " threads: " << checks
                << " checks, " << deadlocked << " found a deadlock\n";
    }
}

}  // namespace
}  // namespace wormsim::test
