#include <wormsim/topology/grid.h>

#include <utility>

#include <wormsim/core/config_error.h>
#include <wormsim/multicast/hamiltonian.h>
#include <wormsim/routing/dimension_order.h>
#include <wormsim/topology/bounds.h>
#include <wormsim/topology/lanes.h>
#include <wormsim/topology/registry.h>

namespace wormsim {

Coord coord_of(const std::array<unsigned, 3>& d, NodeId id) {
  return Coord{id % d[0], (id / d[0]) % d[1], id / (d[0] * d[1])};
}

NodeId id_of(const std::array<unsigned, 3>& d, const Coord& c) {
  return c.x + d[0] * (c.y + d[1] * c.z);
}

std::vector<std::array<unsigned, 3>> grid_coord_table(const std::array<unsigned, 3>& d) {
  const std::size_t nodes = std::size_t{d[0]} * d[1] * d[2];
  std::vector<std::array<unsigned, 3>> table(nodes);
  for (NodeId n = 0; n < table.size(); ++n) {
    const Coord c = coord_of(d, n);
    table[n] = {c.x, c.y, c.z};
  }
  return table;
}

int grid_port(const Topology& t, unsigned dim, bool positive) {
  int port = 0;
  for (unsigned k = 0; k < 3; ++k) {
    if (t.dims[k] <= 1) continue;
    if (k == dim) return port + (positive ? 0 : 1);
    port += 2;
  }
  return -1;
}

Topology make_grid(const GridSpec& spec) {
  static const char* const kNames[3][2] = {{"xp", "xm"}, {"yp", "ym"}, {"zp", "zm"}};
  Topology t;
  t.kind = std::make_shared<GridKind>(spec);
  t.dims = spec.dims;
  t.spec = t.kind->name() + ":" + std::to_string(t.dims[0]) + "x" + std::to_string(t.dims[1]) + "x" +
           std::to_string(t.dims[2]);
  for (unsigned k = 0; k < 3; ++k) {
    if (t.dims[k] <= 1) continue;
    t.port_names.push_back(kNames[k][0]);
    t.port_names.push_back(kNames[k][1]);
  }
  t.num_ports = static_cast<unsigned>(t.port_names.size());
  const NodeId n = t.dims[0] * t.dims[1] * t.dims[2];
  t.peer.assign(n, std::vector<std::optional<PortPeer>>(t.num_ports));
  for (NodeId id = 0; id < n; ++id) {
    const Coord c = coord_of(t.dims, id);
    for (unsigned k = 0; k < 3; ++k) {
      const unsigned size = t.dims[k];
      if (size <= 1) continue;
      for (bool positive : {true, false}) {
        std::array<unsigned, 3> v{c.x, c.y, c.z};
        if (positive) {
          if (v[k] + 1 == size && !spec.wrap) continue;
          v[k] = (v[k] + 1) % size;
        } else {
          if (v[k] == 0 && !spec.wrap) continue;
          v[k] = (v[k] + size - 1) % size;
        }
        const NodeId nb = id_of(t.dims, Coord{v[0], v[1], v[2]});
        const int out = grid_port(t, k, positive);
        const int in = grid_port(t, k, !positive);
        t.peer[id][static_cast<unsigned>(out)] = PortPeer{nb, static_cast<PortId>(in)};
      }
    }
  }
  return t;
}

Topology make_grid_from_spec(const std::string& args, bool wrap, const std::string& field) {
  const std::string kind = wrap ? "torus" : "mesh";
  if (args.empty()) throw ConfigError(field, "missing sizes (expected " + kind + ":XxYxZ or " + kind + ":XxY)");
  const auto d = parse_sizes(args, 'x', 2, 3, field, "sizes like 8x8x8 or 8x8 (positive integers)");
  GridSpec g;
  g.wrap = wrap;
  unsigned long long total = 1;
  for (std::size_t k = 0; k < d.size(); ++k) {
    if (d[k] == 0) throw ConfigError(field, "sizes must be at least 1, got '" + args + "'");
    g.dims[k] = d[k];
    total *= d[k];
  }
  if (total < 2) throw ConfigError(field, "a network needs at least 2 nodes, got '" + kind + ":" + args + "'");
  if (total > kMaxTopologyNodes)
    throw ConfigError(field, "at most " + std::to_string(kMaxTopologyNodes) + " nodes, got " + std::to_string(total));
  return make_grid(g);
}

std::string GridKind::node_name(NodeId n) const {
  const Coord c = coord_of(spec_.dims, n);
  return "r" + std::to_string(c.x) + "_" + std::to_string(c.y) + "_" + std::to_string(c.z);
}

// Mesh: tile (x, y); torus: each ring folded (neighbours at most two tiles
// apart). Z: die z of a stack (folded order on the torus), or the z-th copy
// of the x-y layer placed beside the others along x.
TileSpot GridKind::tile(const Topology& /*t*/, NodeId n, ZLayout z) const {
  const Coord c = coord_of(spec_.dims, n);
  const auto& d = spec_.dims;
  const auto at = [this](unsigned i, unsigned k) { return spec_.wrap ? folded(i, k) : i; };
  TileSpot s{at(c.x, d[0]), at(c.y, d[1]), at(c.z, d[2])};
  if (z == ZLayout::Planar) {
    s.col += s.die * d[0];
    s.die = 0;
  }
  return s;
}

std::string GridKind::floorplan(ZLayout z) const {
  const std::string plane = spec_.wrap ? "tiles on an X x Y grid, every ring folded (neighbours two tiles apart)"
                                       : "tiles on an X x Y grid";
  if (z == ZLayout::Stacked)
    return plane + "; Z stacked dies" + (spec_.wrap ? " in folded order" : "") + ", z links through-silicon vias";
  return plane + "; the Z layers side by side along x" + (spec_.wrap ? " in folded order" : "");
}

std::vector<unsigned> GridKind::lanes(const Topology& t, unsigned lanes, const std::vector<double>& work) const {
  return grid_lanes(t, grid_coord_table(spec_.dims), spec_.dims, lanes, work);
}

std::vector<unsigned> GridKind::coordinates(NodeId n) const {
  const Coord c = coord_of(spec_.dims, n);
  return {c.x, c.y, c.z};
}

std::optional<NodeId> GridKind::node_at(const std::vector<unsigned>& c) const {
  if (c.size() != 3) return std::nullopt;
  for (unsigned k = 0; k < 3; ++k)
    if (c[k] >= spec_.dims[k]) return std::nullopt;
  return id_of(spec_.dims, Coord{c[0], c[1], c[2]});
}

std::optional<std::vector<NodeId>> GridKind::hamiltonian_path(const Topology& t, std::string&) const {
  return mesh_snake(t).node_at;
}

EscapeRouting GridKind::escape_routing(const Topology& t) const {
  EscapeRouting e;
  e.vcs = spec_.wrap ? 2 : 1;
  e.routing = std::make_unique<DimensionOrderRouting>(t, e.vcs, DimensionOrderRouting::Datelines::Position);
  e.returns = true;
  return e;
}

std::optional<PermutationAxes> GridKind::permutation_axes() const {
  PermutationAxes a;
  a.axis = {0, 1, 2};
  a.side = {spec_.dims[0], spec_.dims[1], spec_.dims[2]};
  a.axis_name = {"x", "y", "z"};
  return a;
}

void GridKind::add_bounds(const Topology& t, ThroughputBounds& out) const { grid_bounds(t, out); }

std::optional<std::pair<std::size_t, std::string>> GridKind::halving_cut(const Topology& t) const {
  static const char* const kNames[3] = {"x", "y", "z"};
  return coordinate_halving_cut(t, spec_.dims, kNames, false);
}

}  // namespace wormsim
