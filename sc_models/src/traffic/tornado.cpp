// Tornado: the topology family's tornado permutation (TopologyKind::
// permutation). Mesh and torus: every coordinate c of a side k goes to
// (c + ceil(k/2) - 1) mod k, nearly half way round in the same direction
// (sides of 1 or 2 do not move); 3PT: the same on the torus coordinates
// (z, x, y) of the Petersen modules, the vertex p kept.
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::tornado(const Topology& t) {
  return node_map_pattern(t, t.kind->permutation("tornado", t), "tornado");
}

}  // namespace wormsim
