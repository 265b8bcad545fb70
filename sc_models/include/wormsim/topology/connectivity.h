// Vertex connectivity (the fewest nodes whose removal disconnects the
// network) and cut vertices, for `wormsim topo` and the tests.
#pragma once
#include <optional>
#include <vector>

#include <wormsim/topology/topology.h>

namespace wormsim {

/// Nodes whose removal disconnects the network (articulation points).
std::vector<NodeId> cut_vertices(const Topology& t);

/// Vertex connectivity by unit-capacity max-flow (Even's algorithm: from
/// each of the first kappa+1 nodes to every later node not adjacent to it);
/// with `vertex_transitive` from node 0 only (some minimum cut leaves node
/// 0 out, up to an automorphism). Nothing if the network has more than
/// `max_nodes` nodes. A complete graph K_n has connectivity n - 1.
std::optional<unsigned> vertex_connectivity(const Topology& t, bool vertex_transitive, std::size_t max_nodes = 1000);

}  // namespace wormsim
