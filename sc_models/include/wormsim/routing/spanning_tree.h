// tree: routing up and down a breadth-first spanning tree rooted at node 0
// (the root 00..00 of RFP_n). A packet goes down towards its destination if
// the destination lies below the current router, else up to the parent.
// Routes are unique and depend only on (router, destination); every route
// climbs, then descends, so on one VC the channel dependency graph is
// acyclic (up channels lead to up or down channels, down channels only to
// down channels further from the root). Not minimal: a baseline, and the
// escape routing of `adaptive` on networks without a dimension order of
// their own (P, FP_n, RFP_n, A(n, k)).
#pragma once
#include <vector>

#include <wormsim/routing/routing.h>

namespace wormsim {

class SpanningTreeRouting : public RoutingFunction {
 public:
  /// vcs = 0: 1. Throws ConfigError if the network is not connected.
  SpanningTreeRouting(const Topology& t, unsigned vcs);
  std::string name() const override { return "tree"; }
  unsigned vcs() const override { return vcs_; }
  bool depends_on_input() const override { return false; }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override;
  /// The output port from `here` towards `dst` (here != dst).
  PortId next_port(NodeId here, NodeId dst) const;

 private:
  const Topology& topo_;
  unsigned vcs_;
  std::vector<PortId> up_;                 ///< port to the parent (root: unused)
  std::vector<unsigned> enter_, leave_;    ///< depth-first interval of each subtree
  std::vector<std::vector<std::pair<NodeId, PortId>>> children_;
};

}  // namespace wormsim
