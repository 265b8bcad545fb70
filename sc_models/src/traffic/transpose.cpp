// Transpose: (x, y, z) sends to (y, x, z). Needs X == Y.
#include <wormsim/core/config_error.h>
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::transpose(const Topology& t) {
  if (t.dims[0] != t.dims[1])
    throw ConfigError("traffic", "transpose needs X == Y, got " + t.spec);
  return std::make_unique<CoordinateMap>(
      t, [](const Coord& c, const std::array<unsigned, 3>&) { return Coord{c.y, c.x, c.z}; });
}

}  // namespace wormsim
