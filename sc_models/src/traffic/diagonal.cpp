// Diagonal: the topology family's diagonal permutation (TopologyKind::
// permutation). Mesh and torus: every coordinate c of a side k goes to
// (c + 1) mod k, one step up in every dimension, wrapping (BookSim's
// neighbor pattern); sides of 1 do not move. 3PT: the same on the torus
// coordinates (z, x, y) of the Petersen modules, the vertex p kept.
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::diagonal(const Topology& t) {
  return node_map_pattern(t, t.kind->permutation("diagonal", t), "diagonal");
}

}  // namespace wormsim
