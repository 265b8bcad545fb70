// The static check's fast paths must build exactly the graph of the path
// they replace, on every routing of the table and every test topology it
// applies to:
//   - routings that read only (router, destination) (depends_on_input()
//     false) are routed once per pair instead of followed packet by packet:
//     the claim itself is checked (every input port and VC gives the same
//     route), then the verdict (channels, distinct dependencies, cycle) must
//     equal the one of following packets;
//   - Duato's check with final escape builds R1's channel dependency graph
//     directly and rules out cross dependencies with the routing's adaptive
//     VC bound: it must equal R1's graph followed packet by packet, and the
//     exhaustive cross check (no bound).
#include <gtest/gtest.h>

#include <wormsim/core/config_error.h>
#include <wormsim/deadlock/channel_dependency.h>
#include <wormsim/deadlock/escape_dependency.h>
#include <wormsim/routing/registry.h>
#include <wormsim/topology/spec.h>

namespace wormsim::test {
namespace {

// Delegates to a routing, but can hide its purity (so the check follows
// packets), offer its escape subfunction as the whole routing, or replace its
// adaptive VC bound.
class Delegate : public RoutingFunction {
 public:
  enum class Mode { FollowPackets, EscapeOnly, Bound };
  Delegate(const RoutingFunction& r, Mode mode, std::uint32_t bound = ~0u) : r_(r), mode_(mode), bound_(bound) {}
  std::string name() const override { return r_.name(); }
  unsigned vcs() const override { return r_.vcs(); }
  bool depends_on_source() const override { return r_.depends_on_source(); }
  bool depends_on_input() const override { return mode_ == Mode::Bound ? r_.depends_on_input() : true; }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override {
    if (mode_ == Mode::EscapeOnly) r_.escape_route(here, head.dst, out);
    else r_.route(here, in_port, in_vc, head, out);
  }
  bool has_escape() const override { return mode_ != Mode::EscapeOnly && r_.has_escape(); }
  void escape_route(NodeId here, NodeId dst, RouteSet& out) const override { r_.escape_route(here, dst, out); }
  bool escape_returns() const override { return r_.escape_returns(); }
  std::uint32_t adaptive_vc_bound(PortId p) const override {
    return mode_ == Mode::Bound ? bound_ : r_.adaptive_vc_bound(p);
  }

 private:
  const RoutingFunction& r_;
  Mode mode_;
  std::uint32_t bound_;
};

void expect_same(const DependencyVerdict& fast, const DependencyVerdict& slow, const std::string& what) {
  EXPECT_EQ(fast.acyclic, slow.acyclic) << what;
  EXPECT_EQ(fast.channels, slow.channels) << what;
  EXPECT_EQ(fast.dependencies, slow.dependencies) << what;
  EXPECT_EQ(fast.problem, slow.problem) << what;
  ASSERT_EQ(fast.cycle.size(), slow.cycle.size()) << what;
  for (std::size_t i = 0; i < fast.cycle.size(); ++i) {
    EXPECT_EQ(fast.cycle[i].node, slow.cycle[i].node) << what;
    EXPECT_EQ(fast.cycle[i].port, slow.cycle[i].port) << what;
    EXPECT_EQ(fast.cycle[i].vc, slow.cycle[i].vc) << what;
  }
}

std::string text(const RouteSet& r) {
  std::string s;
  for (std::size_t i = 0; i < r.size(); ++i)
    s += std::to_string(r[i].port) + "/" + std::to_string(r[i].vc_mask) + (r[i].escape ? "e" : "") + " ";
  return s;
}

using Case = std::pair<std::string, std::string>;  // topology, routing

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const char* spec : {"mesh:4x3x2", "mesh:5x5", "torus:4x4x3", "torus:5x3", "torus:2x2x2", "3pt:2x2x2",
                           "3pt:3x2x3", "fp:2", "rfp:2", "arrangement:5,3", "petersen"}) {
    const Topology t = make_topology(spec);
    for (const RoutingInfo& r : routings())
      if (r.applies(t)) out.emplace_back(spec, r.name);
  }
  return out;
}

class ProofPaths : public ::testing::TestWithParam<Case> {};

