// Consumption-channel deadlock of path-based worms, and its fix.
// With one ejection channel (1 local port, 1 VC) shared by all worms, a worm
// that forks at node u holds u's only ejection VC while its forward part
// waits; concurrent dual-path broadcasts then close wait-for cycles through
// ejection channels, and the runtime detector names one (it runs through a
// local port). With the per-class policy and two consumption channels (two
// local ports, or one local port with two VCs: high worms consume on one,
// low worms on the other) the same load completes.
#include <gtest/gtest.h>

#include <iostream>

#include <wormsim/broadcast/engine.h>
#include <wormsim/broadcast/worm_algorithms.h>
#include <wormsim/core/rng.h>
#include <wormsim/topology/spec.h>

namespace wormsim {
namespace {

struct Outcome {
  bool stopped = false;  ///< the fabric stopped (detector or watchdog)
  std::string kind, report;
  std::size_t complete = 0, broadcasts = 0;
};

Outcome run(const std::string& topology, unsigned local_ports, unsigned vcs, const std::string& consumption,
            std::uint64_t seed) {
  std::cout << "[ seed ] " << seed << " (" << topology << ", " << local_ports << " local port(s), " << vcs
            << " VC(s), " << consumption << " consumption)\n";
  const Topology t = make_topology(topology);
  Scenario sc;
  sc.topology = topology;
  sc.routing = "hamiltonian";
  sc.vcs = vcs;
  sc.buffer = 2;
  sc.local_ports = local_ports;
  sc.consumption = consumption;
  sc.eject_rate = 0.5;  // finite node buffering that drains slowly
  sc.rate = 0.001;
  sc.warmup = ~Cycle{0} / 2;
  sc.seed = seed;
  Simulation sim(sc);
  sim.stop_traffic();
  BroadcastEngine engine(sim, BroadcastTiming{32, 0});
  Rng rng(seed, 7);
  Outcome o;
  o.broadcasts = 60;
  for (std::size_t k = 0; k < o.broadcasts; ++k)
    engine.start(dual_path_broadcast(t, static_cast<NodeId>(rng.below(t.num_nodes()))), rng.below(200));
  while (!engine.idle() && sim.cycle() < 400000) {
    engine.before_tick();
    sim.tick();
    if (sim.done()) {
      const Results r = sim.results(0);
      o.stopped = true;
      o.kind = r.deadlock_kind;
      o.report = r.deadlock_report;
      break;
    }
  }
  for (std::size_t k = 0; k < engine.broadcasts(); ++k) o.complete += engine.progress(k).complete() ? 1 : 0;
  std::cout << (o.stopped ? "stopped: " + o.kind + ": " + o.report : "completed") << " (" << o.complete
            << " of " << o.broadcasts << " broadcasts complete at cycle " << sim.cycle() << ")\n";
  return o;
}

TEST(ConsumptionChannels, OneSharedEjectionChannelDeadlocksAndTheDetectorNamesTheCycle) {
  const Outcome o = run("mesh:4x4x4", 1, 1, "shared", 3);
  ASSERT_TRUE(o.stopped);
  EXPECT_EQ(o.kind, "cycle");
  EXPECT_NE(o.report.find("local0"), std::string::npos) << "the cycle runs through an ejection channel";
  EXPECT_LT(o.complete, o.broadcasts);
}

TEST(ConsumptionChannels, PerClassEjectionChannelsComplete) {
  const Outcome o = run("mesh:4x4x4", 2, 1, "per-class", 3);
  EXPECT_FALSE(o.stopped) << o.report;
  EXPECT_EQ(o.complete, o.broadcasts);
}

TEST(ConsumptionChannels, PerClassEjectionChannelsCompleteOn3pt) {
  const Outcome o = run("3pt:2x2x2", 2, 1, "per-class", 4);
  EXPECT_FALSE(o.stopped) << o.report;
  EXPECT_EQ(o.complete, o.broadcasts);
}

TEST(ConsumptionChannels, PerClassEjectionVcsWithOneLocalPortComplete) {
  const Outcome o = run("mesh:4x4x4", 1, 2, "per-class", 5);
  EXPECT_FALSE(o.stopped) << o.report;
  EXPECT_EQ(o.complete, o.broadcasts);
}

TEST(ConsumptionChannels, SharedEjectionWithTwoVcsStillDeadlocks) {
  bool any = false;
  for (std::uint64_t seed = 1; seed <= 5 && !any; ++seed) any = run("mesh:4x4x4", 1, 2, "shared", seed).stopped;
  EXPECT_TRUE(any) << "two VCs alone do not separate the classes";
}

}  // namespace
}  // namespace wormsim
