#include <wormsim/topology/petersen_torus.h>

#include <utility>

#include <wormsim/core/config_error.h>
#include <wormsim/multicast/hamiltonian.h>
#include <wormsim/routing/petersen_torus_dor.h>
#include <wormsim/topology/lanes.h>
#include <wormsim/topology/bounds.h>
#include <wormsim/topology/registry.h>

namespace wormsim {
namespace {

// External link of node p: module offset (dz, dx, dy) and the p it reaches.
struct External {
  int dz, dx, dy;
  unsigned to;
};
constexpr External kExternal[10] = {
    {+1, 0, 0, 5},   // 0: z+
    {0, +1, 0, 4},   // 1: x+
    {0, +1, +1, 3},  // 2: diagonal
    {0, -1, -1, 2},  // 3: diagonal back
    {0, -1, 0, 1},   // 4: x-
    {-1, 0, 0, 0},   // 5: z-
    {0, 0, +1, 9},   // 6: y+
    {0, -1, +1, 8},  // 7: reverse diagonal
    {0, +1, -1, 7},  // 8: reverse diagonal back
    {0, 0, -1, 6},   // 9: y-
};

unsigned wrap(unsigned v, int d, unsigned size) {
  return static_cast<unsigned>((static_cast<int>(v) + d + static_cast<int>(size)) % static_cast<int>(size));
}

}  // namespace

PtCoord pt_coord_of(const std::array<unsigned, 3>& s, NodeId id) {
  PtCoord c;
  c.p = id % 10;
  NodeId module = id / 10;
  c.y = module % s[2];
  module /= s[2];
  c.x = module % s[1];
  c.z = module / s[1];
  return c;
}

NodeId pt_id_of(const std::array<unsigned, 3>& s, const PtCoord& c) {
  return c.p + 10 * (c.y + s[2] * (c.x + s[1] * c.z));
}

Topology make_petersen_torus(unsigned l, unsigned m, unsigned n) {
  if (l < 2 || m < 2 || n < 2)
    throw ConfigError("topology", "3PT sizes must be at least 2, got 3pt:" + std::to_string(l) + "x" +
                                      std::to_string(m) + "x" + std::to_string(n));
  Topology t;
  t.kind = std::make_shared<PetersenTorusKind>(std::array<unsigned, 3>{l, m, n});
  t.dims = {l, m, n};
  t.spec = "3pt:" + std::to_string(l) + "x" + std::to_string(m) + "x" + std::to_string(n);
  t.port_names = {"ext", "pet0", "pet1", "pet2"};
  t.num_ports = 4;
  const NodeId total = 10 * l * m * n;
  t.peer.assign(total, std::vector<std::optional<PortPeer>>(4));
  std::array<std::array<unsigned, 3>, 10> nb{};
  for (unsigned p = 0; p < 10; ++p) nb[p] = petersen_neighbours(p);
  auto port_towards = [&](unsigned p, unsigned q) {
    for (unsigned k = 0; k < 3; ++k)
      if (nb[p][k] == q) return static_cast<PortId>(1 + k);
    return PortId{0};
  };
  for (NodeId id = 0; id < total; ++id) {
    const PtCoord c = pt_coord_of(t.dims, id);
    const External& e = kExternal[c.p];
    PtCoord to{wrap(c.z, e.dz, l), wrap(c.x, e.dx, m), wrap(c.y, e.dy, n), e.to};
    t.peer[id][0] = PortPeer{pt_id_of(t.dims, to), 0};
    for (unsigned k = 0; k < 3; ++k) {
      PtCoord q = c;
      q.p = nb[c.p][k];
      t.peer[id][1 + k] = PortPeer{pt_id_of(t.dims, q), port_towards(q.p, c.p)};
    }
  }
  return t;
}

Topology make_petersen_torus_from_spec(const std::string& args, const std::string& field) {
  if (args.empty()) throw ConfigError(field, "missing sizes (expected 3pt:LxMxN, each at least 2)");
  const auto d = parse_sizes(args, 'x', 3, 3, field, "3pt:LxMxN (three sizes, each at least 2)");
  if (10ull * d[0] * d[1] * d[2] > kMaxTopologyNodes)
    throw ConfigError(field, "at most " + std::to_string(kMaxTopologyNodes) + " nodes, got '3pt:" + args + "'");
  return make_petersen_torus(d[0], d[1], d[2]);
}

std::string PetersenTorusKind::node_name(NodeId n) const {
  const PtCoord c = pt_coord_of(lmn_, n);
  return "r" + std::to_string(c.z) + "_" + std::to_string(c.x) + "_" + std::to_string(c.y) + "_" +
         std::to_string(c.p);
}

namespace {
// A module's 10 nodes in a 5 x 2 block of tiles: (column, row) of vertex p.
// The placement with the least intra-module wire plus half the wire to the
// neighbouring modules (an unfolded module grid), found by exhaustive search
// over the 10! placements; tb/topology/floorplan_test.cpp repeats it.
constexpr std::array<std::array<unsigned, 2>, 10> kModuleTile{{
    {1, 0}, {4, 0}, {3, 0}, {2, 0}, {0, 0}, {1, 1}, {3, 1}, {0, 1}, {4, 1}, {2, 1}}};
}  // namespace

const std::array<std::array<unsigned, 2>, 10>& petersen_module_tiles() { return kModuleTile; }

// Modules on an m x n grid of 5 x 2 blocks, both rings folded; z: die
// folded(z, l) of a stack, or the l layers side by side along x (folded order).
TileSpot PetersenTorusKind::tile(const Topology& /*t*/, NodeId n, ZLayout z) const {
  const PtCoord c = pt_coord_of(lmn_, n);
  TileSpot s{5 * folded(c.x, lmn_[1]) + kModuleTile[c.p][0], 2 * folded(c.y, lmn_[2]) + kModuleTile[c.p][1],
             folded(c.z, lmn_[0])};
  if (z == ZLayout::Planar) {
    s.col += s.die * 5 * lmn_[1];
    s.die = 0;
  }
  return s;
}

std::string PetersenTorusKind::floorplan(ZLayout z) const {
  const std::string plane =
      "each module's 10 nodes in a 5 x 2 block (least intra-module wire), modules on an m x n grid with both "
      "rings folded";
  return plane + (z == ZLayout::Stacked ? "; the l layers stacked dies in folded order, z links through-silicon vias"
                                        : "; the l layers side by side along x in folded order");
}

std::vector<unsigned> PetersenTorusKind::lanes(const Topology& t, unsigned lanes, const std::vector<double>& work) const {
  std::vector<std::array<unsigned, 3>> module(t.num_nodes());
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const PtCoord c = pt_coord_of(lmn_, n);
    module[n] = {c.z, c.x, c.y};
  }
  return grid_lanes(t, module, lmn_, lanes, work);
}

