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
#include <wormsim/topology/grid.h>

#include "Vfabric_router.h"
#include "rtl/mixed_fabric.h"

namespace wormsim::test {
namespace {

// The verilated model's parameters (tb/CMakeLists.txt) fix these.
Scenario fabric_scenario(std::uint64_t seed, const std::string& traffic, double rate, Cycle cycles) {
  Scenario s;
  s.topology = "mesh:4x4x4";
  s.routing = "dor";
  s.vcs = WORMSIM_FABRIC_VCS;
  s.buffer = WORMSIM_FABRIC_DEPTH;
  s.local_ports = 1;
  s.packet = 4;
  s.traffic = traffic;
  s.rate = rate;
  s.warmup = 200;
  s.cycles = cycles;
  s.drain_limit = 20000;
  s.deadlock_interval = 0;  // the detector reads model routers only; the watchdog stays on
  s.seed = seed;
  return s;
}

std::vector<NodeId> checkerboard() {  // every link joins an RTL router and a model router
  std::vector<NodeId> v;
  for (NodeId n = 0; n < 64; ++n) {
    const Coord c = coord_of({4, 4, 4}, n);
    if ((c.x + c.y + c.z) % 2 == 1) v.push_back(n);
  }
  return v;
}

std::vector<NodeId> random_subset(std::uint64_t seed, unsigned count) {
  std::vector<NodeId> all(64);
  for (NodeId n = 0; n < 64; ++n) all[n] = n;
  Rng rng(seed, 4242);
  for (unsigned i = 0; i < count; ++i) std::swap(all[i], all[i + rng.below(64 - i)]);
  all.resize(count);
  std::sort(all.begin(), all.end());
  return all;
}

std::vector<NodeId> every_router() {
  std::vector<NodeId> v(64);
  for (NodeId n = 0; n < 64; ++n) v[n] = n;
  return v;
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
  const MixedFabricConfig c = mixed(fabric_scenario(1, "uniform", 0.25, 10000), checkerboard());
  expect_same_cycles(c, 3000);
}

TEST(MixedFabric, CheckerboardPastSaturationSameCycles) {
  const MixedFabricConfig c = mixed(fabric_scenario(2, "uniform", 0.6, 1500), checkerboard());
  expect_same_cycles(c, 2000);
}

TEST(MixedFabric, RandomRoutersTransposeSameCycles) {
  const MixedFabricConfig c = mixed(fabric_scenario(3, "transpose", 0.3, 10000), random_subset(3, 24));
  expect_same_cycles(c, 2000);
}

TEST(MixedFabric, RandomRoutersHotspotSameCycles) {
  const MixedFabricConfig c = mixed(fabric_scenario(4, "hotspot", 0.1, 10000), random_subset(4, 40));
  expect_same_cycles(c, 2000);
}

TEST(AllRtlFabric, UniformSameCycles) {
  const MixedFabricConfig c = mixed(fabric_scenario(5, "uniform", 0.3, 10000), every_router());
  expect_same_cycles(c, 3000);
}

TEST(AllRtlFabric, PastSaturationSameCycles) {
  const MixedFabricConfig c = mixed(fabric_scenario(6, "uniform", 0.7, 1500), every_router());
  expect_same_cycles(c, 2000);
}

// The comparison can fail: one RTL router sees its credits a cycle late.
TEST(MixedFabricControl, OneRouterWithLateCreditsIsCaught) {
  MixedFabricConfig c = mixed(fabric_scenario(7, "uniform", 0.4, 2000), checkerboard());
  c.late_credits = true;
  const DeliveryCycles reference = run_reference(c.scenario);
  const MixedFabricResult mixed = run_mixed<Vfabric_router>(c);
  const std::string diff = first_difference(reference, mixed.delivered);
  EXPECT_NE(diff, "") << "a perturbed fabric must not match";
  std::cout << "caught: " << diff << "\n";
}

}  // namespace
}  // namespace wormsim::test

int sc_main(int argc, char** argv) {
  Verilated::commandArgs(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  return RUN_ALL_TESTS();
}
