// The lanes threads work on (TopologyKind::lanes, topology/lanes.h): a mesh
// or torus is cut into equal boxes, with fewer links between lanes than
// equal ranges of ids give, 3PT into equal blocks of whole modules with no
// more; where no cut is even to within 10% (3 lanes on 16 planes), and on
// the other families, the lanes are equal ranges of ids.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include <wormsim/topology/lanes.h>
#include <wormsim/topology/spec.h>
#include <wormsim/topology/topology.h>

namespace wormsim::test {
namespace {

std::vector<std::size_t> lane_sizes(const std::vector<unsigned>& lane, unsigned lanes) {
  std::vector<std::size_t> size(lanes, 0);
  for (unsigned l : lane) ++size.at(l);
  return size;
}

TEST(Lanes, AMeshIsCutIntoEqualBoxesWithFewerLinksBetweenLanes) {
  const Topology t = make_topology("mesh:16x16x16");
  const std::vector<unsigned> lane = t.kind->lanes(t, 16, {});
  for (std::size_t s : lane_sizes(lane, 16)) EXPECT_EQ(s, 256u);
  // every lane a box: its bounding box holds exactly its nodes
  std::map<unsigned, std::array<unsigned, 6>> box;
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const std::vector<unsigned> c = t.kind->coordinates(n);
    auto [it, fresh] = box.try_emplace(lane[n], std::array<unsigned, 6>{c[0], c[1], c[2], c[0], c[1], c[2]});
    for (unsigned d = 0; d < 3 && !fresh; ++d) {
      it->second[d] = std::min(it->second[d], c[d]);
      it->second[d + 3] = std::max(it->second[d + 3], c[d]);
    }
  }
  for (const auto& [l, b] : box)
    EXPECT_EQ((b[3] - b[0] + 1) * (b[4] - b[1] + 1) * (b[5] - b[2] + 1), 256u) << "lane " << l;
  const std::size_t blocks = links_between_lanes(t, lane), ranges = links_between_lanes(t, contiguous_lanes(t.num_nodes(), 16));
  std::cout << "links between lanes, 16 lanes: boxes " << blocks << ", id ranges " << ranges << "\n";
  EXPECT_LT(blocks, ranges * 2 / 3);
  std::vector<std::array<unsigned, 3>> cells(t.num_nodes());
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const std::vector<unsigned> c = t.kind->coordinates(n);
    cells[n] = {c[0], c[1], c[2]};
  }
  EXPECT_EQ(block_lanes(t, cells, {16, 16, 16}, 16).parts, (std::array<unsigned, 3>{2, 2, 4}));
  EXPECT_EQ(block_lanes(t, cells, {16, 16, 16}, 3).parts, (std::array<unsigned, 3>{0, 0, 0}))
      << "3 parts of 16 planes: 6 of them in one, 12.5% over the mean";
}

TEST(Lanes, TwoLanesHalveTheMeshAsIdRangesDo) {
  const Topology t = make_topology("mesh:16x16x16");
  EXPECT_EQ(t.kind->lanes(t, 2, {}), contiguous_lanes(t.num_nodes(), 2));
}

TEST(Lanes, WithoutAnEvenCutTheLanesAreIdRanges) {
  const Topology mesh = make_topology("mesh:16x16x16");
  EXPECT_EQ(mesh.kind->lanes(mesh, 3, {}), contiguous_lanes(mesh.num_nodes(), 3));
  const Topology petersen = make_topology("petersen");
  EXPECT_EQ(petersen.kind->lanes(petersen, 2, {}), contiguous_lanes(petersen.num_nodes(), 2));
  const std::vector<unsigned> ranges = contiguous_lanes(10, 3);
  EXPECT_EQ(ranges, (std::vector<unsigned>{0, 0, 0, 0, 1, 1, 1, 2, 2, 2}));
}

