// Broadcast and multicast with multi-destination worms (absorb-and-forward):
// dual-path on any topology with a Hamiltonian labeling, and the 3D-mesh
// paper's 3-DBL and 3-DBS (Three-Dimension Broadcast Layers and Surfaces for
// multiport wormhole-routed 3D meshes; the interpretations of its text are listed in docs/broadcast.md).
// Every worm's class is its channel network in the topology's Hamiltonian
// labeling: 0 high (labels rise along it), 1 low.
#pragma once
#include <vector>

#include <wormsim/broadcast/worm_schedule.h>
#include <wormsim/multicast/hamiltonian.h>

namespace wormsim {

/// Dual-path (spec §3): at most two worms from the source, the high one
/// through every node labelled above it, the low one through every node
/// below; one start-up phase. Broadcast: Range headers.
WormSchedule dual_path_broadcast(const Topology& t, NodeId source);
/// Dual-path multicast to `destinations` (List headers).
WormSchedule dual_path_multicast(const Topology& t, NodeId source, const std::vector<NodeId>& destinations);

/// 3-DBL: the source sends one worm up and one down its z column (absorbing
/// at every node) and broadcasts its own layer by dual-path; every node of
/// the column then broadcasts its layer by dual-path. Two start-up phases.
WormSchedule three_dbl(const Topology& t, NodeId source);

/// 3-DBS: the source sends a worm along each of its six lines (x+, x-, y+,
/// y-, z+, z-); every node on its x line sends along its y and z lines, and
/// every node on those y lines along its z line. Three start-up phases; every
/// worm moves in one direction of one dimension.
WormSchedule three_dbs(const Topology& t, NodeId source);

/// The worm along dimension `dim` (0 x, 1 y, 2 z) and direction from `from`
/// to the mesh boundary, absorbing at every node (Line header), or an empty
/// route if `from` is on that boundary.
WormRoute line_worm(const Topology& t, const HamiltonianLabeling& h, NodeId from, unsigned dim, bool positive);

}  // namespace wormsim
