#include <wormsim/topology/topology.h>

#include <algorithm>
#include <cctype>

#include <wormsim/core/config_error.h>
#include <wormsim/routing/spanning_tree.h>
#include <wormsim/topology/lanes.h>

namespace wormsim {

std::size_t Topology::num_links() const {
  std::size_t n = 0;
  for (const auto& ports : peer)
    for (const auto& p : ports) n += p.has_value() ? 1 : 0;
  return n;
}

unsigned Topology::network_ports(NodeId n) const {
  unsigned last = 0;
  for (unsigned p = 0; p < peer[n].size(); ++p)
    if (peer[n][p]) last = p + 1;
  return last;
}

std::string node_name(const Topology& t, NodeId n) { return t.kind->node_name(n); }

std::optional<NodeId> find_node(const Topology& t, const std::string& text) {
  if (!text.empty() && text.size() <= 9 &&
      std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    const unsigned long v = std::stoul(text);
    if (v < t.num_nodes()) return static_cast<NodeId>(v);
    return std::nullopt;
  }
  for (NodeId n = 0; n < t.num_nodes(); ++n)
    if (t.kind->node_name(n) == text) return n;
  return std::nullopt;
}

EscapeRouting TopologyKind::escape_routing(const Topology& t) const {
  EscapeRouting e;
  e.routing = std::make_unique<SpanningTreeRouting>(t, 1);
  return e;
}

std::vector<unsigned> TopologyKind::lanes(const Topology& t, unsigned lanes, const std::vector<double>& work) const {
  return id_range_lanes(t.num_nodes(), lanes, work);
}

TileSpot TopologyKind::tile(const Topology& t, NodeId n, ZLayout /*z*/) const {
  unsigned cols = 1;
  while (std::size_t{cols} * cols < t.num_nodes()) ++cols;
  return TileSpot{n % cols, n / cols, 0};
}

std::string TopologyKind::floorplan(ZLayout /*z*/) const {
  return "one die; tiles in id order on a near-square grid of ceil(sqrt(N)) columns";
}

}  // namespace wormsim
