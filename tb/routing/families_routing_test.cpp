// Routings of the Petersen family and the arrangement graph: every route
// walked hop by hop with the input port and VC it really arrives on (their
// VC class depends on them), checked for validity, arrival, simplicity and
// length against breadth-first distances; and their VC needs against the
// channel dependency check (the fewest classes are acyclic, one fewer has a
// cycle).
#include <gtest/gtest.h>

#include <set>

#include <wormsim/deadlock/channel_dependency.h>
#include <wormsim/routing/registry.h>
#include <wormsim/topology/distances.h>
#include <wormsim/topology/spec.h>

namespace wormsim::test {
namespace {

struct RouteFacts {
  std::size_t pairs = 0, non_minimal = 0, non_simple = 0;
  unsigned longest = 0;
};

// Walks every pair; an adaptive routing takes its first candidate.
RouteFacts walk_all(const std::string& spec, const std::string& routing) {
  const Topology t = make_topology(spec);
  const auto r = make_routing(routing, t, 0);
  const DistanceTable d(t);
  RouteFacts f;
  for (NodeId s = 0; s < t.num_nodes(); ++s)
    for (NodeId x = 0; x < t.num_nodes(); ++x) {
      if (s == x) continue;
      Flit head;
      head.src = s;
      head.dst = x;
      head.type = FlitType::Head;
      NodeId at = s;
      PortId in_port = static_cast<PortId>(t.num_ports);
      VcId in_vc = 0;
      std::set<NodeId> seen{s};
      bool simple = true;
      unsigned hops = 0;
      while (at != x) {
        RouteSet routes;
        r->route(at, in_port, in_vc, head, routes);
        if (!find_routing(routing)->adaptive) {
          EXPECT_EQ(routes.size(), 1u) << spec << " " << routing << " at " << at;
        }
        if (routes.size() == 0) return f;
        const RouteCandidate& c = routes[0];
        const auto& peer = t.peer[at][c.port];
        EXPECT_TRUE(peer.has_value()) << spec << " " << routing << " " << s << "->" << x << " unconnected port at " << at;
        EXPECT_NE(c.vc_mask, 0u);
        if (!peer || c.vc_mask == 0 || ++hops > 4 * t.num_nodes()) return f;
        VcId v = 0;
        while (!(c.vc_mask >> v & 1u)) ++v;
        EXPECT_LT(v, r->vcs());
        at = peer->node;
        in_port = peer->port;
        in_vc = v;
        simple = seen.insert(at).second && simple;
      }
      ++f.pairs;
      f.longest = std::max(f.longest, hops);
      f.non_minimal += hops != d(s, x) ? 1 : 0;
      f.non_simple += simple ? 0 : 1;
    }
  return f;
}

TEST(FamilyRoutes, FpDorIsMinimalAndItsLongestRouteIsTheDiameter) {
  for (unsigned n : {1u, 2u, 3u}) {
    const std::string spec = n == 1 ? "petersen" : "fp:" + std::to_string(n);
    const RouteFacts f = walk_all(spec, "fp-dor");
    EXPECT_EQ(f.pairs, std::size_t{make_topology(spec).num_nodes()} * (make_topology(spec).num_nodes() - 1));
    EXPECT_EQ(f.non_minimal, 0u) << spec;
    EXPECT_EQ(f.non_simple, 0u) << spec;
    EXPECT_EQ(f.longest, 2 * n) << spec;
  }
}

TEST(FamilyRoutes, RfpDirectIsMinimalAndTheLiteralReadingIsNot) {
  for (unsigned n : {2u, 3u}) {
    const std::string spec = "rfp:" + std::to_string(n);
    const std::size_t pairs = static_cast<std::size_t>(make_topology(spec).num_nodes()) *
                              (make_topology(spec).num_nodes() - 1);
    const RouteFacts direct = walk_all(spec, "rfp-direct");
    EXPECT_EQ(direct.pairs, pairs);
    EXPECT_EQ(direct.non_minimal, 0u) << spec;
    EXPECT_EQ(direct.non_simple, 0u) << spec;
    EXPECT_EQ(direct.longest, 4 * n - 2) << spec;  // the diameter
    const RouteFacts literal = walk_all(spec, "rfp-literal");
    EXPECT_EQ(literal.pairs, pairs);
    EXPECT_GT(literal.non_minimal, 0u) << spec;  // digit i goes S_i -> 00 -> D_i
    EXPECT_GT(literal.non_simple, 0u) << spec;   // ... through D_i's neighbour and back
    EXPECT_EQ(literal.longest, 4 * n) << spec;   // two hops up and two down in every digit
    std::cout << spec << ": rfp-literal " << literal.non_minimal << " of " << pairs << " routes not minimal, "
              << literal.non_simple << " not simple, longest " << literal.longest << " (diameter " << 4 * n - 2
              << ")\n";
  }
}

TEST(FamilyRoutes, AgGreedyIsMinimalOnEveryPair) {
  for (const char* spec : {"arrangement:4,1", "arrangement:4,2", "arrangement:5,2", "arrangement:5,3",
                           "arrangement:5,4", "arrangement:6,3", "arrangement:6,4", "arrangement:7,3"}) {
    const RouteFacts f = walk_all(spec, "ag-greedy");
    EXPECT_EQ(f.non_minimal, 0u) << spec;
    EXPECT_EQ(f.non_simple, 0u) << spec;
    EXPECT_EQ(f.longest, DistanceTable(make_topology(spec)).diameter()) << spec;
  }
}

bool acyclic(const std::string& spec, const std::string& routing, unsigned vcs) {
  const Topology t = make_topology(spec);
  const auto r = make_routing(routing, t, vcs);
  const DependencyVerdict v = check_channel_dependencies(t, *r);
  if (!v.acyclic) {
    EXPECT_GE(v.cycle.size(), 2u);
    for (std::size_t i = 0; i < v.cycle.size(); ++i)
      EXPECT_EQ(t.peer[v.cycle[i].node][v.cycle[i].port]->node, v.cycle[(i + 1) % v.cycle.size()].node);
  }
  return v.acyclic;
}

TEST(FamilyRoutes, TheFewestVcsAreAcyclicAndOneFewerHasACycle) {
  struct Case {
    const char* spec;
    const char* routing;
    unsigned fewest;
  };
  // The papers' "the routes use node-disjoint paths, hence deadlock-free"
  // does not hold for wormhole routing: with one VC fp-dor and rfp-direct
  // have a cycle. rfp-literal needs one VC (every channel carries only up
  // or only down hops): it is below.
  for (const Case& c : {Case{"petersen", "fp-dor", 2}, Case{"fp:2", "fp-dor", 2}, Case{"fp:3", "fp-dor", 2},
                        Case{"rfp:2", "rfp-direct", 2}, Case{"rfp:3", "rfp-direct", 2},
                        Case{"arrangement:5,2", "ag-greedy", 2}, Case{"arrangement:6,3", "ag-greedy", 3},
                        Case{"arrangement:7,3", "ag-greedy", 3}, Case{"arrangement:5,4", "ag-greedy", 5}}) {
    EXPECT_TRUE(acyclic(c.spec, c.routing, c.fewest)) << c.spec << " " << c.routing << " " << c.fewest;
    EXPECT_FALSE(acyclic(c.spec, c.routing, c.fewest - 1)) << c.spec << " " << c.routing << " " << c.fewest - 1;
    EXPECT_TRUE(acyclic(c.spec, c.routing, 0)) << c.spec << " " << c.routing << " default VCs";
  }
}

TEST(FamilyRoutes, TheLiteralRfpRoutingIsDeadlockFreeOnOneVc) {
  for (const char* spec : {"rfp:2", "rfp:3"}) EXPECT_TRUE(acyclic(spec, "rfp-literal", 1)) << spec;
  // Its routes do not depend on the VCs: the same walk with one VC and with four.
  for (const char* spec : {"rfp:2", "rfp:3"}) {
    const Topology t = make_topology(spec);
    const auto one = make_routing("rfp-literal", t, 1), four = make_routing("rfp-literal", t, 4);
    EXPECT_EQ(one->vcs(), 1u);
    for (NodeId s = 0; s < t.num_nodes(); s += 7)
      for (NodeId x = 0; x < t.num_nodes(); x += 11) {
        if (s == x) continue;
        Flit head;
        head.src = s;
        head.dst = x;
        head.type = FlitType::Head;
        NodeId a = s, b = s;
        PortId pa = static_cast<PortId>(t.num_ports), pb = pa;
        for (unsigned hop = 0; a != x && hop < 100; ++hop) {
          RouteSet ra, rb;
          one->route(a, pa, 0, head, ra);
          four->route(b, pb, static_cast<VcId>(hop % 4), head, rb);
          ASSERT_EQ(ra[0].port, rb[0].port) << spec << " " << s << "->" << x << " hop " << hop;
          pa = t.peer[a][ra[0].port]->port;
          a = t.peer[a][ra[0].port]->node;
          pb = t.peer[b][rb[0].port]->port;
          b = t.peer[b][rb[0].port]->node;
        }
        EXPECT_EQ(a, x) << spec << " " << s << "->" << x;
      }
  }
}

TEST(FamilyRoutes, LayeredRoutesArePathsAndAcyclicOnPetersenFoldedAndArrangementGraphs) {
  for (const char* spec : {"petersen", "fp:2", "rfp:2", "arrangement:5,2", "arrangement:6,3"}) {
    const RouteFacts f = walk_all(spec, "layered");
    EXPECT_EQ(f.non_simple, 0u) << spec;
    EXPECT_TRUE(acyclic(spec, "layered", 0)) << spec;
  }
}

}  // namespace
}  // namespace wormsim::test
