// Every traffic pattern sends where its definition says: transpose swaps x
// and y (and is its own inverse), bit complement maps each coordinate c to
// k-1-c, neighbor picks only adjacent nodes and all of them, hotspot sends
// its share to the hot node (and the rest uniformly, never to itself), and
// no pattern sends a node to itself.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include <wormsim/core/rng.h>
#include <wormsim/topology/grid.h>
#include <wormsim/topology/spec.h>
#include <wormsim/traffic/pattern.h>

namespace wormsim::test {
namespace {

std::unique_ptr<TrafficPattern> pattern(const std::string& name, const Topology& t, NodeId hot = 0,
                                        double fraction = 0.1) {
  PatternConfig pc;
  pc.name = name;
  pc.hotspot_node = hot;
  pc.hotspot_fraction = fraction;
  return make_pattern(pc, t);
}

TEST(Patterns, TransposeSwapsXAndY) {
  const Topology t = make_topology("mesh:4x4x2");
  const std::array<unsigned, 3> dims{4, 4, 2};
  const auto p = pattern("transpose", t);
  Rng rng(1, 1);
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const Coord c = coord_of(dims, n);
    const auto d = p->destination(n, rng);
    if (c.x == c.y) {
      EXPECT_FALSE(d.has_value()) << "a node on the diagonal sends nothing";
      continue;
    }
    ASSERT_TRUE(d.has_value());
    const Coord e = coord_of(dims, *d);
    EXPECT_EQ(e.x, c.y);
    EXPECT_EQ(e.y, c.x);
    EXPECT_EQ(e.z, c.z);
  }
}

TEST(Patterns, BitComplementMirrorsEveryCoordinate) {
  const Topology t = make_topology("mesh:4x4x4");
  const std::array<unsigned, 3> dims{4, 4, 4};
  const auto p = pattern("bitcomp", t);
  Rng rng(1, 1);
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const Coord c = coord_of(dims, n);
    const auto d = p->destination(n, rng);
    ASSERT_TRUE(d.has_value());
    const Coord e = coord_of(dims, *d);
    EXPECT_EQ(e.x, 3 - c.x);
    EXPECT_EQ(e.y, 3 - c.y);
    EXPECT_EQ(e.z, 3 - c.z);
  }
}

TEST(Patterns, NeighborPicksEveryAdjacentNodeAndNothingElse) {
  for (const char* spec : {"mesh:4x4", "torus:4x4x4", "3pt:2x2x2", "fp:2"}) {
    const Topology t = make_topology(spec);
    const auto p = pattern("neighbor", t);
    Rng rng(2, 1);
    for (NodeId n = 0; n < t.num_nodes(); ++n) {
      std::set<NodeId> adjacent, seen;
      for (PortId q = 0; q < t.num_ports; ++q)
        if (t.peer[n][q]) adjacent.insert(t.peer[n][q]->node);
      for (int k = 0; k < 400; ++k) {
        const auto d = p->destination(n, rng);
        ASSERT_TRUE(d.has_value());
        seen.insert(*d);
      }
      EXPECT_EQ(seen, adjacent) << spec << " node " << n;
    }
  }
}

TEST(Patterns, HotspotSendsItsShareToTheHotNode) {
  const Topology t = make_topology("mesh:8x8");
  const NodeId hot = 27;
  const double fraction = 0.3;
  const auto p = pattern("hotspot", t, hot, fraction);
  Rng rng(3, 1);
  const int draws = 20000;
  for (NodeId src : {NodeId{0}, NodeId{40}}) {
    int to_hot = 0;
    for (int k = 0; k < draws; ++k) {
      const auto d = p->destination(src, rng);
      ASSERT_TRUE(d.has_value());
      ASSERT_NE(*d, src);
      to_hot += *d == hot;
    }
    // The hot share plus the uniform part's 1/63 of the rest.
    const double expected = draws * (fraction + (1 - fraction) / 63.0);
    EXPECT_NEAR(to_hot, expected, 5 * std::sqrt(expected));
  }
  for (int k = 0; k < 1000; ++k) ASSERT_NE(*p->destination(hot, rng), hot) << "the hot node never sends to itself";
}

TEST(Patterns, NoPatternSendsANodeToItself) {
  const Topology t = make_topology("mesh:4x4");
  Rng rng(4, 1);
  for (const std::string& name : pattern_names()) {
    const auto p = pattern(name, t, 5, 0.5);
    for (NodeId n = 0; n < t.num_nodes(); ++n)
      for (int k = 0; k < 50; ++k) {
        const auto d = p->destination(n, rng);
        if (d) {
          ASSERT_NE(*d, n) << name << " sent node " << n << " to itself";
        }
      }
  }
}

}  // namespace
}  // namespace wormsim::test
