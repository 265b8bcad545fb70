// The RTL's 3PT route unit (wormsim_route_3pt, RouteAlgo=3: the model's
// 3pt-dor computed from the router's coordinates, no table) in 3PT(3,3,2)
// fabrics: every other router RTL, or all 180, against the all-model fabric
// under uniform and tornado traffic, and past saturation. Every packet must be
// delivered in the same cycle.
#include <gtest/gtest.h>

#include "Vfabric_3pt.h"
#include "rtl/mixed_fabric.h"
#include "rtl/mixed_fabric_check.h"

namespace wormsim::test {
namespace {

Scenario pt_scenario(std::uint64_t seed, const std::string& traffic, double rate, Cycle cycles) {
  Scenario s;
  s.topology = "3pt:3x3x2";
  s.routing = "3pt-dor";
  s.selection = "first";
  s.arbitration = "round-robin";
  s.vcs = 6;
  s.buffer = 4;
  s.packet = 4;
  return with_traffic(s, seed, traffic, rate, cycles);
}

std::vector<NodeId> every_other(unsigned n) {
  std::vector<NodeId> v;
  for (NodeId i = 0; i < n; i += 2) v.push_back(i);
  return v;
}

void expect_same(const Scenario& s, const std::vector<NodeId>& rtl, std::size_t min_packets, bool drains = true) {
  MixedFabricConfig c;
  c.scenario = s;
  c.rtl_nodes = rtl;
  expect_same_delivery_cycles<Vfabric_3pt>(c, min_packets, drains);
}

std::vector<NodeId> every_router() {
  std::vector<NodeId> all(180);
  for (NodeId i = 0; i < 180; ++i) all[i] = i;
  return all;
}

TEST(Rtl3pt, EveryOtherRouterUniformSameCycles) {
  expect_same(pt_scenario(31, "uniform", 0.2, 1200), every_other(180), 10000);
}

// 2- and 3-cycle pipelined links (4-flit buffers: shallow, allowed); one
// test each (SystemC elaborates once per process).
void expect_same_with_links(unsigned latency) {
  Scenario s = pt_scenario(34 + latency, "uniform", 0.15, 600);
  s.link_latency = latency;
  s.allow_shallow = true;
  expect_same(s, every_other(180), 800);
}

TEST(Rtl3pt, EveryOtherRouterTwoCycleLinksSameCycles) { expect_same_with_links(2); }

TEST(Rtl3pt, EveryOtherRouterThreeCycleLinksSameCycles) { expect_same_with_links(3); }

TEST(Rtl3pt, AllRtlTornadoSameCycles) { expect_same(pt_scenario(32, "tornado", 0.03, 800), every_router(), 1000); }

TEST(Rtl3pt, AllRtlPastSaturationSameCycles) {
  Scenario s = pt_scenario(33, "uniform", 0.5, 300);
  s.drain_limit = 300;
  expect_same(s, every_router(), 1500, false);
}

}  // namespace
}  // namespace wormsim::test
