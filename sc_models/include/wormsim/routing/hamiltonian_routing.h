// Unicast along a Hamiltonian labeling: dual-path routing with a single
// destination (a packet to a higher label uses the high-channel network,
// otherwise the low one). Deadlock-free with any number of VCs on any
// topology that has a Hamiltonian path: every high channel goes up in label,
// every low channel down. The unicast face of path-based multicast.
#pragma once
#include <memory>

#include <wormsim/multicast/hamiltonian.h>
#include <wormsim/routing/routing.h>

namespace wormsim {

class HamiltonianRouting : public RoutingFunction {
 public:
  HamiltonianRouting(const Topology& topology, unsigned vcs);
  std::string name() const override { return "hamiltonian"; }
  unsigned vcs() const override { return vcs_; }
  bool depends_on_input() const override { return false; }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override;
  const HamiltonianLabeling& labeling() const { return labeling_; }

 private:
  const Topology& topology_;
  HamiltonianLabeling labeling_;
  unsigned vcs_;
};

}  // namespace wormsim