TEST(Lanes, ATorusOfModulesIsCutIntoBlocksOfWholeModules) {
  const Topology t = make_topology("3pt:4x4x4");
  const std::vector<unsigned> lane = t.kind->lanes(t, 8, {});
  for (std::size_t s : lane_sizes(lane, 8)) EXPECT_EQ(s, t.num_nodes() / 8);
  std::map<std::vector<unsigned>, unsigned> module_lane;
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    std::vector<unsigned> c = t.kind->coordinates(n);
    c.pop_back();  // the node within its module
    const auto [it, fresh] = module_lane.try_emplace(c, lane[n]);
    EXPECT_EQ(it->second, lane[n]) << "a module split between lanes";
  }
  EXPECT_LE(links_between_lanes(t, lane), links_between_lanes(t, contiguous_lanes(t.num_nodes(), 8)));
}

std::vector<std::array<unsigned, 3>> grid_cells(const Topology& t) {
  std::vector<std::array<unsigned, 3>> cells(t.num_nodes());
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const std::vector<unsigned> c = t.kind->coordinates(n);
    cells[n] = {c[0], c[1], c[2]};
  }
  return cells;
}

// Cut by measured work (weighted_block_lanes): with every node weighing the
// same, the boxes of the cut by size; with work piled in one corner, lanes
// of equal work where the boxes are 3x uneven.
TEST(Lanes, AMeshCutByWorkGivesEachLaneAnEqualShare) {
  const Topology t = make_topology("mesh:16x16x16");
  const std::vector<std::array<unsigned, 3>> cells = grid_cells(t);
  const BlockCut boxes = block_lanes(t, cells, {16, 16, 16}, 16);
  EXPECT_EQ(weighted_block_lanes(cells, {16, 16, 16}, boxes.parts, std::vector<double>(t.num_nodes(), 1.0)), boxes.lane);
  EXPECT_EQ(t.kind->lanes(t, 16, std::vector<double>(t.num_nodes(), 2.0)), boxes.lane);
  std::vector<double> work(t.num_nodes());
  for (NodeId n = 0; n < t.num_nodes(); ++n)  // 10x the work in the octant at the origin
    work[n] = cells[n][0] < 8 && cells[n][1] < 8 && cells[n][2] < 8 ? 10.0 : 1.0;
  const std::vector<unsigned> cut = t.kind->lanes(t, 16, work);
  const double before = lane_imbalance(boxes.lane, 16, work), after = lane_imbalance(cut, 16, work);
  std::cout << "busiest lane over the mean: boxes " << before << ", cut by work " << after << "\n";
  EXPECT_GT(before, 1.5);
  EXPECT_LT(after, 1.05);
  for (unsigned l : cut) EXPECT_LT(l, 16u);
}

TEST(Lanes, RangesCutByWorkAndTheImbalanceTheyLeave) {
  EXPECT_EQ(weighted_ranges({1, 1, 1, 1, 1, 1}, 3), (std::vector<unsigned>{0, 0, 1, 1, 2, 2}));
  EXPECT_EQ(weighted_ranges({6, 1, 1, 1, 1, 1, 1}, 2), (std::vector<unsigned>{0, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(weighted_ranges({0, 0, 0, 0}, 2), (std::vector<unsigned>{0, 0, 1, 1})) << "nothing measured: by count";
  EXPECT_EQ(weighted_ranges({5, 5}, 4), (std::vector<unsigned>{0, 1})) << "fewer nodes than lanes: one each";
  EXPECT_DOUBLE_EQ(lane_imbalance({0, 0, 1, 1}, 2, {1, 1, 1, 1}), 1.0);
  EXPECT_DOUBLE_EQ(lane_imbalance({0, 0, 0, 1}, 2, {1, 1, 1, 1}), 1.5);
  EXPECT_DOUBLE_EQ(lane_imbalance({0, 1}, 2, {0, 0}), 1.0);
  const Topology petersen = make_topology("petersen");
  std::vector<double> work(10, 1.0);
  work[0] = 9.0;
  EXPECT_EQ(petersen.kind->lanes(petersen, 2, work), (std::vector<unsigned>{0, 1, 1, 1, 1, 1, 1, 1, 1, 1}));
}

}  // namespace
}  // namespace wormsim::test
