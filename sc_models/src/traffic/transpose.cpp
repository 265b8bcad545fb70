// Transpose: swaps the two axes the topology family names for it
// (TopologyKind::permutation_axes; mesh/torus: (x, y, z) sends to (y, x, z);
// 3PT: (z, x, y, p) to (z, y, x, p)); their sides must be equal. Families
// without axes refuse it.
#include <utility>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/topology.h>
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::transpose(const Topology& t) {
  const PermutationAxes axes = permutation_axes(t, "transpose");
  const unsigned a = axes.axis[axes.transpose_a], b = axes.axis[axes.transpose_b];
  if (axes.side[axes.transpose_a] != axes.side[axes.transpose_b])
    throw ConfigError("traffic", "transpose needs equal " + axes.axis_name[axes.transpose_a] + " and " +
                                     axes.axis_name[axes.transpose_b] + " sides, got " + t.spec);
  return coordinate_pattern(t, [a, b](std::vector<unsigned>& c) { std::swap(c[a], c[b]); }, "transpose");
}

}  // namespace wormsim
