// Dual-path routing (Lin, McKinley and Ni, as the 3D-mesh broadcast paper
// summarises it): the source splits its destinations into those labelled above it
// (ascending, one worm in the high-channel network) and below it
// (descending, one worm in the low-channel network). Toward the next
// destination v a worm at u takes the neighbour w with L(u) < L(w) <= L(v)
// of largest label (mirrored in the low network). High channels go up in
// label and low channels down, so neither network has a cycle.
#pragma once
#include <vector>

#include <wormsim/multicast/hamiltonian.h>

namespace wormsim {

struct Worm {
  bool high = true;                   ///< high-channel (ascending labels) or low
  std::vector<NodeId> destinations;   ///< in delivery order
  std::vector<NodeId> path;           ///< every router visited, source first
};

/// The neighbour of u that dual-path routing takes toward v (v != u).
NodeId dual_path_next_hop(const Topology& t, const HamiltonianLabeling& h, NodeId u, NodeId v);

/// The (at most two) worms that deliver from `source` to every node of
/// `destinations` (the source itself and duplicates are ignored).
std::vector<Worm> dual_path(const Topology& t, const HamiltonianLabeling& h, NodeId source,
                            const std::vector<NodeId>& destinations);

}  // namespace wormsim
