// The static channel-dependency check proves the deadlock-free routings and
// rejects the ones known to deadlock with a real cycle.
#include <gtest/gtest.h>

#include <wormsim/routing/registry.h>
#include <wormsim/deadlock/channel_dependency.h>
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
    EXPECT_TRUE(check(torus, "dor", 2).acyclic) << torus;
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

TEST(StaticCheck, CycleTextNamesRouterPortAndVc) {
  const DependencyVerdict v = check("torus:4x1", "dor-nodateline", 1);
  const std::string text = v.cycle_text(make_topology("torus:4x1"));
  EXPECT_NE(text.find(":xp:vc0 -> "), std::string::npos) << text;
}

}  // namespace
}  // namespace wormsim::test
