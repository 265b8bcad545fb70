#include "topology_facts.h"

#include <wormsim/topology/distances.h>
#include <wormsim/topology/grid.h>
#include <wormsim/topology/petersen_torus.h>

namespace wormsim::driver {
namespace {

// Coordinate of node n along dimension d (mesh/torus: x, y, z; 3PT: z, x, y).
unsigned coordinate(const Topology& t, NodeId n, unsigned d) {
  if (t.kind == "3pt") {
    const PtCoord c = pt_coord_of(t.dims, n);
    const unsigned v[3] = {c.z, c.x, c.y};
    return v[d];
  }
  const Coord c = coord_of(t.dims, n);
  const unsigned v[3] = {c.x, c.y, c.z};
  return v[d];
}

}  // namespace

TopologyFacts topology_facts(const Topology& t) {
  TopologyFacts f;
  f.nodes = t.num_nodes();
  f.links = t.num_links() / 2;
  for (NodeId n = 0; n < f.nodes; ++n) {
    unsigned degree = 0;
    for (const auto& p : t.peer[n]) degree += p ? 1 : 0;
    ++f.degree_histogram[degree];
  }
  if (f.nodes <= DistanceTable::kMaxNodes) {
    const DistanceTable d(t);
    f.connected = d.connected();
    f.diameter = d.diameter();
    f.average_distance = d.average();
  }
  static const char* const kGrid[3] = {"x", "y", "z"};
  static const char* const kPt[3] = {"z", "x", "y"};
  for (unsigned d = 0; d < 3; ++d) {
    const unsigned size = t.dims[d];
    if (size < 2 || size % 2 != 0) continue;
    std::size_t crossing = 0;
    for (NodeId n = 0; n < f.nodes; ++n)
      for (const auto& p : t.peer[n])
        if (p && (coordinate(t, n, d) < size / 2) != (coordinate(t, p->node, d) < size / 2)) ++crossing;
    crossing /= 2;
    if (!f.bisection || crossing < *f.bisection) {
      f.bisection = crossing;
      f.bisection_dimension = t.kind == "3pt" ? kPt[d] : kGrid[d];
    }
  }
  return f;
}

}  // namespace wormsim::driver
