#include <wormsim/routing/hamiltonian_routing.h>

#include <wormsim/multicast/dual_path.h>

namespace wormsim {

HamiltonianRouting::HamiltonianRouting(const Topology& topology, unsigned vcs)
    : topology_(topology), labeling_(hamiltonian_labeling(topology)), vcs_(vcs) {}

void HamiltonianRouting::route(NodeId here, PortId, VcId, const Flit& head, RouteSet& out) const {
  const NodeId next = dual_path_next_hop(topology_, labeling_, here, head.dst);
  out.add(static_cast<PortId>(port_towards(topology_, here, next)), all_vcs_mask(vcs_));
}

}  // namespace wormsim
