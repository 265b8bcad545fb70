#include <wormsim/routing/shortest_path.h>

namespace wormsim {

ShortestPathRouting::ShortestPathRouting(const Topology& t, unsigned vcs, unsigned threads)
    : minimal_(t, threads), vcs_(vcs) {}

void ShortestPathRouting::route(NodeId u, PortId, VcId, const Flit& head, RouteSet& out) const {
  for (std::uint32_t m = minimal_(u, head.dst); m; m &= m - 1)
    out.add(static_cast<PortId>(__builtin_ctz(m)), all_vcs_mask(vcs_));
}

}  // namespace wormsim
