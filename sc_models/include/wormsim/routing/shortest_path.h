// Unrestricted minimal adaptive routing: every next hop on a shortest path,
// every VC. Not deadlock-free on networks with cycles (torus rings, 3PT):
// it exists as a control that the deadlock checks must catch.
#pragma once
#include <wormsim/routing/routing.h>
#include <wormsim/topology/distances.h>

namespace wormsim {

class ShortestPathRouting : public RoutingFunction {
 public:
  /// `threads`: for building the tables (the routing does not depend on it).
  ShortestPathRouting(const Topology& topology, unsigned vcs, unsigned threads = 1);
  std::string name() const override { return "minimal"; }
  std::size_t table_bytes() const override { return minimal_.table_bytes(); }
  unsigned vcs() const override { return vcs_; }
  bool depends_on_input() const override { return false; }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override;

 private:
  MinimalPorts minimal_;
  unsigned vcs_;
};

}  // namespace wormsim
