// Mixed fabric: a 4x4x4 mesh in which some routers are the verilated RTL
// (wormsim_router, RouteDor=1, computing its own dimension-order routes) and
// the rest the SystemC model, under random traffic, delivers every packet at
// exactly the same cycle as the all-model fabric; so does an all-RTL fabric.
// The control gives one RTL router its credits a cycle late and must differ.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include <systemc>
#include <verilated.h>

#include <wormsim/core/rng.h>

#include "rtl/fabric_model.h"
#include "rtl/mixed_fabric.h"

namespace wormsim::test {
namespace {

Scenario traffic_scenario(std::uint64_t seed, const std::string& traffic, double rate, Cycle cycles) {
  Scenario s = fabric_scenario();
  s.traffic = traffic;
  s.rate = rate;
  s.warmup = 200;
  s.cycles = cycles;
  s.drain_limit = 20000;
  s.seed = seed;
  return s;
}

std::vector<NodeId> random_subset(std::uint64_t seed, unsigned count) {
  std::vector<NodeId> all = every_router();
  Rng rng(seed, 4242);
  for (unsigned i = 0; i < count; ++i) std::swap(all[i], all[i + rng.below(kFabricNodes - i)]);
  all.resize(count);
  std::sort(all.begin(), all.end());
  return all;
}

MixedFabricConfig mixed(const Scenario& s, std::vector<NodeId> rtl_nodes) {
  MixedFabricConfig c;
  c.scenario = s;
  c.rtl_nodes = std::move(rtl_nodes);
  return c;
}

void expect_same_cycles(const MixedFabricConfig& cfg, std::uint64_t min_packets) {
  std::cout << "[ seed ] " << cfg.scenario.seed << " (" << cfg.scenario.traffic << " at " << cfg.scenario.rate
            << ", " << cfg.rtl_nodes.size() << " of 64 routers RTL)\n";
  const DeliveryCycles reference = run_reference(cfg.scenario);
  const MixedFabricResult mixed = run_mixed<Vfabric_router>(cfg);
  ASSERT_GE(reference.size(), min_packets) << "the run must carry real traffic";
  EXPECT_EQ(mixed.results.delivered_packets, mixed.results.injected_packets) << "every packet delivered";
  const std::string diff = first_difference(reference, mixed.delivered);
  EXPECT_EQ(diff, "") << "seed " << cfg.scenario.seed;
  std::cout << "compared " << reference.size() << " packets over " << mixed.results.cycles
            << " cycles: every delivery cycle equal\n";
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
  const MixedFabricConfig c = mixed(traffic_scenario(3, "transpose", 0.3, 10000), random_subset(3, 24));
  expect_same_cycles(c, 2000);
}

TEST(MixedFabric, RandomRoutersHotspotSameCycles) {
  const MixedFabricConfig c = mixed(traffic_scenario(4, "hotspot", 0.1, 10000), random_subset(4, 40));
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
