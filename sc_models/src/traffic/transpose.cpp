// Transpose: (x, y, z) sends to (y, x, z). Needs X == Y. On 3PT the module
// coordinates: (z, x, y, p) sends to (z, y, x, p); needs m == n.
#include <wormsim/core/config_error.h>
#include <wormsim/topology/petersen_torus.h>
#include <wormsim/traffic/coordinate_map.h>

#include <utility>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::transpose(const Topology& t) {
  if (t.kind == "3pt") {
    if (t.dims[1] != t.dims[2]) throw ConfigError("traffic", "transpose on 3PT needs m == n, got " + t.spec);
    const std::array<unsigned, 3> lmn = t.dims;
    return std::make_unique<NodeMap>([lmn](NodeId id) {
      PtCoord c = pt_coord_of(lmn, id);
      std::swap(c.x, c.y);
      return pt_id_of(lmn, c);
    });
  }
  if (t.dims[0] != t.dims[1])
    throw ConfigError("traffic", "transpose needs X == Y, got " + t.spec);
  return std::make_unique<CoordinateMap>(
      t, [](const Coord& c, const std::array<unsigned, 3>&) { return Coord{c.y, c.x, c.z}; });
}

}  // namespace wormsim
