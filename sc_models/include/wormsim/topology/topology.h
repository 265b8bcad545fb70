// A topology is data: nodes, their network ports, and for every (node, port)
// the neighbour and the neighbour's input port it reaches. Every node hosts
// one router. Links are directed; an unconnected port has no neighbour.
// Port ids are shared by the whole network (0 .. num_ports-1); a router
// whose family gives it fewer links (RFP_n: 3, 6, ... 3n) has its links on
// ports 0 .. network_ports(node)-1 and nothing beyond. What the network is
// (names, coordinates, default routing, ...) is its TopologyKind (kind.h).
#pragma once
#include <array>
#include <memory>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <wormsim/core/flit.h>
#include <wormsim/topology/kind.h>

namespace wormsim {

struct PortPeer {
  NodeId node = 0;
  PortId port = 0;
};

struct Topology {
  std::shared_ptr<const TopologyKind> kind;  ///< the family and its parameters
  std::string spec;                ///< canonical spec, e.g. "mesh:8x8x8"
  std::array<unsigned, 3> dims{};  ///< mesh/torus: X, Y, Z; 3pt: l, m, n; fp/rfp: n; arrangement: n, k
  unsigned num_ports = 0;          ///< network port ids (the largest router's network ports)
  std::vector<std::string> port_names;
  /// peer[node][port]: where a flit leaving node by port arrives.
  std::vector<std::vector<std::optional<PortPeer>>> peer;

  std::size_t num_nodes() const { return peer.size(); }
  std::size_t num_links() const;  ///< directed network links
  /// Network ports of node n's router: one past its highest connected port.
  unsigned network_ports(NodeId n) const;

  /// The family as type K, or nullptr if it is another family.
  template <class K>
  const K* as() const {
    return dynamic_cast<const K*>(kind.get());
  }
};

}  // namespace wormsim

namespace wormsim {
/// Readable name of a node for waves and messages (the family's: "r<x>_<y>_<z>"
/// on grids, "r<z>_<x>_<y>_<p>" on 3PT, ...).
std::string node_name(const Topology& t, NodeId n);
/// A node given as its id ("42") or its router name ("r1_2_3"); nothing if
/// neither names a node of t.
std::optional<NodeId> find_node(const Topology& t, const std::string& text);
}  // namespace wormsim
