#include <wormsim/routing/adaptive.h>

#include <algorithm>

#include <wormsim/core/config_error.h>
#include <wormsim/routing/shortest_path.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

AdaptiveRouting::AdaptiveRouting(const Topology& t, unsigned vcs, Escape escape, bool force_return, unsigned threads)
    : topo_(t), minimal_(t, threads), escape_kind_(escape) {
  if (!minimal_.connected()) throw ConfigError("topology", t.spec + " is not connected");
  std::vector<std::uint32_t> escape_mask(t.num_ports, 0);
  unsigned escape_vcs = 1;
  std::uint32_t port0_escape = 0;
  bool family_returns = false;
  if (escape == Escape::Minimal) {
    escape_ = std::make_unique<ShortestPathRouting>(t, 1, threads);
  } else {
    EscapeRouting family = t.kind->escape_routing(t);
    escape_ = std::move(family.routing);
    escape_vcs = family.vcs;
    port0_escape = family.port0_mask;
    family_returns = family.returns;
  }
  for (PortId p = 0; p < t.num_ports; ++p) escape_mask[p] = all_vcs_mask(escape_vcs);
  if (port0_escape != 0) escape_mask[0] = port0_escape;
  // Default: 8 VCs where (network ports + 1 local port) x 8 fits the
  // router's 64 input VCs, else the escape VCs and 2 adaptive ones.
  vcs_ = vcs != 0 ? vcs : (t.num_ports + 1) * 8 <= 64 ? std::max(8u, escape_vcs + 1) : escape_vcs + 2;
  if (vcs_ <= escape_vcs)
    throw ConfigError("vcs", name() + " on " + t.spec + " needs more than " + std::to_string(escape_vcs) +
                                 " VCs (" + std::to_string(escape_vcs) +
                                 " escape VC(s) and at least one adaptive VC), got " + std::to_string(vcs_));
  adaptive_mask_.resize(t.num_ports);
  for (PortId p = 0; p < t.num_ports; ++p) adaptive_mask_[p] = all_vcs_mask(vcs_) & ~escape_mask[p];
  returns_ = family_returns || escape == Escape::Minimal || force_return;
  arriving_escape_.assign(t.num_nodes() * t.num_ports, 0);
  for (NodeId u = 0; u < t.num_nodes(); ++u)
    for (PortId p = 0; p < t.num_ports; ++p)
      if (const auto& peer = t.peer[u][p]) arriving_escape_[peer->node * t.num_ports + peer->port] = escape_mask[p];
}

void AdaptiveRouting::route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const {
  if (!returns_ && in_port < topo_.num_ports && (arriving_escape_[here * topo_.num_ports + in_port] >> in_vc & 1u))
    return escape_route(here, head.dst, out);
  for (std::uint32_t m = minimal_(here, head.dst); m; m &= m - 1) {
    const PortId q = static_cast<PortId>(__builtin_ctz(m));
    out.add(q, adaptive_mask_[q], false, 0, true);
  }
  escape_route(here, head.dst, out);
}

void AdaptiveRouting::escape_route(NodeId here, NodeId dst, RouteSet& out) const {
  Flit head;
  head.dst = dst;
  head.src = dst;  // R1 reads only (here, dst)
  head.type = FlitType::Head;
  const std::size_t first = out.size();
  escape_->route(here, static_cast<PortId>(topo_.num_ports), 0, head, out);
  out.mark_escape(first, 1);
}

}  // namespace wormsim
