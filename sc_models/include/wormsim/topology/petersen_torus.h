// 3D Petersen-torus 3PT(l, m, n), as Kim and Lee, "Broadcasting Algorithms of
// Three-Dimensional Petersen-Torus Network" (2014), section 2, defines it
// (the Petersen numbering is the one their broadcast schedules use).
//
// Node (z, x, y, p), 0 <= z < l, 0 <= x < m, 0 <= y < n, 0 <= p <= 9, has
//   id = p + 10 * (y + n * (x + m * z)).
// The 10 nodes of a module (z, x, y) form a Petersen graph (outer cycle
// 0-1-2-3-4, inner cycle 5-6-7-8-9, spokes 0-5 1-8 2-6 3-9 4-7); every node
// has one external link whose direction p names (0 z+, 5 z-, 1 x+, 4 x-,
// 6 y+, 9 y-, 2 (x+1, y+1), 3 (x-1, y-1), 7 (x-1, y+1), 8 (x+1, y-1)).
// Router ports: 0 = "ext" (the external link), 1..3 = "pet0".."pet2", the
// Petersen neighbours in ascending order of p.
#pragma once
#include <array>

#include <wormsim/topology/topology.h>

namespace wormsim {

struct PtCoord {
  unsigned z = 0, x = 0, y = 0, p = 0;
};

PtCoord pt_coord_of(const std::array<unsigned, 3>& lmn, NodeId id);
NodeId pt_id_of(const std::array<unsigned, 3>& lmn, const PtCoord& c);

/// The three Petersen neighbours of p, ascending.
std::array<unsigned, 3> petersen_neighbours(unsigned p);

/// Builds 3PT(l, m, n); throws ConfigError (field "topology") if a size < 2.
Topology make_petersen_torus(unsigned l, unsigned m, unsigned n);

}  // namespace wormsim
