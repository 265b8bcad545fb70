// Routings of Lin and Jan, "Routing and Broadcasting Algorithms for the
// Root-Folded Petersen Networks", on P, FP_n and RFP_n
// (topology/folded_petersen.h). Each digit is routed by Basic-Routing (at
// most two hops: to the destination digit if adjacent, else through the
// unique common neighbour).
//
//   fp-dor       FP_n-Routing: digits n down to 1 (P and FP_n).
//   rfp-literal  RFP_n-Routing as printed: with i the highest digit where
//                here and the destination differ, digits 1..i go up to 00
//                (ascending), then digits i..1 come down from 00 (so digit i
//                itself goes S_i -> 00 -> D_i).
//   rfp-direct   digits 1..i-1 go up to 00, digit i goes S_i -> D_i, digits
//                i-1..1 come down from 00. Minimal on RFP_n.
//
// The phase and the hop within a digit are read from the hop the packet
// arrived by (up hops head for a 00 digit, down hops leave one), not from its
// VC, so the routes are the paper's whatever the VCs.
//
// VC classes: the papers' "the routes use disjoint nodes, hence
// deadlock-free" is not a wormhole argument (routes of different packets
// share channels). With h = 0 for the first Basic-Routing hop of a digit and
// 1 for the second:
//   fp-dor       class h (2 classes): two-hop routes of P chain around its
//                5-cycles, so one class has a cycle (check-deadlock prints it).
//   rfp-literal  one class suffices: every channel carries only up hops
//                (towards a 00 digit, digits ascending) or only down hops
//                (away from 00, digits descending), and no down hop leads to
//                an up hop, so the dependency graph is acyclic.
//   rfp-direct   class h in the down phase, 0 in the up phase (2 classes): the
//                direct digit-i hop is a general Basic-Routing in a Petersen
//                graph again, and one class has the 5-cycle.
// Tests assert both the fewest classes and the cycle one fewer gives.
#pragma once
#include <wormsim/routing/routing.h>

namespace wormsim {

class FoldedPetersenRouting : public RoutingFunction {
 public:
  enum class Reading { Dor, Literal, Direct };
  /// vcs = 0: one VC per class. Throws ConfigError if t is not the family.
  FoldedPetersenRouting(const Topology& t, Reading reading, unsigned vcs);
  std::string name() const override;
  unsigned vcs() const override { return vcs_; }
  unsigned classes() const { return reading_ == Reading::Literal ? 1 : 2; }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override;

 private:
  const Topology& topo_;
  Reading reading_;
  unsigned digits_;
  unsigned vcs_;
};

}  // namespace wormsim
