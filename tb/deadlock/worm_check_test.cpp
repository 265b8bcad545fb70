// Static check of multi-destination worms: with per-class consumption
// channels the high and low networks of the Hamiltonian labeling, with their
// ejection channels, are acyclic (dual-path on 3PT and the mesh, 3-DBS lines
// and 3-DBL columns on the mesh); with one shared ejection channel the check
// finds a cycle, and it runs through an ejection channel.
#include <gtest/gtest.h>

#include <wormsim/core/config_error.h>
#include <wormsim/deadlock/worm_dependency.h>
#include <wormsim/topology/spec.h>

namespace wormsim {
namespace {

struct Case {
  std::string topology;
  bool dual_path, lines;
  unsigned vcs, local_ports;
};

class WormCheck : public ::testing::TestWithParam<Case> {};

void PrintTo(const Case& c, std::ostream* os) {
  *os << c.topology << (c.dual_path ? " dual-path" : "") << (c.lines ? " lines" : "") << " " << c.vcs << " VCs "
      << c.local_ports << " local";
}

TEST_P(WormCheck, PerClassIsAcyclicSharedHasACycleThroughEjection) {
  const Case& c = GetParam();
  const Topology t = make_topology(c.topology);
  WormCheckConfig cfg;
  cfg.vcs = c.vcs;
  cfg.local_ports = c.local_ports;
  cfg.dual_path = c.dual_path;
  cfg.lines = c.lines;
  const DependencyVerdict good = check_worm_dependencies(t, cfg);
  EXPECT_TRUE(good.acyclic) << good.cycle_text(t);
  EXPECT_GT(good.dependencies, 0u);
  cfg.consumption = ConsumptionPolicy::Shared;
  const DependencyVerdict bad = check_worm_dependencies(t, cfg);
  ASSERT_FALSE(bad.acyclic);
  bool through_ejection = false;
  for (const Channel& ch : bad.cycle) through_ejection = through_ejection || ch.port >= t.num_ports;
  EXPECT_TRUE(through_ejection) << bad.cycle_text(t);
  EXPECT_GT(bad.dependencies, good.dependencies) << "sharing adds the cross-class edges";
}

INSTANTIATE_TEST_SUITE_P(
    Worms, WormCheck,
    ::testing::Values(Case{"3pt:2x2x2", true, false, 1, 2}, Case{"3pt:3x3x3", true, false, 2, 1},
                      Case{"3pt:3x4x2", true, false, 2, 1}, Case{"mesh:4x4x4", true, true, 1, 2},
                      Case{"mesh:5x5x5", true, true, 2, 1}, Case{"mesh:5x5x5", false, true, 2, 1},
                      Case{"mesh:6x4", true, false, 2, 1}),
    [](const auto& p) {
      std::string n = p.param.topology + (p.param.dual_path ? "_dual" : "") + (p.param.lines ? "_lines" : "") +
                      "_v" + std::to_string(p.param.vcs) + "_l" + std::to_string(p.param.local_ports);
      for (char& ch : n)
        if (ch == ':') ch = '_';
      return n;
    });

TEST(WormCheck, OneConsumptionChannelCannotSeparateTheClasses) {
  const Topology t = make_topology("mesh:4x4x4");
  WormCheckConfig cfg;
  cfg.vcs = 1;
  cfg.local_ports = 1;  // per-class asked for, but there is one channel to share
  EXPECT_FALSE(check_worm_dependencies(t, cfg).acyclic);
}

TEST(WormCheck, LinesNeedAMesh) {
  WormCheckConfig cfg;
  cfg.lines = true;
  EXPECT_THROW(check_worm_dependencies(make_topology("3pt:2x2x2"), cfg), ConfigError);
}

}  // namespace
}  // namespace wormsim
