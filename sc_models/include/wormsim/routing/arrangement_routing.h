// ag-greedy: shortest-path routing on the arrangement graph A(n, k)
// (topology/arrangement.h). Bai et al. say only "simple shortest path
// routing"; this is the rule: if some position i where here and the
// destination q differ wants an element q_i that here does not use, set the
// lowest such position to q_i; otherwise every mismatch lies on a cycle of
// shared elements, and the element at the lowest mismatched position moves
// to the smallest element used by neither here nor q. Each hop of the first
// kind fixes a position; each of the second kind opens one cycle, so the
// route takes (mismatched positions) + (cycles) hops, the distance (tests
// check every pair against breadth-first distances).
//
// VCs: hop h of a route goes on class min(h, classes-1) (the class is read
// from the input VC), so every dependency goes from class h to h+1 and the
// channel dependency graph is acyclic once classes >= the longest route (the
// diameter). Fewer classes share the last VC; `check-deadlock --vcs` shows
// where that closes a cycle.
#pragma once
#include <wormsim/routing/routing.h>

namespace wormsim {

class ArrangementKind;

class ArrangementRouting : public RoutingFunction {
 public:
  /// vcs = 0: one VC per hop of the longest route (the diameter).
  ArrangementRouting(const Topology& t, unsigned vcs);
  std::string name() const override { return "ag-greedy"; }
  unsigned vcs() const override { return vcs_; }
  unsigned classes() const { return classes_; }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override;
  /// The next node on the route from `here` to `dst` (here != dst).
  NodeId next_hop(NodeId here, NodeId dst) const;

 private:
  const Topology& topo_;
  const ArrangementKind* kind_;
  unsigned classes_ = 1;
  unsigned vcs_ = 1;
};

/// Diameter of A(n, k): floor(3k/2) (all k positions mismatched, in cycles of
/// two: k fixes plus k/2 cycle openings; tests compare with breadth-first search).
unsigned arrangement_diameter(unsigned n, unsigned k);

}  // namespace wormsim
