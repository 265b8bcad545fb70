// Bit complement on coordinates: (x, y, z) sends to (X-1-x, Y-1-y, Z-1-z).
// On 3PT: (z, x, y, p) sends to (l-1-z, m-1-x, n-1-y, 9-p).
#include <wormsim/topology/petersen_torus.h>
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::bit_complement(const Topology& t) {
  if (t.kind == "3pt") {
    const std::array<unsigned, 3> lmn = t.dims;
    return std::make_unique<NodeMap>([lmn](NodeId id) {
      const PtCoord c = pt_coord_of(lmn, id);
      return pt_id_of(lmn, PtCoord{lmn[0] - 1 - c.z, lmn[1] - 1 - c.x, lmn[2] - 1 - c.y, 9 - c.p});
    });
  }
  return std::make_unique<CoordinateMap>(t, [](const Coord& c, const std::array<unsigned, 3>& d) {
    return Coord{d[0] - 1 - c.x, d[1] - 1 - c.y, d[2] - 1 - c.z};
  });
}

}  // namespace wormsim
