// Routing functions: every route is minimal and reaches its destination;
// dimension order corrects x, then y, then z, on every pair of a mesh.
#include <gtest/gtest.h>

#include <array>

#include <wormsim/routing/registry.h>
#include <wormsim/core/rng.h>
#include <wormsim/routing/adaptive.h>
#include <wormsim/routing/layered_updown.h>
#include <wormsim/routing/petersen_torus_dor.h>
#include <wormsim/topology/distances.h>
#include <wormsim/topology/grid.h>
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

// Every routing of the table that is minimal, on every test topology it
// applies to; and the adaptive routing on mesh and torus (its escape, dimension
// order, is minimal there too).
std::vector<std::pair<std::string, std::string>> minimal_cases() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const char* spec : {"3pt:2x2x2", "3pt:3x2x3", "mesh:4x3x2", "torus:5x4x3", "torus:4x4", "fp:2", "rfp:2",
                           "arrangement:5,3"}) {
    const Topology t = make_topology(spec);
    for (const RoutingInfo& r : routings())
      if (r.applies(t) && (r.minimal || (r.name == "adaptive" && t.kind->name() != "3pt" && t.kind->name() != "fp" &&
                                        t.kind->name() != "rfp" && t.kind->name() != "arrangement"))) out.emplace_back(spec, r.name);
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryRouteIsMinimal, ::testing::ValuesIn(minimal_cases()),
                         [](const auto& p) {
                           std::string n = p.param.first + "_" + p.param.second;
                           for (char& c : n)
                             if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

// 3pt-dor crosses exactly the module distance in external hops and takes at
// most 2 Petersen hops per module it visits; the adaptive routing on 3PT is
// minimal while it stays on adaptive VCs and, once on an escape VC, follows
// 3pt-dor (escape is final there).
unsigned external_hops(const Topology& t, const RoutingFunction& r, NodeId src, NodeId dst, unsigned* total) {
  Flit head;
  head.src = src;
  head.dst = dst;
  head.type = FlitType::Head;
  NodeId at = src;
  unsigned ext = 0, hops = 0;
  while (at != dst && hops < 1000) {
    RouteSet routes;
    r.route(at, static_cast<PortId>(t.num_ports), 0, head, routes);
    if (routes.size() != 1) return 9999;
    ext += routes[0].port == 0 ? 1u : 0u;
    at = t.peer[at][routes[0].port]->node;
    ++hops;
  }
  *total = hops;
  return ext;
}

TEST(ThreePtDor, ExternalHopsEqualTheModuleDistanceAndPetersenHopsAreBounded) {
  for (const char* spec : {"3pt:2x2x2", "3pt:3x4x5", "3pt:4x4x4"}) {
    const Topology t = make_topology(spec);
    const PetersenTorusDorRouting r(t, 0);
    for (NodeId s = 0; s < t.num_nodes(); s += 3)
      for (NodeId d = 0; d < t.num_nodes(); ++d) {
        if (s == d) continue;
        unsigned total = 0;
        const unsigned ext = external_hops(t, r, s, d, &total);
        const unsigned m = r.module_distance(s, d);
        ASSERT_EQ(ext, m) << spec << " " << s << "->" << d;
        ASSERT_LE(total - ext, 2 * (m + 1)) << spec << " " << s << "->" << d;
      }
  }
}

TEST(AdaptiveOn3pt, AdaptiveHopsAreMinimalAndEscapeIsFinal) {
  const Topology t = make_topology("3pt:3x3x2");
  const AdaptiveRouting r(t, 0);
  const PetersenTorusDorRouting escape(t, 0);
  const DistanceTable dist(t);
  for (NodeId s = 0; s < t.num_nodes(); ++s) {
    const NodeId d = static_cast<NodeId>((s * 37 + 11) % t.num_nodes());
    if (d == s) continue;
    Flit head;
    head.src = s;
    head.dst = d;
    head.type = FlitType::Head;
    RouteSet routes;
    r.route(s, static_cast<PortId>(t.num_ports), 0, head, routes);
    ASSERT_GE(routes.size(), 2u);
    for (std::size_t i = 0; i < routes.size(); ++i) {
      const NodeId next = t.peer[s][routes[i].port]->node;
      if (routes[i].escape) {
        EXPECT_EQ(routes[i].port, escape.next_hop(s, d).port);
        EXPECT_EQ(routes[i].priority, 1u);
      } else {
        EXPECT_EQ(dist(next, d) + 1u, dist(s, d)) << "adaptive hops are minimal";
        EXPECT_TRUE(routes[i].atomic);
        EXPECT_EQ(routes[i].vc_mask & (routes[i].port == 0 ? 0x3u : 0x3Fu), 0u)
            << "adaptive VCs never overlap the escape VCs";
      }
    }
    // Arriving on an escape VC: only the escape candidate is offered.
    const std::size_t e = routes.size() - 1;
    ASSERT_TRUE(routes[e].escape);
    const auto& peer = *t.peer[s][routes[e].port];
    if (peer.node == d) continue;
    RouteSet after;
    r.route(peer.node, peer.port, static_cast<VcId>(__builtin_ctz(routes[e].vc_mask)), head, after);
    ASSERT_EQ(after.size(), 1u);
    EXPECT_TRUE(after[0].escape);
  }
}

TEST(LayeredRouting, NeedsFewLayersOn3pt) {
  // Recorded in docs/measured.md; a regression here means more VCs for users.
  EXPECT_EQ(LayeredUpDownRouting(make_topology("3pt:2x2x2"), 0).layers(), 3u);
  EXPECT_EQ(LayeredUpDownRouting(make_topology("3pt:3x3x3"), 0).layers(), 4u);
  EXPECT_EQ(LayeredUpDownRouting(make_topology("torus:4x4x4"), 0).layers(), 1u);
  EXPECT_EQ(LayeredUpDownRouting(make_topology("torus:8x1"), 0).layers(), 2u) << "a ring must turn";
  EXPECT_EQ(LayeredUpDownRouting(make_topology("mesh:4x4x4"), 0).layers(), 1u);
}

TEST(LayeredRouting, RefusesTooFewVcs) {
  EXPECT_THROW(LayeredUpDownRouting(make_topology("3pt:3x3x3"), 3), ConfigError);
}

TEST(DimensionOrder, CorrectsXThenYThenZOnEveryPair) {
  const Topology t = make_topology("mesh:3x3x3");
  const auto r = make_routing("dor", t, 2);
  const std::array<unsigned, 3> dims{3, 3, 3};
  for (NodeId s = 0; s < t.num_nodes(); ++s)
    for (NodeId d = 0; d < t.num_nodes(); ++d) {
      if (s == d) continue;
      NodeId at = s;
      PortId in = static_cast<PortId>(t.num_ports);
      int last_dim = -1;
      while (at != d) {
        Flit head;
        head.dst = d;
        head.src = s;
        head.type = FlitType::Head;
        RouteSet out;
        r->route(at, in, 0, head, out);
        ASSERT_EQ(out.size(), 1u);
        const PortId p = out[0].port;
        const int dim = p / 2;
        const Coord here = coord_of(dims, at), there = coord_of(dims, d);
        const unsigned c[3] = {here.x, here.y, here.z}, g[3] = {there.x, there.y, there.z};
        for (int k = 0; k < dim; ++k) ASSERT_EQ(c[k], g[k]) << "dimension " << dim << " before " << k << " is done";
        ASSERT_GE(dim, last_dim);
        last_dim = dim;
        const auto& peer = *t.peer[at][p];
        at = peer.node;
        in = peer.port;
      }
    }
}

}  // namespace
}  // namespace wormsim::test
