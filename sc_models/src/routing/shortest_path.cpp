#include <wormsim/routing/shortest_path.h>

namespace wormsim {

ShortestPathRouting::ShortestPathRouting(const Topology& t, unsigned vcs)
    : topo_(t), dist_(t), vcs_(vcs) {}

void ShortestPathRouting::route(NodeId u, PortId, VcId, const Flit& head, RouteSet& out) const {
  const unsigned here = dist_(u, head.dst);
  for (PortId q = 0; q < topo_.num_ports; ++q) {
    const auto& p = topo_.peer[u][q];
    if (p && dist_(p->node, head.dst) + 1u == here) out.add(q, all_vcs_mask(vcs_));
  }
}

}  // namespace wormsim
