// Floorplans (docs/floorplan.md): every family puts every node on its own
// tile; a mesh's links are one tile long and a folded torus's at most two;
// stacked z links are vertical (no planar length, one die, two across the
// folded wrap) and planar ones run along x; 3PT's module block is the
// placement with the least wire among all 10! (checked by exhaustive search);
// the other families fill a near-square grid in id order.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <set>
#include <tuple>

#include <wormsim/topology/floorplan.h>
#include <wormsim/topology/petersen_torus.h>
#include <wormsim/topology/registry.h>
#include <wormsim/topology/spec.h>

namespace wormsim::test {
namespace {

TEST(Floorplan, EveryNodeHasItsOwnTileInEveryFamily) {
  for (const TopologyInfo& info : topologies())
    for (const std::string& spec : info.examples)
      for (const ZLayout z : {ZLayout::Stacked, ZLayout::Planar}) {
        const Topology t = make_topology(spec);
        std::set<std::tuple<unsigned, unsigned, unsigned>> seen;
        for (NodeId n = 0; n < t.num_nodes(); ++n) {
          const TileSpot s = t.kind->tile(t, n, z);
          EXPECT_TRUE(seen.insert({s.col, s.row, s.die}).second) << spec << ": node " << n << " shares a tile";
        }
      }
}

TEST(Floorplan, MeshLinksAreOneTileAndTorusLinksAtMostTwo) {
  for (const char* spec : {"mesh:4x4x4", "mesh:5x3x2"}) {
    const Topology t = make_topology(spec);
    const FloorplanStats s = floorplan_stats(t, ZLayout::Stacked);
    EXPECT_EQ(s.max_tiles, 1u) << spec;
    EXPECT_EQ(s.max_dies, 1u) << spec;
  }
  for (const char* spec : {"torus:4x4x4", "torus:5x3x2", "torus:8x8x8"}) {
    const Topology t = make_topology(spec);
    const FloorplanStats s = floorplan_stats(t, ZLayout::Stacked);
    EXPECT_EQ(s.max_tiles, 2u) << spec;
    EXPECT_LE(s.max_dies, 2u) << spec;
  }
  // 8x8x8 torus, stacked: a folded ring of 8 (positions 0 2 4 6 7 5 3 1)
  // has six links of 2 tiles and two of 1; x and y rings per 8 nodes.
  const FloorplanStats s = floorplan_stats(make_topology("torus:8x8x8"), ZLayout::Stacked);
  EXPECT_NEAR(s.tiles_per_node, 2 * (6 * 2.0 + 2 * 1.0) / 8.0, 1e-9);
}

TEST(Floorplan, StackedZLinksAreVerticalAndPlanarOnesRunAlongX) {
  const Topology t = make_topology("mesh:4x4x4");
  const auto stacked = link_spans(t, ZLayout::Stacked);
  const auto planar = link_spans(t, ZLayout::Planar);
  for (NodeId n = 0; n < t.num_nodes(); ++n)
    for (PortId p = 0; p < t.num_ports; ++p) {
      if (!t.peer[n][p]) continue;
      const bool z_link = t.kind->coordinates(n)[2] != t.kind->coordinates(t.peer[n][p]->node)[2];
      const LinkSpan& a = stacked[n * t.num_ports + p];
      const LinkSpan& b = planar[n * t.num_ports + p];
      EXPECT_EQ(a.tiles, z_link ? 0u : 1u);
      EXPECT_EQ(a.dies, z_link ? 1u : 0u);
      EXPECT_EQ(b.tiles, z_link ? 4u : 1u) << "a z layer is 4 tiles wide";
      EXPECT_EQ(b.dies, 0u);
    }
}

// Intra-module wire plus half the wire to the neighbouring modules of an
// unfolded grid, for a placement of the 10 vertices in a 5 x 2 block.
unsigned module_cost(const std::array<std::array<unsigned, 2>, 10>& at) {
  static constexpr std::array<std::array<unsigned, 2>, 15> kEdges{{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {5, 7},
                                                                   {7, 9}, {9, 6}, {6, 8}, {8, 5}, {0, 5}, {1, 8},
                                                                   {2, 6}, {3, 9}, {4, 7}}};
  // external direction (dx, dy) of vertex p, and the vertex it meets
  static constexpr std::array<std::array<int, 3>, 8> kExternal{
      {{1, 1, 0}, {4, -1, 0}, {6, 0, 1}, {9, 0, -1}, {2, 1, 1}, {3, -1, -1}, {7, -1, 1}, {8, 1, -1}}};
  static constexpr std::array<unsigned, 10> kPartner{0, 4, 3, 2, 1, 5, 9, 8, 7, 6};
  const auto d = [](int a, int b) { return static_cast<unsigned>(a > b ? a - b : b - a); };
  unsigned intra = 0, external = 0;
  for (const auto& e : kEdges)
    intra += d(static_cast<int>(at[e[0]][0]), static_cast<int>(at[e[1]][0])) +
             d(static_cast<int>(at[e[0]][1]), static_cast<int>(at[e[1]][1]));
  for (const auto& [p, dx, dy] : kExternal) {
    const unsigned q = kPartner[static_cast<unsigned>(p)];
    external += d(dx * 5 + static_cast<int>(at[q][0]), static_cast<int>(at[static_cast<unsigned>(p)][0])) +
                d(dy * 2 + static_cast<int>(at[q][1]), static_cast<int>(at[static_cast<unsigned>(p)][1]));
  }
  return 2 * intra + external;  // twice (intra + external / 2)
}

TEST(Floorplan, PetersenModuleBlockHasTheLeastWireOfAll10FactorialPlacements) {
  std::array<unsigned, 10> slot;
  std::iota(slot.begin(), slot.end(), 0u);
  unsigned best = ~0u;
  do {
    std::array<std::array<unsigned, 2>, 10> at;
    for (unsigned p = 0; p < 10; ++p) at[p] = {slot[p] % 5, slot[p] / 5};
    best = std::min(best, module_cost(at));
  } while (std::next_permutation(slot.begin(), slot.end()));
  EXPECT_EQ(module_cost(petersen_module_tiles()), best);
  std::cout << "least module wire x 2: " << best << " tile edges\n";
}

TEST(Floorplan, PetersenTorusModulesFoldAndLayersStack) {
  const Topology t = make_topology("3pt:4x4x4");
  const FloorplanStats s = floorplan_stats(t, ZLayout::Stacked);
  EXPECT_EQ(s.cols, 20u);
  EXPECT_EQ(s.rows, 8u);
  EXPECT_EQ(s.dies, 4u);
  EXPECT_EQ(s.max_dies, 2u);
  EXPECT_NEAR(s.vertical_per_node, 0.1, 1e-9) << "vertices 0 and 5 of each module carry z";
  const FloorplanStats p = floorplan_stats(t, ZLayout::Planar);
  EXPECT_EQ(p.cols, 80u);
  EXPECT_EQ(p.dies, 1u);
  EXPECT_GT(p.tiles_per_node, s.tiles_per_node);
}

TEST(Floorplan, OtherFamiliesFillANearSquareGridInIdOrder) {
  const Topology t = make_topology("arrangement:5,2");  // 20 nodes: 5 columns
  EXPECT_EQ(t.kind->tile(t, 7, ZLayout::Stacked).col, 2u);
  EXPECT_EQ(t.kind->tile(t, 7, ZLayout::Stacked).row, 1u);
  const FloorplanStats s = floorplan_stats(t, ZLayout::Stacked);
  EXPECT_EQ(s.cols, 5u);
  EXPECT_EQ(s.rows, 4u);
}

}  // namespace
}  // namespace wormsim::test
