// The floorplan of a topology (docs/floorplan.md): every node's tile
// (TopologyKind::tile: the family's placement) and from it every link's
// span, the Manhattan distance between the two tiles plus the dies it
// crosses on a stack. Lengths are in tiles; a tile's edge in mm comes from
// the router's area and the core beside it.
#pragma once
#include <vector>

#include <wormsim/core/choice.h>

#include <wormsim/topology/topology.h>

namespace wormsim {

/// stacked | planar: the names `--z-layout` takes.
const std::vector<Choice<ZLayout>>& z_layouts();

struct LinkSpan {
  unsigned tiles = 0;  ///< Manhattan distance on the die, in tile edges
  unsigned dies = 0;   ///< dies crossed (a link between stacked dies)
};

/// Where the tiles go: the family's placement (TopologyKind::tile) with its
/// third dimension stacked or planar, or, with grid_cols > 0, every node in
/// id order on one die, grid_cols tiles to a row.
struct FloorplanChoice {
  ZLayout z = ZLayout::Stacked;
  unsigned grid_cols = 0;
};

/// The tile of node n under `f`.
TileSpot tile_of(const Topology& t, NodeId n, const FloorplanChoice& f);

/// The span of every directed network link, at index n * t.num_ports + p
/// ({0, 0} where node n has no link on port p).
std::vector<LinkSpan> link_spans(const Topology& t, const FloorplanChoice& f);
inline std::vector<LinkSpan> link_spans(const Topology& t, ZLayout z) { return link_spans(t, FloorplanChoice{z, 0}); }

struct FloorplanStats {
  unsigned cols = 0, rows = 0, dies = 0;  ///< extent of the tiles used
  unsigned max_tiles = 0;                 ///< the longest link on a die, in tiles
  unsigned max_dies = 0;                  ///< the most dies one link crosses
  double mean_tiles = 0;                  ///< mean planar span of a link, in tiles
  double tiles_per_node = 0;              ///< planar wire per node: undirected links' tiles / nodes
  double vertical_per_node = 0;           ///< undirected links between dies per node
};

FloorplanStats floorplan_stats(const Topology& t, const FloorplanChoice& f);
inline FloorplanStats floorplan_stats(const Topology& t, ZLayout z) { return floorplan_stats(t, FloorplanChoice{z, 0}); }

}  // namespace wormsim
