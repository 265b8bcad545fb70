// 3PT(l, m, n) is built exactly as Kim and Lee, "Broadcasting Algorithms of
// Three-Dimensional Petersen-Torus Network" (2014), section 2, defines it.
#include <gtest/gtest.h>

#include <set>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/distances.h>
#include <wormsim/topology/petersen_torus.h>
#include <wormsim/topology/spec.h>

namespace wormsim::test {
namespace {

class PetersenTorus : public ::testing::TestWithParam<std::array<unsigned, 3>> {};

TEST_P(PetersenTorus, HasTheSpecifiedCountsDegreesAndConnectivity) {
  const auto [l, m, n] = GetParam();
  const Topology t = make_petersen_torus(l, m, n);
  EXPECT_EQ(t.num_nodes(), 10u * l * m * n);
  EXPECT_EQ(t.num_links(), 2u * 20u * l * m * n) << "20lmn undirected links, both directions";
  for (NodeId u = 0; u < t.num_nodes(); ++u) {
    std::set<NodeId> neighbours;
    for (PortId q = 0; q < 4; ++q) {
      ASSERT_TRUE(t.peer[u][q].has_value());
      const PortPeer p = *t.peer[u][q];
      neighbours.insert(p.node);
      // the link back arrives where it left
      ASSERT_TRUE(t.peer[p.node][p.port].has_value());
      EXPECT_EQ(t.peer[p.node][p.port]->node, u);
      EXPECT_EQ(t.peer[p.node][p.port]->port, q);
    }
    EXPECT_EQ(neighbours.size(), 4u) << "degree 4, no parallel links, at node " << u;
  }
  EXPECT_TRUE(DistanceTable(t).connected());
}

INSTANTIATE_TEST_SUITE_P(Sizes, PetersenTorus,
                         ::testing::Values(std::array<unsigned, 3>{2, 2, 2}, std::array<unsigned, 3>{2, 3, 4},
                                           std::array<unsigned, 3>{3, 3, 3}, std::array<unsigned, 3>{3, 2, 5},
                                           std::array<unsigned, 3>{4, 4, 2}, std::array<unsigned, 3>{5, 4, 3},
                                           std::array<unsigned, 3>{5, 5, 5}));

TEST(PetersenTorus, ModulesArePetersenGraphsWithTheSpecNumbering) {
  const std::set<std::pair<unsigned, unsigned>> edges = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {0, 4},
                                                         {5, 6}, {6, 7}, {7, 8}, {8, 9}, {5, 9},
                                                         {0, 5}, {1, 8}, {2, 6}, {3, 9}, {4, 7}};
  const Topology t = make_petersen_torus(3, 3, 3);
  const std::array<unsigned, 3> s{3, 3, 3};
  std::size_t internal = 0;
  for (NodeId u = 0; u < t.num_nodes(); ++u) {
    const PtCoord c = pt_coord_of(s, u);
    for (PortId q = 1; q < 4; ++q) {
      const PtCoord d = pt_coord_of(s, t.peer[u][q]->node);
      EXPECT_TRUE(c.z == d.z && c.x == d.x && c.y == d.y) << "internal port stays in the module";
      EXPECT_TRUE(edges.count({std::min(c.p, d.p), std::max(c.p, d.p)})) << c.p << "-" << d.p;
      ++internal;
    }
  }
  EXPECT_EQ(internal, 2u * 15u * 27u);
}

TEST(PetersenTorus, ExternalLinksFollowTheSpecTable) {
  // (p, dz, dx, dy, p') for each external link rule, checked from (1, 2, 3).
  const int rules[10][5] = {{0, 1, 0, 0, 5},  {5, -1, 0, 0, 0}, {1, 0, 1, 0, 4},  {4, 0, -1, 0, 1},
                            {6, 0, 0, 1, 9},  {9, 0, 0, -1, 6}, {2, 0, 1, 1, 3},  {3, 0, -1, -1, 2},
                            {7, 0, -1, 1, 8}, {8, 0, 1, -1, 7}};
  const std::array<unsigned, 3> s{3, 4, 5};
  const Topology t = make_petersen_torus(3, 4, 5);
  for (const auto& r : rules) {
    const NodeId u = pt_id_of(s, PtCoord{1, 2, 3, static_cast<unsigned>(r[0])});
    const PtCoord d = pt_coord_of(s, t.peer[u][0]->node);
    EXPECT_EQ(d.z, static_cast<unsigned>((1 + r[1] + 3) % 3)) << "p " << r[0];
    EXPECT_EQ(d.x, static_cast<unsigned>((2 + r[2] + 4) % 4)) << "p " << r[0];
    EXPECT_EQ(d.y, static_cast<unsigned>((3 + r[3] + 5) % 5)) << "p " << r[0];
    EXPECT_EQ(d.p, static_cast<unsigned>(r[4])) << "p " << r[0];
  }
}

TEST(PetersenTorus, IdsAndCoordinatesMapBothWays) {
  const std::array<unsigned, 3> s{2, 3, 4};
  for (NodeId id = 0; id < 240; ++id) EXPECT_EQ(pt_id_of(s, pt_coord_of(s, id)), id);
  EXPECT_EQ(pt_id_of(s, PtCoord{1, 2, 3, 7}), 7u + 10u * (3u + 4u * (2u + 3u * 1u)));
}

TEST(PetersenTorus, RejectsSizesBelowTwo) {
  EXPECT_THROW(make_topology("3pt:1x3x3"), ConfigError);
  EXPECT_THROW(make_topology("3pt:3x3x1"), ConfigError);
  EXPECT_THROW(make_topology("3pt:3x3"), ConfigError);
}

}  // namespace
}  // namespace wormsim::test
