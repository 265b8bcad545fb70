#include <wormsim/topology/petersen_torus.h>

#include <wormsim/core/config_error.h>

namespace wormsim {
namespace {

// Petersen edges with the spec's numbering.
constexpr unsigned kEdges[15][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {5, 6}, {6, 7}, {7, 8},
                                    {8, 9}, {9, 5}, {0, 5}, {1, 8}, {2, 6}, {3, 9}, {4, 7}};

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

std::array<unsigned, 3> petersen_neighbours(unsigned p) {
  std::array<unsigned, 3> out{};
  unsigned k = 0;
  for (unsigned q = 0; q < 10; ++q)
    for (const auto& e : kEdges)
      if ((e[0] == p && e[1] == q) || (e[1] == p && e[0] == q)) out[k++] = q;
  return out;
}

Topology make_petersen_torus(unsigned l, unsigned m, unsigned n) {
  if (l < 2 || m < 2 || n < 2)
    throw ConfigError("topology", "3PT sizes must be at least 2, got 3pt:" + std::to_string(l) + "x" +
                                      std::to_string(m) + "x" + std::to_string(n));
  Topology t;
  t.kind = "3pt";
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

}  // namespace wormsim
