// Hamiltonian paths as node labelings (the 3D-mesh broadcast paper's
// boustrophedon per layer, and a constructed path for 3PT):
// label[node] in 0..N-1, node_at[label] the inverse, and consecutive labels
// are neighbours. Path-based multicast (dual-path routing) and the
// `hamiltonian` unicast routing are built on a labeling.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <wormsim/topology/topology.h>

namespace wormsim {

struct HamiltonianLabeling {
  std::string name;               ///< how it was made, e.g. "snake" or "3pt-search"
  std::vector<unsigned> label;    ///< label of each node
  std::vector<NodeId> node_at;    ///< node of each label
};

/// The paper's boustrophedon label of (x, y) in an X x Y layer:
/// y*X + x on even rows, y*X + X-1-x on odd rows.
unsigned boustrophedon_label(unsigned X, unsigned x, unsigned y);

/// 3D snake on a mesh or torus: layer z is the boustrophedon, reversed on odd
/// layers, offset by z*X*Y, so consecutive labels are neighbours across
/// layers too. A 2D mesh (Z = 1) gets the plain boustrophedon.
HamiltonianLabeling mesh_snake(const Topology& t);

/// A Hamiltonian path of 3PT(l, m, n) for every valid size (l, m, n >= 2): a
/// path over the modules (each a Petersen graph) layer by layer, entering
/// and leaving each module by external links at two non-adjacent nodes and
/// covering the module's ten nodes in between (construction in
/// hamiltonian.cpp). Callers should still verify_hamiltonian() it.
HamiltonianLabeling petersen_torus_path(const Topology& t);

/// The labeling for a topology: its family's Hamiltonian path
/// (TopologyKind::hamiltonian_path); throws ConfigError (field "topology")
/// with the family's reason when it has none.
HamiltonianLabeling hamiltonian_labeling(const Topology& t);

/// A Hamiltonian path found by depth-first search (up to 16 start nodes, Warnsdorff's
/// fewest-onward-moves order, backtracking), giving up after `budget` moves.
std::optional<std::vector<NodeId>> search_hamiltonian_path(const Topology& t, std::size_t budget);

/// "" if `h` is a Hamiltonian path of `t` (every node exactly once, every two
/// consecutive labels joined by a link); otherwise what is wrong.
std::string verify_hamiltonian(const Topology& t, const HamiltonianLabeling& h);

/// Port of `from` whose link reaches `to`, or -1.
int port_towards(const Topology& t, NodeId from, NodeId to);

}  // namespace wormsim
