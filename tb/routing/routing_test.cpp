// Routing functions: every route is minimal and reaches its destination;
// zero-load latency on 3PT follows the formula with the graph distance.
#include <gtest/gtest.h>

#include <wormsim/routing/registry.h>
#include <wormsim/core/rng.h>
#include <wormsim/routing/layered_updown.h>
#include <wormsim/topology/distances.h>
#include <wormsim/topology/spec.h>

#include "network/sim_helpers.h"

namespace wormsim::test {
namespace {

// Follows random choices of the routing from src to dst; returns hop count.
unsigned walk(const Topology& t, const RoutingFunction& r, NodeId src, NodeId dst, Rng& rng) {
  Flit head;
  head.src = src;
  head.dst = dst;
  head.type = FlitType::Head;
  NodeId at = src;
  PortId in_port = static_cast<PortId>(t.num_ports);
  VcId in_vc = 0;
  unsigned hops = 0;
  while (at != dst && hops < 1000) {
    RouteSet routes;
    r.route(at, in_port, in_vc, head, routes);
    if (routes.size() == 0) return 9999;
    const RouteCandidate& c = routes[rng.below(routes.size())];
    std::vector<VcId> vcs;
    for (VcId v = 0; v < r.vcs(); ++v)
      if (c.vc_mask >> v & 1u) vcs.push_back(v);
    if (vcs.empty()) return 9999;
    in_vc = vcs[rng.below(vcs.size())];
    in_port = t.peer[at][c.port]->port;
    at = t.peer[at][c.port]->node;
    ++hops;
  }
  return hops;
}

class EveryRouteIsMinimal : public ::testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(EveryRouteIsMinimal, OnEveryPairWithRandomChoices) {
  const auto& [spec, name] = GetParam();
  const Topology t = make_topology(spec);
  const auto r = make_routing(name, t, 0);
  const DistanceTable d(t);
  Rng rng(5);
  for (NodeId s = 0; s < t.num_nodes(); ++s) {
    for (NodeId x = 0; x < t.num_nodes(); ++x) {
      if (s == x) continue;
      ASSERT_EQ(walk(t, *r, s, x, rng), d(s, x)) << spec << " " << name << " " << s << "->" << x;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    All, EveryRouteIsMinimal,
    ::testing::Values(std::make_pair("3pt:2x2x2", "layered"), std::make_pair("3pt:3x2x3", "layered"),
                      std::make_pair("3pt:3x3x3", "layered"), std::make_pair("mesh:4x3x2", "layered"),
                      std::make_pair("torus:5x4x3", "layered"), std::make_pair("torus:5x4x3", "dor"),
                      std::make_pair("mesh:4x3x2", "dor"), std::make_pair("3pt:2x2x2", "minimal")));

TEST(LayeredRouting, NeedsFewLayersOn3pt) {
  // Recorded in the README; a regression here means more VCs for users.
  EXPECT_EQ(LayeredUpDownRouting(make_topology("3pt:2x2x2"), 0).layers(), 3u);
  EXPECT_EQ(LayeredUpDownRouting(make_topology("3pt:3x3x3"), 0).layers(), 4u);
  EXPECT_EQ(LayeredUpDownRouting(make_topology("torus:4x4x4"), 0).layers(), 1u);
  EXPECT_EQ(LayeredUpDownRouting(make_topology("torus:8x1"), 0).layers(), 2u) << "a ring must turn";
  EXPECT_EQ(LayeredUpDownRouting(make_topology("mesh:4x4x4"), 0).layers(), 1u);
}

TEST(LayeredRouting, RefusesTooFewVcs) {
  EXPECT_THROW(LayeredUpDownRouting(make_topology("3pt:3x3x3"), 3), ConfigError);
}

TEST(ZeroLoad, On3ptLatencyIsTheFormulaWithGraphDistance) {
  const Topology t = make_topology("3pt:3x3x3");
  const DistanceTable d(t);
  Rng rng(11);
  for (int i = 0; i < 40; ++i) {
    const NodeId s = static_cast<NodeId>(rng.below(t.num_nodes()));
    NodeId x = static_cast<NodeId>(rng.below(t.num_nodes()));
    if (x == s) x = (x + 1) % static_cast<NodeId>(t.num_nodes());
    for (unsigned length : {1u, 4u}) {
      EXPECT_EQ(lone_packet_latency("3pt:3x3x3", s, x, length), 3ull * d(s, x) + length + 4)
          << s << "->" << x << " length " << length;
    }
  }
}

}  // namespace
}  // namespace wormsim::test