TEST_P(ProofPaths, FastPathsBuildTheSameGraph) {
  const Topology t = make_topology(GetParam().first);
  std::unique_ptr<RoutingFunction> r;
  try {
    r = make_routing(GetParam().second, t, 0);
  } catch (const ConfigError& e) {
    GTEST_SKIP() << e.what();
  }
  const std::string what = GetParam().first + " " + GetParam().second;
  const NodeId n = static_cast<NodeId>(t.num_nodes());
  if (!r->depends_on_input()) {
    // The claim: no input port or VC changes the route.
    Flit head;
    head.type = FlitType::Head;
    for (NodeId y = 0; y < n; ++y)
      for (NodeId d = 0; d < n; ++d) {
        if (d == y) continue;
        head.dst = d;
        head.src = r->depends_on_source() ? (y + 1) % n : 0;
        RouteSet injected;
        r->route(y, static_cast<PortId>(t.num_ports), 0, head, injected);
        for (PortId p = 0; p < t.num_ports; ++p) {
          if (!t.peer[y][p]) continue;
          for (VcId v = 0; v < r->vcs(); ++v) {
            RouteSet arrived;
            r->route(y, p, v, head, arrived);
            ASSERT_EQ(text(arrived), text(injected)) << what << " at " << y << " for " << d << " from port " << p
                                                    << " vc " << v;
          }
        }
      }
    if (!r->has_escape()) {
      const Delegate follow(*r, Delegate::Mode::FollowPackets);
      const DependencyVerdict fast = check_channel_dependencies(t, *r);
      if (!r->depends_on_source()) {
        EXPECT_EQ(fast.method.find("followed"), std::string::npos) << what << ": " << fast.method;
      }
      expect_same(fast, check_channel_dependencies(t, follow), what);
      // Without the routing's representative destinations: every pair.
      const Delegate every_pair(*r, Delegate::Mode::Bound);
      expect_same(fast, check_channel_dependencies(t, every_pair), what + " (every pair)");
    }
  }
  if (r->has_escape() && !r->escape_returns()) {
    const Delegate r1(*r, Delegate::Mode::EscapeOnly);
    const DependencyVerdict fast = check_escape_dependencies(t, *r);
    EXPECT_NE(fast.method.find("adaptive VC bound"), std::string::npos) << what << ": " << fast.method;
    expect_same(fast, check_channel_dependencies(t, r1), what + " (escape, R1 followed packet by packet)");
    const Delegate unbounded(*r, Delegate::Mode::Bound, ~0u);
    expect_same(fast, check_escape_dependencies(t, unbounded), what + " (escape, exhaustive cross check)");
    EXPECT_TRUE(fast.acyclic) << what;
    EXPECT_GT(fast.dependencies, 0u) << what;
    // A bound that admits the escape VCs must be refused as a cross dependency.
    const Delegate overlapping(*r, Delegate::Mode::Bound, all_vcs_mask(r->vcs()));
    const DependencyVerdict bad = check_escape_dependencies(t, overlapping);
    EXPECT_FALSE(bad.acyclic) << what;
    EXPECT_NE(bad.problem.find("also offered as adaptive"), std::string::npos) << bad.problem;
  }
}

INSTANTIATE_TEST_SUITE_P(Registry, ProofPaths, ::testing::ValuesIn(cases()), [](const auto& p) {
  std::string n = p.param.first + "_" + p.param.second;
  for (char& c : n)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
});

// Dimension order names representative destinations (the axis lines through
// each router); the graph they give must be the exhaustive one on every shape:
// sizes 1, 2 and odd, meshes and tori, with and without datelines.
TEST(ProofPaths, DimensionOrderRepresentativesGiveTheExhaustiveGraph) {
  for (const char* spec : {"mesh:2x2x2", "mesh:3x4x5", "mesh:7x1x1", "mesh:1x6x3", "mesh:8x8", "torus:2x3x4",
                           "torus:5x5x5", "torus:6x3", "torus:4x1x7", "torus:8x8"})
    for (const char* name : {"dor", "dor-position", "dor-nodateline"}) {
      const Topology t = make_topology(spec);
      std::unique_ptr<RoutingFunction> r;
      try {
        r = make_routing(name, t, 2);
      } catch (const ConfigError&) {
        continue;
      }
      if (r->depends_on_source()) continue;
      std::vector<NodeId> reps;
      ASSERT_TRUE(r->destination_representatives(0, reps)) << spec << " " << name;
      const Delegate every_pair(*r, Delegate::Mode::Bound);
      const Delegate follow(*r, Delegate::Mode::FollowPackets);
      const DependencyVerdict fast = check_channel_dependencies(t, *r);
      EXPECT_NE(fast.method.find("representative destinations"), std::string::npos) << fast.method;
      expect_same(fast, check_channel_dependencies(t, every_pair), std::string(spec) + " " + name);
      expect_same(fast, check_channel_dependencies(t, follow), std::string(spec) + " " + name + " (followed)");
    }
}

// Routers with more than 64 channels take the graph's multi-word rows, and a
// port's VCs may straddle two words (6 ports x 11 VCs: port 5 starts at bit
// 55). The pure path must still equal following packets there. (The 3PT
// routers have 4 ports, so 16 VCs fill exactly one word.)
TEST(ProofPaths, RoutersWiderThanOneWordGiveTheSameGraph) {
  const std::pair<const char*, const char*> wide[] = {
      {"torus:3x3x2", "minimal"}, {"torus:3x3x2", "dor-nodateline"}, {"mesh:3x2x2", "minimal"}};
  for (const auto& [spec, name] : wide)
    for (unsigned vcs : {11u, 16u}) {
      const Topology t = make_topology(spec);
      const auto r = make_routing(name, t, vcs);
      const std::string what = std::string(spec) + " " + name + " " + std::to_string(vcs) + " VCs";
      ASSERT_GT(t.num_ports * vcs, 64u) << what;
      ASSERT_FALSE(r->depends_on_input()) << what;
      const Delegate follow(*r, Delegate::Mode::FollowPackets);
      const DependencyVerdict fast = check_channel_dependencies(t, *r);
      EXPECT_GT(fast.dependencies, 0u) << what;
      expect_same(fast, check_channel_dependencies(t, follow), what);
    }
}

// The fast path must still find a cycle: dimension order without datelines
// on a torus reads only (router, destination), and deadlocks.
TEST(ProofPaths, PureRoutingCycleIsFound) {
  const Topology t = make_topology("torus:4x4");
  const auto r = make_routing("dor-nodateline", t, 1);
  ASSERT_FALSE(r->depends_on_input());
  const DependencyVerdict v = check_channel_dependencies(t, *r);
  EXPECT_FALSE(v.acyclic);
  EXPECT_GE(v.cycle.size(), 4u);
}

}  // namespace
}  // namespace wormsim::test
