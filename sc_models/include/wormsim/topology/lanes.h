// Which lane (thread) evaluates each node: the cut of a fabric that the
// multi-threaded engine works on (TopologyKind::lanes). A lane's nodes
// should be close together, so that few links cross between lanes, and the
// lanes equal in size.
#pragma once
#include <array>
#include <cstddef>
#include <vector>

#include <wormsim/core/flit.h>

namespace wormsim {

struct Topology;

/// The most a lane may hold over the mean in a block cut (10%): a cut less
/// even than this is not taken.
constexpr double kMaxLaneImbalance = 1.10;

/// Lane of each of `nodes` nodes: `lanes` equal ranges of ids (within one node).
std::vector<unsigned> contiguous_lanes(std::size_t nodes, unsigned lanes);

/// A cut of t's nodes into blocks: `parts` per dimension of the cell grid,
/// and each node's lane; parts {0, 0, 0} and no lanes when none is even
/// enough.
struct BlockCut {
  std::array<unsigned, 3> parts{0, 0, 0};
  std::vector<unsigned> lane;
};

/// t's nodes sit on the cells of an X x Y x Z grid (`cell_of_node[n]`,
/// every cell holding the same number of nodes), cut into lanes = a x b x c
/// blocks: among the factorizations whose largest block holds at most
/// kMaxLaneImbalance x the mean, the one with the fewest of t's links
/// between lanes (ties: more parts along the later dimensions).
BlockCut block_lanes(const Topology& t, const std::vector<std::array<unsigned, 3>>& cell_of_node,
                     const std::array<unsigned, 3>& extent, unsigned lanes);

/// What each lane's nodes weigh over the mean lane: 1 for an even cut.
/// `work[n]` is node n's measured work; with no work at all, 1.
double lane_imbalance(const std::vector<unsigned>& lane, unsigned lanes, const std::vector<double>& work);

/// Lane of each node: `lanes` ranges of ids, each holding as near the
/// mean of `work` as one node allows (contiguous_lanes when all weigh the same).
std::vector<unsigned> weighted_ranges(const std::vector<double>& work, unsigned lanes);

/// block_lanes' factorization `parts` (a x b x c) cut by measured work
/// (`work[n]` of node n) instead of by size: the cells are cut into a
/// slabs along the first dimension, each slab into b along the second,
/// each of those into c along the third, every cut where the running
/// work reaches its share (cells in the order of the cut's dimension, then
/// the later ones). A lane is then a box, or a box with part of one plane
/// more or less; a cell's nodes share a lane. The lane of part
/// (i, j, k) is (i * b + j) * c + k, as in block_lanes.
std::vector<unsigned> weighted_block_lanes(const std::vector<std::array<unsigned, 3>>& cell_of_node,
                                           const std::array<unsigned, 3>& extent,
                                           const std::array<unsigned, 3>& parts, const std::vector<double>& work);

/// Ranges of ids: equal ones (contiguous_lanes) without `work`, else each
/// holding an equal share of it (weighted_ranges).
std::vector<unsigned> id_range_lanes(std::size_t nodes, unsigned lanes, const std::vector<double>& work);

/// The lanes of a fabric whose nodes sit on a cell grid (as block_lanes):
/// block_lanes' boxes, cut by `work` when given (weighted_block_lanes);
/// where no box cut is even enough, id_range_lanes.
std::vector<unsigned> grid_lanes(const Topology& t, const std::vector<std::array<unsigned, 3>>& cell_of_node,
                                 const std::array<unsigned, 3>& extent, unsigned lanes,
                                 const std::vector<double>& work);

/// Directed links of t whose ends are in different lanes.
std::size_t links_between_lanes(const Topology& t, const std::vector<unsigned>& lane);

}  // namespace wormsim
