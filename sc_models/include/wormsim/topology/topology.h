// A topology is data: nodes, each with the same number of network ports, and
// for every (node, port) the neighbour and the neighbour's input port it
// reaches. Every node hosts one router. Links are directed; an unconnected
// port has no neighbour.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <wormsim/core/flit.h>

namespace wormsim {

struct PortPeer {
  NodeId node = 0;
  PortId port = 0;
};

struct Topology {
  std::string kind;                ///< "mesh", "torus" or "3pt"
  std::string spec;                ///< canonical spec, e.g. "mesh:8x8x8"
  std::array<unsigned, 3> dims{};  ///< mesh/torus: X, Y, Z; 3pt: l, m, n
  unsigned num_ports = 0;          ///< network ports per router
  std::vector<std::string> port_names;
  /// peer[node][port]: where a flit leaving node by port arrives.
  std::vector<std::vector<std::optional<PortPeer>>> peer;

  std::size_t num_nodes() const { return peer.size(); }
  std::size_t num_links() const;  ///< directed network links
};

}  // namespace wormsim

namespace wormsim {
/// Readable name of a node for waves and messages: "r<x>_<y>_<z>" on grids,
/// "r<z>_<x>_<y>_<p>" on 3PT.
std::string node_name(const Topology& t, NodeId n);
}  // namespace wormsim
