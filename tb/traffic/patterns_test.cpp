// Every traffic pattern sends where its definition says: transpose swaps x
// and y (and is its own inverse), bit complement maps each coordinate c to
// k-1-c, neighbor picks only adjacent nodes and all of them, hotspot sends
// its share to the hot node (and the rest uniformly, never to itself), and
// no pattern sends a node to itself (uniform reaches every other node); with self packets (BookSim's patterns)
// uniform draws every node, its own included, evenly, a permutation's fixed
// points send to themselves, and the other destinations stay the same.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include <wormsim/core/config_error.h>
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

TEST(Patterns, BitReverseReversesTheNodeIdBits) {
  const Topology t = make_topology("mesh:8x4");  // 32 nodes, 5 bits
  const auto p = pattern("bitrev", t);
  Rng rng(1, 1);
  // 1 = 00001 -> 10000 = 16; 6 = 00110 -> 01100 = 12; 21 = 10101 is a palindrome.
  EXPECT_EQ(p->destination(1, rng), std::optional<NodeId>(16));
  EXPECT_EQ(p->destination(6, rng), std::optional<NodeId>(12));
  EXPECT_EQ(p->destination(3, rng), std::optional<NodeId>(24));
  EXPECT_FALSE(p->destination(21, rng).has_value()) << "a palindrome maps onto itself and sends nothing";
  std::set<NodeId> image;
  for (NodeId n = 0; n < t.num_nodes(); ++n) image.insert(p->destination(n, rng).value_or(n));
  EXPECT_EQ(image.size(), t.num_nodes()) << "a permutation";
}

TEST(Patterns, ShuffleRotatesTheNodeIdLeft) {
  const Topology t = make_topology("mesh:4x4");  // 16 nodes, 4 bits
  const auto p = pattern("shuffle", t);
  Rng rng(1, 1);
  EXPECT_EQ(p->destination(1, rng), std::optional<NodeId>(2));
  EXPECT_EQ(p->destination(8, rng), std::optional<NodeId>(1)) << "the top bit wraps to the bottom";
  EXPECT_EQ(p->destination(9, rng), std::optional<NodeId>(3));
  EXPECT_EQ(p->destination(13, rng), std::optional<NodeId>(11));
  EXPECT_FALSE(p->destination(15, rng).has_value());
}

TEST(Patterns, On3ptTransposeSwapsXAndYAndBitcompMirrorsTheVertexToo) {
  const Topology t = make_topology("3pt:3x4x4");
  const auto transpose = pattern("transpose", t);
  const auto bitcomp = pattern("bitcomp", t);
  Rng rng(1, 1);
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const auto c = t.kind->coordinates(n);  // z, x, y, p
    if (const auto d = transpose->destination(n, rng)) {
      const auto e = t.kind->coordinates(*d);
      EXPECT_EQ(e[0], c[0]);
      EXPECT_EQ(e[1], c[2]);
      EXPECT_EQ(e[2], c[1]);
      EXPECT_EQ(e[3], c[3]);
    } else {
      EXPECT_EQ(c[1], c[2]) << "only a node with x == y sends nothing";
    }
    const auto d = bitcomp->destination(n, rng);
    ASSERT_TRUE(d.has_value());
    const auto e = t.kind->coordinates(*d);
    EXPECT_EQ(e[0], 2 - c[0]);
    EXPECT_EQ(e[1], 3 - c[1]);
    EXPECT_EQ(e[2], 3 - c[2]);
    EXPECT_EQ(e[3], 9 - c[3]);
  }
}

