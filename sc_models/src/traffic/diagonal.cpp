// Diagonal: every axis coordinate c of a side k goes to (c + 1) mod k, one
// step up in every dimension, wrapping (BookSim's neighbor pattern); sides
// of 1 do not move. The axes are the topology family's (TopologyKind::
// permutation_axes): mesh and torus x, y, z; 3PT the torus coordinates
// (z, x, y) of the Petersen modules, the vertex p kept.
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::diagonal(const Topology& t) {
  const PermutationAxes axes = permutation_axes(t, "diagonal");
  return coordinate_pattern(
      t,
      [axes](std::vector<unsigned>& c) {
        for (std::size_t i = 0; i < axes.axis.size(); ++i) c[axes.axis[i]] = (c[axes.axis[i]] + 1) % axes.side[i];
      },
      "diagonal");
}

}  // namespace wormsim
