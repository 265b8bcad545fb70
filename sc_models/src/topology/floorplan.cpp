#include <wormsim/topology/floorplan.h>

#include <algorithm>

namespace wormsim {
namespace {

unsigned distance(unsigned a, unsigned b) { return a > b ? a - b : b - a; }

}  // namespace

TileSpot tile_of(const Topology& t, NodeId n, const FloorplanChoice& f) {
  if (f.grid_cols > 0) return TileSpot{n % f.grid_cols, n / f.grid_cols, 0};
  return t.kind->tile(t, n, f.z);
}

std::vector<LinkSpan> link_spans(const Topology& t, const FloorplanChoice& f) {
  std::vector<TileSpot> at(t.num_nodes());
  for (NodeId n = 0; n < t.num_nodes(); ++n) at[n] = tile_of(t, n, f);
  std::vector<LinkSpan> spans(t.num_nodes() * t.num_ports);
  for (NodeId n = 0; n < t.num_nodes(); ++n)
    for (PortId p = 0; p < t.num_ports; ++p)
      if (const auto& peer = t.peer[n][p]) {
        const TileSpot &a = at[n], &b = at[peer->node];
        spans[n * t.num_ports + p] = LinkSpan{distance(a.col, b.col) + distance(a.row, b.row), distance(a.die, b.die)};
      }
  return spans;
}

FloorplanStats floorplan_stats(const Topology& t, const FloorplanChoice& f) {
  FloorplanStats s;
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const TileSpot a = tile_of(t, n, f);
    s.cols = std::max(s.cols, a.col + 1);
    s.rows = std::max(s.rows, a.row + 1);
    s.dies = std::max(s.dies, a.die + 1);
  }
  const std::vector<LinkSpan> spans = link_spans(t, f);
  std::size_t links = 0, tiles = 0, vertical = 0;
  for (NodeId n = 0; n < t.num_nodes(); ++n)
    for (PortId p = 0; p < t.num_ports; ++p) {
      if (!t.peer[n][p]) continue;
      const LinkSpan& l = spans[n * t.num_ports + p];
      ++links;
      tiles += l.tiles;
      vertical += l.dies > 0;
      s.max_tiles = std::max(s.max_tiles, l.tiles);
      s.max_dies = std::max(s.max_dies, l.dies);
    }
  if (links > 0) s.mean_tiles = static_cast<double>(tiles) / static_cast<double>(links);
  // every undirected link is two directed ones
  s.tiles_per_node = static_cast<double>(tiles) / 2.0 / static_cast<double>(t.num_nodes());
  s.vertical_per_node = static_cast<double>(vertical) / 2.0 / static_cast<double>(t.num_nodes());
  return s;
}

const std::vector<Choice<ZLayout>>& z_layouts() {
  static const std::vector<Choice<ZLayout>> table = {
      {"stacked", "the third dimension as stacked dies, its links through-silicon vias", ZLayout::Stacked},
      {"planar", "the third dimension folded into the plane beside the first layer", ZLayout::Planar},
  };
  return table;
}

}  // namespace wormsim
