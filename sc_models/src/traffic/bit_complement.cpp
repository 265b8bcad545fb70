// Bit complement on coordinates: (x, y, z) sends to (X-1-x, Y-1-y, Z-1-z).
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::bit_complement(const Topology& t) {
  return std::make_unique<CoordinateMap>(t, [](const Coord& c, const std::array<unsigned, 3>& d) {
    return Coord{d[0] - 1 - c.x, d[1] - 1 - c.y, d[2] - 1 - c.z};
  });
}

}  // namespace wormsim
