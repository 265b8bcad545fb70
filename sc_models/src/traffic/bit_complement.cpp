// Bit complement: the topology family's complement permutation (mesh/torus:
// (x, y, z) sends to (X-1-x, Y-1-y, Z-1-z); 3PT: (z, x, y, p) to
// (l-1-z, m-1-x, n-1-y, 9-p)). Families without one refuse it.
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::bit_complement(const Topology& t) {
  return node_map_pattern(t, t.kind->permutation("bitcomp", t), "bitcomp");
}

}  // namespace wormsim
