// Mixed fabric: a 4x4x4 mesh in which some routers are the verilated RTL
// (wormsim_router, RouteDor=1, computing its own dimension-order routes) and
// the rest the SystemC model, under random traffic, delivers every packet at
// exactly the same cycle as the all-model fabric; so does an all-RTL fabric.
// The control gives one RTL router its credits a cycle late and must differ.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include <systemc>
#include <verilated.h>

#include <wormsim/broadcast/algorithms.h>
#include <wormsim/broadcast/worm_algorithms.h>
#include <wormsim/core/rng.h>
#include <wormsim/topology/spec.h>

#include "Vfabric_router.h"
#include "rtl/fabric_model.h"
#include "rtl/mixed_fabric.h"
#include "rtl/mixed_fabric_check.h"

namespace wormsim::test {
namespace {

Scenario traffic_scenario(std::uint64_t seed, const std::string& traffic, double rate, Cycle cycles) {
  return with_traffic(fabric_scenario(), seed, traffic, rate, cycles);
}

MixedFabricConfig mixed(const Scenario& s, std::vector<NodeId> rtl_nodes) {
  MixedFabricConfig c;
  c.scenario = s;
  c.rtl_nodes = std::move(rtl_nodes);
  return c;
}

void expect_same_cycles(const MixedFabricConfig& cfg, std::uint64_t min_packets) {
  expect_same_delivery_cycles<Vfabric_router>(cfg, min_packets);
}

TEST(MixedFabric, CheckerboardUniformSameCycles) {
  const MixedFabricConfig c = mixed(traffic_scenario(1, "uniform", 0.25, 10000), checkerboard_routers());
  expect_same_cycles(c, 3000);
}

TEST(MixedFabric, CheckerboardPastSaturationSameCycles) {
  const MixedFabricConfig c = mixed(traffic_scenario(2, "uniform", 0.6, 1500), checkerboard_routers());
  expect_same_cycles(c, 2000);
}

TEST(MixedFabric, RandomRoutersTransposeSameCycles) {
  const MixedFabricConfig c = mixed(traffic_scenario(3, "transpose", 0.3, 10000), random_routers(3, 24));
  expect_same_cycles(c, 2000);
}

TEST(MixedFabric, RandomRoutersHotspotSameCycles) {
  const MixedFabricConfig c = mixed(traffic_scenario(4, "hotspot", 0.1, 10000), random_routers(4, 40));
  expect_same_cycles(c, 2000);
}

TEST(AllRtlFabric, UniformSameCycles) {
  const MixedFabricConfig c = mixed(traffic_scenario(5, "uniform", 0.3, 10000), every_router());
  expect_same_cycles(c, 3000);
}

TEST(AllRtlFabric, PastSaturationSameCycles) {
  const MixedFabricConfig c = mixed(traffic_scenario(6, "uniform", 0.7, 1500), every_router());
  expect_same_cycles(c, 2000);
}

// Pipelined links between the RTL routers (the fabric's links, each
// link_latency cycles both ways). The RTL's 4-flit buffers (its BufDepth)
// are shallower than a 2-cycle link's round trip, so the links cannot run
// at full rate: allowed, and both fabrics must agree on the throttling too.
TEST(AllRtlFabric, TwoCycleLinksSameCycles) {
  Scenario s = traffic_scenario(7, "uniform", 0.25, 3000);
  s.link_latency = 2;
  s.allow_shallow = true;
  expect_same_cycles(mixed(s, every_router()), 3000);
}

TEST(MixedFabric, CheckerboardThreeCycleLinksSameCycles) {
  Scenario s = traffic_scenario(8, "uniform", 0.2, 3000);
  s.link_latency = 3;
  s.allow_shallow = true;
  expect_same_cycles(mixed(s, checkerboard_routers()), 3000);
}

// Multicast: concurrent broadcasts of multi-destination worms (dual-path:
// Hamiltonian range headers; 3-DBS and 3-DBL: line and range headers) from
// random sources, on top of light unicast traffic. The RTL computes each
// worm's next destination from the header and its configuration and forks
// with the same allocation rules as the model; every delivery at every
// destination must land in the same cycle as in the all-model fabric.
MixedFabricConfig multicast(std::uint64_t seed, std::vector<NodeId> rtl_nodes, const std::string& algo,
                            unsigned broadcasts, double background) {
  MixedFabricConfig c = mixed(traffic_scenario(seed, "uniform", background, 1), std::move(rtl_nodes));
  c.scenario.warmup = ~Cycle{0} / 2;  // the broadcasts end the run
  c.traffic_until = 3000;
  c.timing = BroadcastTiming{6, 5};
  const Topology t = make_topology(c.scenario.topology);
  const BroadcastAlgorithm* a = find_broadcast_algorithm(algo);
  Rng rng(seed, 99);
  for (unsigned k = 0; k < broadcasts; ++k)
    c.broadcasts.push_back({rng.below(3000), a->worms(t, static_cast<NodeId>(rng.below(t.num_nodes())))});
  return c;
}

void expect_same_multicast_cycles(const MixedFabricConfig& cfg, std::size_t min_deliveries) {
  std::cout << "[ seed ] " << cfg.scenario.seed << " (" << cfg.broadcasts.size() << " broadcasts, "
            << cfg.broadcasts.front().second.algorithm << ", background " << cfg.scenario.rate << ", "
            << cfg.rtl_nodes.size() << " of 64 routers RTL)\n";
  const DeliveryCycles reference = run_reference(cfg);
  const MixedFabricResult mixed = run_mixed<Vfabric_router>(cfg);
  ASSERT_GE(reference.size(), min_deliveries) << "the run must carry real traffic";
  EXPECT_FALSE(mixed.results.deadlock) << mixed.results.deadlock_report;
  const std::string diff = first_difference(reference, mixed.delivered);
  EXPECT_EQ(diff, "") << "seed " << cfg.scenario.seed;
  std::cout << "compared " << reference.size() << " deliveries (packet, node) over " << mixed.results.cycles
            << " cycles: every delivery cycle equal\n";
}

TEST(MulticastFabric, CheckerboardDualPathSameCycles) {
  expect_same_multicast_cycles(multicast(11, checkerboard_routers(), "dual-path", 40, 0.02), 40 * 63);
}

TEST(MulticastFabric, AllRtlThreeDbsSameCycles) {
  expect_same_multicast_cycles(multicast(12, every_router(), "3-dbs", 60, 0.02), 60 * 63);
}

TEST(MulticastFabric, RandomRoutersThreeDblSameCycles) {
  expect_same_multicast_cycles(multicast(13, random_routers(13, 32), "3-dbl", 60, 0.02), 60 * 63);
}

// Exploration (disabled by default): WORMSIM_MC="algo broadcasts background rtl(all|checker|N) seed".
TEST(MulticastFabric, DISABLED_Explore) {
  const char* env = std::getenv("WORMSIM_MC");
  if (env == nullptr) GTEST_SKIP();
  std::istringstream in(env);
  std::string algo, which;
  unsigned n = 0;
  double bg = 0;
  std::uint64_t seed = 1;
  in >> algo >> n >> bg >> which >> seed;
  std::vector<NodeId> nodes = which == "all"       ? every_router()
                             : which == "checker" ? checkerboard_routers()
                             : which == "none"    ? std::vector<NodeId>{}
                                                  : random_routers(seed, static_cast<unsigned>(std::stoul(which)));
  MixedFabricConfig c = multicast(seed, nodes, algo, n, bg);
  if (const char* vcd = std::getenv("WORMSIM_MC_VCD")) c.vcd = vcd;
  expect_same_multicast_cycles(c, 1);
}

// Dual-path multicast to random sets of destinations uses list headers:
// the head names one destination, address flits (4 ids of 16 bits in a
// 64-bit flit) the rest. The RTL reads the next destination from the
// address flit behind the head and leaves consumed address flits behind,
// as the model does; sets of 2 to 40 destinations (up to 10 address flits).
MixedFabricConfig list_multicast(std::uint64_t seed, std::vector<NodeId> rtl_nodes, unsigned multicasts) {
  MixedFabricConfig c = multicast(seed, std::move(rtl_nodes), "dual-path", 0, 0.02);
  const Topology t = make_topology(c.scenario.topology);
  Rng rng(seed, 98);
  for (unsigned k = 0; k < multicasts; ++k) {
    const NodeId src = static_cast<NodeId>(rng.below(t.num_nodes()));
    std::vector<NodeId> set;
    const unsigned size = 2 + static_cast<unsigned>(rng.below(39));
    while (set.size() < size) {
      const NodeId d = static_cast<NodeId>(rng.below(t.num_nodes()));
      if (d != src && std::find(set.begin(), set.end(), d) == set.end()) set.push_back(d);
    }
    c.broadcasts.push_back({rng.below(3000), dual_path_multicast(t, src, set)});
  }
  return c;
}

TEST(MulticastFabric, CheckerboardListWormsSameCycles) {
  expect_same_multicast_cycles(list_multicast(15, checkerboard_routers(), 60), 60 * 10);
}

TEST(MulticastFabric, AllRtlListWormsSameCycles) {
  expect_same_multicast_cycles(list_multicast(16, every_router(), 60), 60 * 10);
}

// The multicast comparison can fail too.
TEST(MulticastFabricControl, LateCreditsAreCaught) {
  MixedFabricConfig c = multicast(14, checkerboard_routers(), "3-dbs", 20, 0.005);
  c.late_credits = true;
  const DeliveryCycles reference = run_reference(c);
  const MixedFabricResult mixed = run_mixed<Vfabric_router>(c);
  const std::string diff = first_difference(reference, mixed.delivered);
  EXPECT_NE(diff, "") << "a perturbed fabric must not match";
  std::cout << "caught: " << diff << "\n";
}

// The comparison can fail: one RTL router sees its credits a cycle late.
TEST(MixedFabricControl, OneRouterWithLateCreditsIsCaught) {
  MixedFabricConfig c = mixed(traffic_scenario(7, "uniform", 0.4, 2000), checkerboard_routers());
  c.late_credits = true;
  const DeliveryCycles reference = run_reference(c.scenario);
  const MixedFabricResult mixed = run_mixed<Vfabric_router>(c);
  const std::string diff = first_difference(reference, mixed.delivered);
  EXPECT_NE(diff, "") << "a perturbed fabric must not match";
  std::cout << "caught: " << diff << "\n";
}

}  // namespace
}  // namespace wormsim::test
