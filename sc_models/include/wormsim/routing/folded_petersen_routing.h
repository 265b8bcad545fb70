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
// VC classes (a wormhole network needs them; the paper's "the routes use
// disjoint nodes" does not prevent cyclic channel waits). With h = 0 for the
// first Basic-Routing hop of a digit and 1 for the second:
//   fp-dor       class h (2 classes): within a digit the two-hop routes of P
//                chain around its 5-cycles, so one class has a cycle.
//   rfp-literal  class = phase, up 0 / down 1 (2 classes): every up hop heads
//                for a 00 digit and every down hop leaves one, so each phase
//                is a forest of routes; one class has the 2-cycle
//                up-into-the-root, down-out-of-it.
//   rfp-direct   up 0, down 1 + h (3 classes): the direct digit-i hop is a
//                general Basic-Routing in a Petersen graph again.
// Every dependency goes to a higher (class, digit order), so the channel
// dependency graph is acyclic; one class fewer closes a cycle, which
// check-deadlock --vcs prints (tests assert both). The class of the next hop
// depends on the input port and VC, not on the source.
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
  unsigned classes() const { return reading_ == Reading::Dor ? 2 : reading_ == Reading::Literal ? 2 : 3; }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override;

 private:
  const Topology& topo_;
  Reading reading_;
  unsigned digits_;
  unsigned vcs_;
};

}  // namespace wormsim
