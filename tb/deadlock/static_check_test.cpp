// The static channel-dependency check proves the deadlock-free routings and
// rejects the ones known to deadlock with a real cycle, with the same verdict
// on any number of threads.
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include <wormsim/routing/registry.h>
#include <wormsim/deadlock/channel_dependency.h>
#include <wormsim/deadlock/escape_dependency.h>
#include <wormsim/routing/adaptive.h>
#include <wormsim/routing/petersen_torus_dor.h>
#include <wormsim/topology/spec.h>

namespace wormsim::test {
namespace {

DependencyVerdict check(const std::string& spec, const std::string& routing, unsigned vcs) {
  const Topology t = make_topology(spec);
  const auto r = make_routing(routing, t, vcs);
  return check_channel_dependencies(t, *r);
}

void expect_real_cycle(const std::string& spec, const DependencyVerdict& v) {
  const Topology t = make_topology(spec);
  ASSERT_FALSE(v.acyclic);
  ASSERT_GE(v.cycle.size(), 2u);
  for (std::size_t i = 0; i < v.cycle.size(); ++i) {
    const Channel& a = v.cycle[i];
    const Channel& b = v.cycle[(i + 1) % v.cycle.size()];
    EXPECT_EQ(t.peer[a.node][a.port]->node, b.node) << "each channel leads to the next one's router";
  }
}

TEST(StaticCheck, DeadlockFreeRoutingsAreAcyclic) {
  for (const char* mesh : {"mesh:4x4x4", "mesh:8x8", "mesh:3x5x2"}) EXPECT_TRUE(check(mesh, "dor", 1).acyclic) << mesh;
  for (const char* torus : {"torus:4x4x4", "torus:5x3x2", "torus:8x1", "torus:2x2x2"})
  {
    EXPECT_TRUE(check(torus, "dor", 2).acyclic) << torus;
    EXPECT_TRUE(check(torus, "dor-position", 2).acyclic) << torus << " (datelines by position)";
  }
  for (const char* pt : {"3pt:2x2x2", "3pt:3x2x2", "3pt:2x3x4", "3pt:3x3x3", "3pt:4x4x2"})
    EXPECT_TRUE(check(pt, "layered", 0).acyclic) << pt;
  EXPECT_TRUE(check("torus:4x4x4", "layered", 0).acyclic);
  EXPECT_TRUE(check("3pt:3x3x3", "layered", 8).acyclic) << "more VCs than layers";
}

TEST(StaticCheck, ControlsThatDeadlockShowACycle) {
  expect_real_cycle("torus:8x1", check("torus:8x1", "dor-nodateline", 1));
  expect_real_cycle("torus:4x4x4", check("torus:4x4x4", "dor-nodateline", 2));
  expect_real_cycle("3pt:2x2x2", check("3pt:2x2x2", "minimal", 1));
  expect_real_cycle("3pt:3x3x3", check("3pt:3x3x3", "minimal", 4));
  expect_real_cycle("mesh:4x4", check("mesh:4x4", "minimal", 1));
}

TEST(StaticCheck, ThreePtDorIsAcyclicOnEverySizeUpTo5) {
  for (unsigned l = 2; l <= 5; ++l)
    for (unsigned m = 2; m <= 5; ++m)
      for (unsigned n = 2; n <= 5; ++n) {
        const std::string spec = "3pt:" + std::to_string(l) + "x" + std::to_string(m) + "x" + std::to_string(n);
        EXPECT_TRUE(check(spec, "3pt-dor", 0).acyclic) << spec;
      }
  EXPECT_TRUE(check("3pt:6x7x8", "3pt-dor", 8).acyclic);
}

TEST(StaticCheck, ThreePtDorNeedsItsSixClasses) {
  // One class fewer (the final hops share one class) closes the Petersen
  // 5-cycles: the check must find it.
  const Topology t = make_topology("3pt:3x3x3");
  const PetersenTorusDorRouting merged(t, 0, {0, 1, 0, 1, 2, 3, 4, 4});
  EXPECT_EQ(merged.classes(), 5u);
  expect_real_cycle("3pt:3x3x3", check_channel_dependencies(t, merged));
}

DependencyVerdict duato(const std::string& spec, const std::string& routing, unsigned vcs) {
  const Topology t = make_topology(spec);
  const auto r = make_routing(routing, t, vcs);
  EXPECT_TRUE(r->has_escape());
  return check_routing_deadlock(t, *r);
}

TEST(DuatoCheck, AdaptiveRoutingsEscapeNetworksAreAcyclic) {
  for (const char* spec : {"mesh:4x4x4", "mesh:8x8", "mesh:3x5x2", "torus:4x4x4", "torus:5x3x2", "torus:8x1",
                           "3pt:2x2x2", "3pt:3x3x3", "3pt:4x3x2"}) {
    const DependencyVerdict v = duato(spec, "adaptive", 0);
    EXPECT_TRUE(v.acyclic) << spec << ": " << v.cycle_text(make_topology(spec));
    EXPECT_GT(v.channels, 0u);
  }
  EXPECT_GT(duato("torus:4x4x4", "adaptive", 0).adaptive_states, 0u)
      << "on the torus packets may return from escape to adaptive VCs: indirect dependencies are explored";
}

TEST(DuatoCheck, MinimalEscapeIsRejectedWithARealCycle) {
  for (const char* spec : {"torus:8x1", "torus:4x4", "3pt:2x2x2", "mesh:4x4"}) {
    const DependencyVerdict v = duato(spec, "adaptive-bad-escape", 2);
    ASSERT_FALSE(v.acyclic) << spec;
    EXPECT_TRUE(v.problem.empty()) << v.problem;
    const Topology t = make_topology(spec);
    for (std::size_t i = 0; i < v.cycle.size(); ++i) {
      const Channel& a = v.cycle[i];
      if (v.indirect[i]) continue;
      const Channel& b = v.cycle[(i + 1) % v.cycle.size()];
      EXPECT_EQ(t.peer[a.node][a.port]->node, b.node) << "a direct dependency leads to the next router";
      EXPECT_EQ(a.vc, 0u) << "only VC 0 is an escape VC";
    }
  }
}

TEST(DuatoCheck, IndirectDependenciesAreFound) {
  // On 3PT the escape routing (3pt-dor) is not minimal in the node graph: a
  // packet that may return from escape to shortest-path adaptive hops can
  // need the escape channel it left again. The check must see that cycle,
  // which goes through adaptive channels ("~>"); that is why the 3PT
  // adaptive routing makes escape final.
  const Topology t = make_topology("3pt:3x3x3");
  const AdaptiveRouting returning(t, 0, AdaptiveRouting::Escape::Best, /*force_return=*/true);
  const DependencyVerdict v = check_escape_dependencies(t, returning);
  ASSERT_FALSE(v.acyclic);
  EXPECT_NE(v.cycle_text(t).find(" ~> "), std::string::npos) << v.cycle_text(t);
  const AdaptiveRouting final_escape(t, 0);
  EXPECT_FALSE(final_escape.escape_returns());
  EXPECT_TRUE(check_escape_dependencies(t, final_escape).acyclic);
}

bool same_verdict(const DependencyVerdict& a, const DependencyVerdict& b, const Topology& t) {
  return a.acyclic == b.acyclic && a.channels == b.channels && a.dependencies == b.dependencies &&
         a.cycle_text(t) == b.cycle_text(t) && a.indirect == b.indirect && a.adaptive_states == b.adaptive_states &&
         a.problem == b.problem && a.method == b.method;
}

// Routings read only (router, destination) are proven one route per pair,
// the destinations in blocks over the threads: the graph, its cycle and the
// counts are those of one thread, for acyclic routings, controls with a
// cycle and escape sub-networks.
TEST(StaticCheck, ThreadsGiveTheSameVerdict) {
  const std::vector<std::tuple<std::string, std::string, unsigned>> cases = {
      {"3pt:3x3x3", "3pt-dor", 0},   {"3pt:2x3x4", "minimal", 1}, {"3pt:3x3x3", "adaptive", 0},
      {"fp:3", "tree", 0},           {"petersen", "tree", 0},     {"arrangement:5,2", "minimal", 1},
      {"3pt:2x2x2", "adaptive-bad-escape", 2}};
  for (const auto& [spec, routing, vcs] : cases) {
    const Topology t = make_topology(spec);
    const auto r = make_routing(routing, t, vcs);
    const DependencyVerdict one = check_routing_deadlock(t, *r);
    EXPECT_GT(one.channels, 0u) << spec << " " << routing;
    for (unsigned threads : {2u, 3u, 5u})
      EXPECT_TRUE(same_verdict(one, check_routing_deadlock(t, *r, threads), t))
          << spec << " " << routing << " on " << threads << " threads: " << one.cycle_text(t);
  }
}

// An escape sub-network with no route for some (router, destination) pairs:
// the verdict names the first such pair in destination order (destination
// 30 from router 3), as one thread finds it, though on 4 threads (blocks of
// 20 destinations) three lanes meet a hole and the last meets router 1's
// (destination 60) first.
class HolesInEscape : public RoutingFunction {
 public:
  explicit HolesInEscape(const Topology& t) : inner_(t, 0) {}
  std::string name() const override { return "holes"; }
  unsigned vcs() const override { return inner_.vcs(); }
  bool depends_on_input() const override { return false; }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override {
    inner_.route(here, in_port, in_vc, head, out);
  }
  void escape_route(NodeId here, NodeId dst, RouteSet& out) const override {
    if ((dst >= 30 && here == 3) || (dst >= 60 && here == 1)) return;
    Flit head;
    head.type = FlitType::Head;
    head.dst = dst;
    inner_.route(here, 0, 0, head, out);
  }

