// Bit complement: every axis coordinate c of a side k goes to k-1-c, and the
// family's inner coordinate (3PT's Petersen vertex p) to its mirror
// (mesh/torus: (x, y, z) sends to (X-1-x, Y-1-y, Z-1-z); 3PT: (z, x, y, p) to
// (l-1-z, m-1-x, n-1-y, 9-p)). Families without axes refuse it.
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::bit_complement(const Topology& t) {
  const PermutationAxes axes = permutation_axes(t, "bitcomp");
  return coordinate_pattern(
      t,
      [axes](std::vector<unsigned>& c) {
        for (std::size_t i = 0; i < axes.axis.size(); ++i) c[axes.axis[i]] = axes.side[i] - 1 - c[axes.axis[i]];
        if (axes.inner >= 0) c[static_cast<unsigned>(axes.inner)] = axes.inner_side - 1 - c[static_cast<unsigned>(axes.inner)];
      },
      "bitcomp");
}

}  // namespace wormsim
