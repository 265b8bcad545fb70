#include <wormsim/topology/grid.h>
#include <wormsim/topology/petersen_torus.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

std::size_t Topology::num_links() const {
  std::size_t n = 0;
  for (const auto& ports : peer)
    for (const auto& p : ports) n += p.has_value() ? 1 : 0;
  return n;
}

std::string node_name(const Topology& t, NodeId n) {
  if (t.kind == "mesh" || t.kind == "torus") {
    const Coord c = coord_of(t.dims, n);
    return "r" + std::to_string(c.x) + "_" + std::to_string(c.y) + "_" + std::to_string(c.z);
  }
  if (t.kind == "3pt") {
    const PtCoord c = pt_coord_of(t.dims, n);
    return "r" + std::to_string(c.z) + "_" + std::to_string(c.x) + "_" + std::to_string(c.y) + "_" +
           std::to_string(c.p);
  }
  return "r" + std::to_string(n);
}

}  // namespace wormsim
