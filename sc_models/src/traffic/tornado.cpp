// Tornado: every axis coordinate c of a side k goes to (c + ceil(k/2) - 1)
// mod k, nearly half way round in the same direction (sides of 1 or 2 do not
// move). The axes are the topology family's (TopologyKind::
// permutation_axes): mesh and torus x, y, z; 3PT the torus coordinates
// (z, x, y) of the Petersen modules, the vertex p kept.
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::tornado(const Topology& t) {
  const PermutationAxes axes = permutation_axes(t, "tornado");
  return coordinate_pattern(
      t,
      [axes](std::vector<unsigned>& c) {
        for (std::size_t i = 0; i < axes.axis.size(); ++i) {
          const unsigned k = axes.side[i];
          c[axes.axis[i]] = (c[axes.axis[i]] + (k + 1) / 2 - 1) % k;
        }
      },
      "tornado");
}

}  // namespace wormsim