TEST(Patterns, TransposeRefusesUnequalSidesNamingThem) {
  for (const auto& [spec, sides] : std::vector<std::pair<std::string, std::string>>{
           {"mesh:4x8x2", "x and y"}, {"3pt:4x4x5", "x and y"}}) {
    try {
      pattern("transpose", make_topology(spec));
      ADD_FAILURE() << "transpose accepted on " << spec;
    } catch (const ConfigError& e) {
      EXPECT_EQ(e.field(), "traffic");
      EXPECT_NE(std::string(e.what()).find("equal " + sides + " sides, got " + spec), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW(pattern("transpose", make_topology("3pt:5x4x4")));
}

TEST(Patterns, BitPatternsNeedAPowerOfTwoNodeCount) {
  for (const char* spec : {"3pt:2x2x2", "mesh:3x4", "petersen"}) {
    const Topology t = make_topology(spec);
    for (const char* name : {"bitrev", "shuffle"}) {
      try {
        pattern(name, t);
        ADD_FAILURE() << name << " accepted on " << spec;
      } catch (const ConfigError& e) {
        EXPECT_EQ(e.field(), "traffic");
        EXPECT_NE(std::string(e.what()).find("power-of-two"), std::string::npos) << e.what();
      }
    }
  }
}

TEST(Patterns, TornadoGoesNearlyHalfWayRoundEveryDimension) {
  const Topology t = make_topology("torus:8x5x2");
  const std::array<unsigned, 3> dims{8, 5, 2};
  const auto p = pattern("tornado", t);
  Rng rng(1, 1);
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const Coord c = coord_of(dims, n);
    const auto d = p->destination(n, rng);
    ASSERT_TRUE(d.has_value()) << "every node moves in x (side 8: +3)";
    const Coord e = coord_of(dims, *d);
    EXPECT_EQ(e.x, (c.x + 3) % 8);
    EXPECT_EQ(e.y, (c.y + 2) % 5);
    EXPECT_EQ(e.z, c.z) << "a side of 2 does not move";
  }
}

TEST(Patterns, DiagonalStepsUpOneInEveryDimensionAndWraps) {
  const Topology t = make_topology("mesh:8x5x1");
  const std::array<unsigned, 3> dims{8, 5, 1};
  const auto p = pattern("diagonal", t);
  Rng rng(1, 1);
  std::vector<bool> hit(t.num_nodes(), false);
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const Coord c = coord_of(dims, n);
    const auto d = p->destination(n, rng);
    ASSERT_TRUE(d.has_value());
    const Coord e = coord_of(dims, *d);
    EXPECT_EQ(e.x, (c.x + 1) % 8);
    EXPECT_EQ(e.y, (c.y + 1) % 5);
    EXPECT_EQ(e.z, 0u) << "a side of 1 does not move";
    hit[*d] = true;
  }
  for (NodeId n = 0; n < t.num_nodes(); ++n) EXPECT_TRUE(hit[n]) << "a permutation: node " << n << " is a destination";
  const Topology pt = make_topology("3pt:2x3x4");
  const auto q = pattern("diagonal", pt);
  for (NodeId n = 0; n < pt.num_nodes(); ++n) {
    const auto c = pt.kind->coordinates(n);  // z, x, y, p
    const auto e = pt.kind->coordinates(*q->destination(n, rng));
    EXPECT_EQ(e[0], (c[0] + 1) % 2);
    EXPECT_EQ(e[1], (c[1] + 1) % 3);
    EXPECT_EQ(e[2], (c[2] + 1) % 4);
    EXPECT_EQ(e[3], c[3]);
  }
  EXPECT_THROW(pattern("diagonal", make_topology("petersen")), ConfigError);
}

TEST(Patterns, TornadoOn3ptMovesTheModulesAndKeepsTheVertex) {
  const Topology t = make_topology("3pt:3x4x5");
  const auto p = pattern("tornado", t);
  Rng rng(1, 1);
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const auto c = t.kind->coordinates(n);  // z, x, y, p
    const auto d = p->destination(n, rng);
    ASSERT_TRUE(d.has_value());
    const auto e = t.kind->coordinates(*d);
    EXPECT_EQ(e[0], (c[0] + 1) % 3);
    EXPECT_EQ(e[1], (c[1] + 1) % 4);
    EXPECT_EQ(e[2], (c[2] + 2) % 5);
    EXPECT_EQ(e[3], c[3]);
  }
  EXPECT_THROW(pattern("tornado", make_topology("petersen")), ConfigError);
}

TEST(Patterns, RandomPermutationIsAPermutationFixedBySeed) {
  const Topology t = make_topology("3pt:2x2x2");
  auto map_of = [&](std::uint64_t seed) {
    PatternConfig pc;
    pc.name = "randperm";
    pc.seed = seed;
    const auto p = make_pattern(pc, t);
    Rng rng(99, 1);
    std::vector<NodeId> to;
    for (NodeId n = 0; n < t.num_nodes(); ++n) to.push_back(p->destination(n, rng).value_or(n));
    return to;
  };
  const auto a = map_of(5), b = map_of(5), c = map_of(6);
  EXPECT_EQ(a, b) << "same seed, same permutation";
  EXPECT_NE(a, c) << "another seed, another permutation";
  EXPECT_EQ(std::set<NodeId>(a.begin(), a.end()).size(), t.num_nodes()) << "every node receives from exactly one";
  std::size_t fixed = 0;
  for (NodeId n = 0; n < t.num_nodes(); ++n) fixed += a[n] == n;
  EXPECT_LT(fixed, 6u) << "a random permutation of 80 has about one fixed point";
}

