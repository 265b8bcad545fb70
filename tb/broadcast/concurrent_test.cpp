// Many concurrent broadcasts from random sources on top of background
// unicast traffic, for every algorithm, on 3PT and the 3D mesh: every node
// receives every broadcast exactly once, every background packet arrives,
// and neither the runtime deadlock detector nor the watchdog fires.
// Soak-sized runs carry the `soak` label (WORMSIM_SOAK=1 scripts/test).
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>

#include <wormsim/broadcast/algorithms.h>
#include <wormsim/broadcast/engine.h>
#include <wormsim/broadcast/worm_schedule.h>
#include <wormsim/core/rng.h>
#include <wormsim/routing/registry.h>
#include <wormsim/topology/spec.h>

namespace wormsim {
namespace {

// Worm algorithms put the whole fabric on the `hamiltonian` routing, so the
// background unicast follows the Hamiltonian path too (long detours on 3PT):
// its rate there is kept far below that routing's saturation.
struct LoadCase {
  std::string topology, algo;
  double rate;           ///< background unicast, flits/node/cycle
  unsigned broadcasts;   ///< started at random cycles in [0, spread)
  Cycle spread;
  std::uint64_t seed;
};

void run_case(const LoadCase& c) {
  std::cout << "[ seed ] " << c.seed << " (" << c.topology << ", " << c.algo << ", " << c.broadcasts
            << " broadcasts, background " << c.rate << ")\n";
  const Topology t = make_topology(c.topology);
  const BroadcastAlgorithm* algo = find_broadcast_algorithm(c.algo);
  ASSERT_NE(algo, nullptr);
  Scenario sc;
  sc.topology = c.topology;
  sc.rate = c.rate;
  sc.packet = 4;
  sc.local_ports = algo->ports == PortModel::All ? t.num_ports : 1;
  if (algo->worms(t, 0).follows_worm_routing) sc.routing = worm_routing().name;
  sc.warmup = ~Cycle{0} / 2;  // phases never advance; this test ends the run
  sc.seed = c.seed;
  Simulation sim(sc);
  BroadcastEngine engine(sim, BroadcastTiming{6, 10});
  Rng rng(c.seed, 99);
  std::vector<std::size_t> worms;
  for (unsigned k = 0; k < c.broadcasts; ++k) {
    const NodeId src = static_cast<NodeId>(rng.below(t.num_nodes()));
    const WormSchedule s = algo->worms(t, src);
    worms.push_back(check_phases(t, s).worms);
    engine.start(s, rng.below(c.spread));
  }
  const Cycle limit = c.spread + 200000;
  while (!engine.idle()) {
    ASSERT_LT(sim.cycle(), limit) << "broadcasts did not finish";
    engine.before_tick();
    sim.tick();
    ASSERT_FALSE(sim.done()) << "the fabric stopped: " << sim.results(0).deadlock_report;
  }
  sim.stop_traffic();
  while (sim.outstanding_packets() > 0) {
    ASSERT_LT(sim.cycle(), limit) << "background traffic did not drain";
    sim.tick();
    ASSERT_FALSE(sim.done());
  }
  Cycle last = 0;
  for (std::size_t k = 0; k < engine.broadcasts(); ++k) {
    const BroadcastProgress& g = engine.progress(k);
    ASSERT_TRUE(g.complete());
    unsigned zero = 0;
    for (unsigned r : g.receipts) {
      ASSERT_LE(r, 1u) << "broadcast " << k << " delivered twice to a node";
      if (r == 0) ++zero;
    }
    EXPECT_EQ(zero, 1u) << "only the source receives nothing";
    EXPECT_EQ(g.worms, worms[k]);
    last = std::max(last, g.completion);
  }
  EXPECT_GT(sim.delivered_packets(), c.broadcasts * (t.num_nodes() - 1));
  std::cout << "all " << c.broadcasts << " broadcasts complete by cycle " << last << "; "
            << sim.delivered_packets() << " packets delivered in all\n";
}

class ConcurrentBroadcasts : public ::testing::TestWithParam<LoadCase> {};

void PrintTo(const LoadCase& c, std::ostream* os) { *os << c.topology << " " << c.algo << " at " << c.rate; }
TEST_P(ConcurrentBroadcasts, EveryNodeOnceNoDeadlock) { run_case(GetParam()); }

std::string case_name(const ::testing::TestParamInfo<LoadCase>& p) {
  std::string n = p.param.topology + "_" + p.param.algo;
  for (char& ch : n)
    if (ch == ':' || ch == '-') ch = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(
    Ci, ConcurrentBroadcasts,
    ::testing::Values(LoadCase{"3pt:3x3x3", "bfs-all-port", 0.05, 100, 10000, 1},
                      LoadCase{"3pt:3x3x3", "greedy-one-port", 0.05, 100, 10000, 2},
                      LoadCase{"mesh:5x5x5", "bfs-all-port", 0.1, 100, 10000, 3},
                      LoadCase{"mesh:5x5x5", "greedy-one-port", 0.1, 100, 10000, 4},
                      LoadCase{"3pt:3x3x3", "dual-path", 0.005, 100, 10000, 5},
                      LoadCase{"3pt:3x3x3", "best-one-port", 0.05, 100, 10000, 9},
                      LoadCase{"3pt:3x3x3", "kim-lee-sla", 0.05, 100, 10000, 10},
                      LoadCase{"3pt:3x3x3", "kim-lee-mla", 0.05, 100, 10000, 19},
                      LoadCase{"mesh:5x5x5", "best-one-port", 0.1, 100, 10000, 20},
                      LoadCase{"mesh:5x5x5", "dual-path", 0.05, 100, 10000, 6},
                      LoadCase{"mesh:5x5x5", "3-dbl", 0.05, 100, 10000, 7},
                      LoadCase{"mesh:5x5x5", "3-dbs", 0.05, 100, 10000, 8}),
    case_name);

class ConcurrentBroadcastSoak : public ::testing::TestWithParam<LoadCase> {};
TEST_P(ConcurrentBroadcastSoak, EveryNodeOnceNoDeadlock) { run_case(GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    Soak, ConcurrentBroadcastSoak,
    ::testing::Values(LoadCase{"3pt:4x4x4", "bfs-all-port", 0.05, 300, 100000, 11},
                      LoadCase{"3pt:4x4x4", "greedy-one-port", 0.05, 300, 100000, 12},
                      LoadCase{"mesh:8x8x8", "bfs-all-port", 0.1, 300, 100000, 13},
                      LoadCase{"mesh:8x8x8", "greedy-one-port", 0.1, 300, 100000, 14},
                      LoadCase{"3pt:4x4x4", "dual-path", 0.003, 300, 100000, 15},
                      LoadCase{"3pt:4x4x4", "best-one-port", 0.05, 300, 100000, 21},
                      LoadCase{"3pt:4x4x4", "kim-lee-sla", 0.05, 300, 100000, 22},
                      LoadCase{"3pt:4x4x4", "kim-lee-mla", 0.05, 300, 100000, 23},
                      LoadCase{"mesh:8x8x8", "best-one-port", 0.1, 300, 100000, 24},
                      LoadCase{"mesh:8x8x8", "dual-path", 0.05, 300, 100000, 16},
                      LoadCase{"mesh:8x8x8", "3-dbl", 0.05, 300, 100000, 17},
                      LoadCase{"mesh:8x8x8", "3-dbs", 0.05, 300, 100000, 18}),
    case_name);

}  // namespace
}  // namespace wormsim