 private:
  PetersenTorusDorRouting inner_;
};

TEST(StaticCheck, ThreadsReportTheFirstMissingEscapeRoute) {
  const Topology t = make_topology("3pt:2x2x2");
  const HolesInEscape r(t);
  ASSERT_EQ(t.num_nodes(), 80u);
  for (unsigned threads : {1u, 2u, 3u, 4u}) {
    std::vector<std::uint32_t> used;
    const DependencyVerdict v = check_pure_dependencies(t, r, /*escape_only=*/true, &used, threads);
    EXPECT_FALSE(v.acyclic);
    EXPECT_EQ(v.problem, "escape routing holes offers no route at " + node_name(t, 3) + " to node 30 (not connected)")
        << threads << " threads";
  }
}

TEST(StaticCheck, CycleTextNamesRouterPortAndVc) {
  const DependencyVerdict v = check("torus:4x1", "dor-nodateline", 1);
  const std::string text = v.cycle_text(make_topology("torus:4x1"));
  EXPECT_NE(text.find(":xp:vc0 -> "), std::string::npos) << text;
}

// A control whose only cycles cross VCs: on a 4x4 torus, x first then y,
// always in the + direction, each hop on the other VC than the last. Every
// ring has 4 hops, so VC 0, 1, 0, 1 closes a cycle through both VCs; a check
// that dropped dependencies between channels of different VCs would call it
// acyclic.
class AlternatingVcRing : public RoutingFunction {
 public:
  explicit AlternatingVcRing(const Topology& t) : t_(t) {}
  std::string name() const override { return "alternating-vc-ring"; }
  unsigned vcs() const override { return 2; }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override {
    const unsigned hx = here % 4, hy = here / 4 % 4, dx = head.dst % 4;
    const bool local = in_port >= t_.num_ports;
    const std::uint32_t vc = local ? 1u : (in_vc == 0 ? 2u : 1u);
    (void)hy;
    out.add(static_cast<PortId>(hx != dx ? 0 : 2), vc);  // xp, else yp
  }

 private:
  const Topology& t_;
};

TEST(StaticCheck, FindsACycleThatCrossesVcs) {
  const Topology t = make_topology("torus:4x4");
  ASSERT_EQ(t.port_names[0], "xp");
  ASSERT_EQ(t.port_names[2], "yp");
  const AlternatingVcRing r(t);
  const DependencyVerdict v = check_channel_dependencies(t, r);
  expect_real_cycle("torus:4x4", v);
  bool crosses = false;
  for (std::size_t i = 0; i < v.cycle.size(); ++i) crosses = crosses || v.cycle[i].vc != v.cycle[0].vc;
  EXPECT_TRUE(crosses) << "the cycle found must use both VCs: " << v.cycle_text(t);
}

}  // namespace
}  // namespace wormsim::test
