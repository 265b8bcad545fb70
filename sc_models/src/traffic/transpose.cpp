// Transpose: the topology family's transpose permutation (mesh/torus: (x, y, z)
// sends to (y, x, z), needs X == Y; 3PT: (z, x, y, p) to (z, y, x, p), needs
// m == n). Families without one refuse it (TopologyKind::permutation).
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::transpose(const Topology& t) {
  return node_map_pattern(t, t.kind->permutation("transpose", t), "transpose");
}

}  // namespace wormsim
