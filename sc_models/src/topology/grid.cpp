#include <wormsim/topology/grid.h>

namespace wormsim {

Coord coord_of(const std::array<unsigned, 3>& d, NodeId id) {
  return Coord{id % d[0], (id / d[0]) % d[1], id / (d[0] * d[1])};
}

NodeId id_of(const std::array<unsigned, 3>& d, const Coord& c) {
  return c.x + d[0] * (c.y + d[1] * c.z);
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
  t.kind = spec.wrap ? "torus" : "mesh";
  t.dims = spec.dims;
  t.spec = t.kind + ":" + std::to_string(t.dims[0]) + "x" + std::to_string(t.dims[1]) + "x" +
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

}  // namespace wormsim
