// The multi-threaded engine gives the single-threaded results: every topology
// of the registry (each example size) with unicast traffic, and worms
// (dual-path multicasts, 3-DBS broadcasts) on the mesh, torus and 3PT, run
// with 1, 2 and 3 lanes, every cycle split across the lanes (no minimum
// work per lane). Compared: every Results field but the wall time, and the
// cycle every packet reached every destination (a delivery listener: the
// deliveries are replayed on the calling thread). Without a listener each
// lane checks and measures its own nodes' deliveries (stats/
// delivery_shards.h), and the Results are again the single-threaded ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include <wormsim/broadcast/worm_algorithms.h>
#include <wormsim/core/rng.h>
#include <wormsim/sim/simulation.h>
#include <wormsim/topology/bounds.h>
#include <wormsim/topology/registry.h>
#include <wormsim/topology/spec.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

struct Case {
  std::string name, topology, routing, worms;  // worms: "", "dual-path" or "3-dbs"
  double rate = 0.2;
  std::uint64_t seed = 1;
  unsigned source_queue = 0;  ///< Scenario::source_queue (0: unbounded)
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

std::string clean(std::string s) {
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

std::vector<Case> cases() {
  std::vector<Case> v;
  std::uint64_t seed = 1;
  for (const TopologyInfo& info : topologies())
    for (const std::string& spec : info.examples)
      // half the topology's uniform-traffic bound (RFP_3's is 0.02), at most 0.1
      v.push_back({"unicast_" + clean(spec), spec, "", "",
                   std::min(0.1, 0.5 * uniform_throughput_bounds(make_topology(spec)).tightest().value), seed++});
  v.push_back({"dual_path_worms_mesh_4x4x4", "mesh:4x4x4", "dor", "dual-path", 0.05, 21});
  v.push_back({"three_dbs_worms_mesh_4x4x4", "mesh:4x4x4", "dor", "3-dbs", 0.05, 22});
  v.push_back({"dual_path_worms_torus_4x4x4", "torus:4x4x4", "", "dual-path", 0.05, 23});
  v.push_back({"dual_path_worms_3pt_2x2x2", "3pt:2x2x2", "3pt-dor", "dual-path", 0.05, 24});
  v.push_back({"adaptive_past_saturation_mesh_4x4x4", "mesh:4x4x4", "adaptive", "", 0.6, 25});
  v.push_back({"bounded_source_queues_past_saturation_mesh_4x4x4", "mesh:4x4x4", "dor", "", 0.7, 26, 2});
  return v;
}

struct Outcome {
  Results results;
  std::map<std::pair<std::uint64_t, NodeId>, Cycle> deliveries;
  /// Flits moved up to each cycle: the watchdog's measure of progress, kept
  /// per lane at the parallel clock edge and summed after it.
  std::vector<std::uint64_t> moves;
  /// Deliveries not complete after each cycle (packets in their source
  /// queues included, whose deliveries open as they leave them).
  std::vector<std::size_t> outstanding;
};

/// `listen`: with a delivery listener (the deliveries recorded); else the
/// lanes' own delivery shards, and no deliveries recorded.
Outcome run(const Case& c, unsigned lanes, bool listen = true) {
  Scenario s;
  s.topology = c.topology;
  s.routing = c.routing;
  s.rate = c.rate;
  s.seed = c.seed;
  s.warmup = 200;
  s.cycles = 1000;
  s.deadlock_check = false;  // the static proof does not depend on the lanes
  s.eject_rate = 0.9;  // back-pressure draws from every node's own stream
  s.source_queue = c.source_queue;
  if (!listen) s.threads = lanes;  // the Simulation gives each lane its shard
  Simulation sim(s);
  sim.network().set_threads(lanes, 1);  // the same lanes, every cycle split
  Outcome r;
  if (listen) sim.on_packet_delivered([&r](const Packet& p, Cycle at) { r.deliveries[{p.id, p.dst}] = at; });
  Rng rng(c.seed, 99);
  std::vector<std::pair<Cycle, std::pair<NodeId, WormRoute>>> plan;
  const Topology& t = sim.topology();
  for (unsigned k = 0; !c.worms.empty() && k < 40; ++k) {
    const Cycle at = rng.below(1200);
    const NodeId src = static_cast<NodeId>(rng.below(t.num_nodes()));
    WormSchedule w;
    if (c.worms == "dual-path") {
      std::vector<NodeId> dests;
      while (dests.size() < 6) {
        const NodeId d = static_cast<NodeId>(rng.below(t.num_nodes()));
        if (d != src && std::find(dests.begin(), dests.end(), d) == dests.end()) dests.push_back(d);
      }
      w = dual_path_multicast(t, src, dests);
    } else {
      w = three_dbs(t, src);
    }
    for (const auto& worm : w.rounds.front()) plan.push_back({at, {worm.from, worm.route}});
  }
  std::stable_sort(plan.begin(), plan.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::size_t next = 0;
  while (!sim.done()) {
    for (; next < plan.size() && plan[next].first == sim.cycle(); ++next)
      sim.inject_worm(plan[next].second.first, plan[next].second.second, 4);
    sim.tick();
    r.moves.push_back(sim.network().flit_moves());
    r.outstanding.push_back(sim.outstanding_packets());
  }
  r.results = sim.results(0.0);
  return r;
}

class Threads : public ::testing::TestWithParam<Case> {};

TEST_P(Threads, SameResultsAsOneThread) {
  const Case& c = GetParam();
  std::cout << "[ seed ] " << c.seed << " (" << c.topology << ", rate " << c.rate << ")\n";
  const Outcome one = run(c, 1);
  ASSERT_GT(one.deliveries.size(), 50u) << "too little traffic to compare";
  ASSERT_TRUE(one.results.flushed);
  for (unsigned lanes : {2u, 3u}) {
    SCOPED_TRACE(std::to_string(lanes) + " lanes");
    const Outcome many = run(c, lanes);
    expect_same_results(one.results, many.results);
    EXPECT_TRUE(one.deliveries == many.deliveries) << "a packet reached a destination in another cycle";
    EXPECT_TRUE(one.moves == many.moves) << "the flits moved per cycle (the watchdog's progress) differ";
    EXPECT_TRUE(one.outstanding == many.outstanding) << "the packets outstanding after a cycle differ";
  }
}

TEST_P(Threads, SameResultsWithEachLaneCheckingItsDeliveries) {
  const Case& c = GetParam();
  std::cout << "[ seed ] " << c.seed << " (" << c.topology << ", rate " << c.rate << ")\n";
  const Outcome one = run(c, 1);
  ASSERT_TRUE(one.results.flushed);
  for (unsigned lanes : {2u, 3u, 4u}) {  // 4: the mesh's, torus's and 3PT's blocks
    SCOPED_TRACE(std::to_string(lanes) + " lanes");
    const Outcome many = run(c, lanes, false);
    expect_same_results(one.results, many.results);
    EXPECT_TRUE(one.moves == many.moves);
    EXPECT_TRUE(one.outstanding == many.outstanding) << "the packets outstanding after a cycle differ";
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, Threads, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& i) { return i.param.name; });

// Lanes cut again by measured work mid-run (network/lane_balancer.h):
// transpose traffic leaves the size cut's lanes uneven, the balancer cuts
// them again while packets are in flight (the source's streams and the
// open deliveries move to their nodes' new lanes), and the results are the
// one-thread run's; with --lane-cut size no cut is taken, and with
// --lane-cut time the cuts follow the threads' timing (on a busy machine,
// any number of them), and the results are again the same.
TEST(Threads, LanesCutAgainByMeasuredWorkGiveTheSameResults) {
  for (const auto& [traffic, rate] : {std::pair<const char*, double>{"transpose", 0.1}, {"hotspot", 0.02}}) {
    SCOPED_TRACE(traffic);
    Scenario s = small_scenario("mesh:8x8x8", rate, 31);
    s.routing = "dor";
    s.traffic = traffic;
    s.cycles = 1300;
    s.deadlock_check = false;
    s.lane_cut = LaneCut::Work;
    std::cout << "[ seed ] " << s.seed << " (" << traffic << ")\n";
    Simulation one(s);
    one.run_plain();
    s.threads = 8;
    Simulation many(s);
    many.network().set_profile(true);
    many.run_plain();
    ASSERT_TRUE(one.results(0.0).flushed);
    ASSERT_FALSE(many.lane_recuts().empty()) << "the lanes were not cut again";
    for (const LaneRecut& c : many.lane_recuts()) {
      EXPECT_GT(c.before, 1.10) << "cut again although even to 10% (cycle " << c.cycle << ")";
      EXPECT_LT(c.after, c.before * (1 - LaneBalancer::kMinGain));
    }
    EXPECT_EQ(many.network().profile()->recuts.size(), many.lane_recuts().size());
    expect_same_results(one.results(0.0), many.results(0.0));
    s.lane_cut = LaneCut::Size;  // --lane-cut size: the first cut stays
    Simulation sized(s);
    sized.run_plain();
    EXPECT_TRUE(sized.lane_recuts().empty());
    expect_same_results(one.results(0.0), sized.results(0.0));
    s.lane_cut = LaneCut::Time;  // --lane-cut time: cuts that follow the threads' timing
    Simulation timed(s);
    timed.run_plain();
    std::cout << "cut by time: " << timed.lane_recuts().size() << " cut(s)\n";
    expect_same_results(one.results(0.0), timed.results(0.0));
  }
}

// The comparison can fail: two lane runs of different traffic (another seed)
// are told apart by the delivery cycles.
TEST(Threads, ComparisonSeesADifferentRun) {
  Case c{"control", "mesh:4x4x4", "dor", "", 0.25, 3};
  const Outcome a = run(c, 2);
  c.seed = 4;
  const Outcome b = run(c, 2);
  EXPECT_FALSE(a.deliveries == b.deliveries);
}

}  // namespace
}  // namespace wormsim::test