std::vector<unsigned> PetersenTorusKind::coordinates(NodeId n) const {
  const PtCoord c = pt_coord_of(lmn_, n);
  return {c.z, c.x, c.y, c.p};
}

std::optional<NodeId> PetersenTorusKind::node_at(const std::vector<unsigned>& c) const {
  if (c.size() != 4 || c[0] >= lmn_[0] || c[1] >= lmn_[1] || c[2] >= lmn_[2] || c[3] >= 10) return std::nullopt;
  return pt_id_of(lmn_, PtCoord{c[0], c[1], c[2], c[3]});
}

std::optional<std::vector<NodeId>> PetersenTorusKind::hamiltonian_path(const Topology& t, std::string&) const {
  return petersen_torus_path(t).node_at;
}

EscapeRouting PetersenTorusKind::escape_routing(const Topology& t) const {
  auto r1 = std::make_unique<PetersenTorusDorRouting>(t, 0, PetersenTorusDorRouting::default_level_classes(), 2);
  EscapeRouting e;
  e.vcs = r1->classes();
  e.port0_mask = r1->class_mask(PetersenTorusDorRouting::kExternal0) | r1->class_mask(PetersenTorusDorRouting::kExternal1);
  e.routing = std::move(r1);
  return e;
}

std::optional<PermutationAxes> PetersenTorusKind::permutation_axes() const {
  PermutationAxes a;
  a.axis = {0, 1, 2};
  a.side = {lmn_[0], lmn_[1], lmn_[2]};
  a.axis_name = {"z", "x", "y"};
  a.transpose_a = 1;
  a.transpose_b = 2;
  a.inner = 3;
  a.inner_side = 10;
  return a;
}

void PetersenTorusKind::add_bounds(const Topology& t, ThroughputBounds& out) const { petersen_torus_bounds(t, out); }

std::optional<std::pair<std::size_t, std::string>> PetersenTorusKind::halving_cut(const Topology& t) const {
  static const char* const kNames[3] = {"z", "x", "y"};
  return coordinate_halving_cut(t, lmn_, kNames, true);
}

}  // namespace wormsim