// Every permutation is equally likely, fixed points included: over many
// seeds each of the 24 permutations of 4 nodes turns up about as often as the
// others, and the mean number of fixed points of 80 nodes is 1.
TEST(Patterns, RandomPermutationDrawsEveryPermutationEvenly) {
  const Topology t = make_topology("mesh:2x2");
  std::map<std::vector<NodeId>, unsigned> count;
  const unsigned seeds = 4800;
  for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
    PatternConfig pc;
    pc.name = "randperm";
    pc.seed = seed;
    std::vector<NodeId> to = {0, 1, 2, 3};
    try {
      const auto p = make_pattern(pc, t);
      Rng rng(1, 1);
      for (NodeId n = 0; n < 4; ++n) to[n] = p->destination(n, rng).value_or(n);
    } catch (const ConfigError&) {
      // The identity: refused as traffic (no node would send), still drawn.
    }
    ++count[to];
  }
  EXPECT_EQ(count.size(), 24u) << "every permutation of 4 nodes occurs, the identity and fixed points included";
  const double expected = seeds / 24.0;  // 200, standard deviation about 14
  for (const auto& [perm, n] : count) EXPECT_NEAR(n, expected, 5 * std::sqrt(expected));
  const Topology big = make_topology("3pt:2x2x2");
  double fixed = 0;
  const unsigned draws = 2000;
  for (std::uint64_t seed = 1; seed <= draws; ++seed) {
    PatternConfig pc;
    pc.name = "randperm";
    pc.seed = seed;
    const auto p = make_pattern(pc, big);
    Rng rng(1, 1);
    for (NodeId n = 0; n < big.num_nodes(); ++n) fixed += !p->destination(n, rng).has_value();
  }
  EXPECT_NEAR(fixed / draws, 1.0, 0.12) << "a uniform permutation has one fixed point on average";
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

TEST(Patterns, SelfPacketsLetUniformDrawEveryNodeEvenly) {
  const Topology t = make_topology("mesh:4x4");
  PatternConfig pc;
  pc.self_packets = true;
  const auto p = make_pattern(pc, t);
  Rng rng(9, 1);
  const NodeId src = 5;
  std::map<NodeId, unsigned> count;
  const unsigned draws = 64000;
  for (unsigned k = 0; k < draws; ++k) ++count[*p->destination(src, rng)];
  ASSERT_EQ(count.size(), 16u) << "every node, its own included";
  for (const auto& [node, n] : count) EXPECT_NEAR(n / double(draws), 1.0 / 16, 0.006) << "node " << node;
}

TEST(Patterns, SelfPacketsSendAPermutationsFixedPointsToThemselves) {
  const Topology t = make_topology("mesh:4x4x2");
  const std::array<unsigned, 3> dims{4, 4, 2};
  PatternConfig pc;
  pc.name = "transpose";
  const auto plain = make_pattern(pc, t);
  pc.self_packets = true;
  const auto self = make_pattern(pc, t);
  Rng rng(1, 1);
  unsigned diagonal = 0;
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const Coord c = coord_of(dims, n);
    const auto d = self->destination(n, rng);
    ASSERT_TRUE(d.has_value());
    if (c.x == c.y) {
      EXPECT_EQ(*d, n) << "a node on the diagonal sends to itself";
      EXPECT_FALSE(plain->destination(n, rng).has_value());
      ++diagonal;
    } else {
      EXPECT_EQ(d, plain->destination(n, rng)) << "the other nodes keep their destination";
    }
  }
  EXPECT_EQ(diagonal, 8u);
}

TEST(UniformTraffic, NeverSendsToItselfAndReachesEveryOtherNode) {
  const Topology t = make_topology("mesh:4x4");
  PatternConfig pc;
  pc.name = "uniform";
  const auto pattern = make_pattern(pc, t);
  Rng rng(3, 1);
  for (NodeId src = 0; src < t.num_nodes(); ++src) {
    std::set<NodeId> seen;
    for (int k = 0; k < 2000; ++k) {
      const auto d = pattern->destination(src, rng);
      ASSERT_TRUE(d.has_value());
      ASSERT_NE(*d, src) << "uniform traffic sent node " << src << " to itself";
      seen.insert(*d);
    }
    EXPECT_EQ(seen.size(), t.num_nodes() - 1);
  }
}

}  // namespace
}  // namespace wormsim::test
