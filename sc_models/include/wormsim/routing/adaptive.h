// Minimal fully adaptive routing with escape channels (Duato's protocol).
//
// The VCs of every port are split into escape VCs, used by a deadlock-free
// escape routing R1 of the topology, and adaptive VCs (the rest). At every
// router a head may take
//   - any adaptive VC of any output port on a shortest path to its
//     destination (priority 0), or
//   - the escape VC(s) that R1 gives at this router (priority 1),
// and the router's selection function (router/selection.h) picks among the
// free ones, adaptive first. R1 depends only on (router, destination), so a
// packet entering the escape network anywhere follows R1 from there.
// Two variants of Duato's protocol for wormhole switching:
//   - mesh and torus: his original one. The choice is made afresh at every
//     router, so a packet on an escape VC may return to adaptive VCs at the
//     next router (indirect dependencies count);
//   - 3PT and the others: escape is final. A packet that arrives on an
//     escape VC is offered only R1 from there on. 3pt-dor (and the spanning
//     tree) is not minimal in the node graph, so a
//     packet could leave the escape network, follow shortest paths and need
//     the same escape channel again: the extended graph has such cycles (the
//     check finds them), and with escape final it has no indirect
//     dependencies at all.
// Escape VCs are never offered as
// adaptive VCs, so there are no cross dependencies; deadlock freedom needs
// R1's extended channel dependency graph (direct and indirect dependencies)
// to be acyclic, which `wormsim check-deadlock` proves
// (deadlock/escape_dependency.h, docs/deadlock.md §6).
//
// The escape routing is the topology family's (TopologyKind::escape_routing):
// mesh: dimension order on VC 0; torus: dimension order on
// VCs 0 and 1 with position datelines; 3PT: 3pt-dor (6 classes: VCs 0..5 on
// the Petersen ports, 0..1 on the external port); P, FP_n, RFP_n, A(n, k):
// up and down a spanning tree on VC 0 (routing/spanning_tree.h). The control
// `adaptive-bad-escape` uses unrestricted minimal routing on VC 0 as R1.
#pragma once
#include <memory>
#include <vector>

#include <wormsim/routing/routing.h>
#include <wormsim/topology/distances.h>

namespace wormsim {

class AdaptiveRouting : public RoutingFunction {
 public:
  enum class Escape { Best, Minimal };
  /// vcs = 0: 8 where the router has room (see adaptive.cpp). Throws
  /// ConfigError. force_return: let packets return from escape to adaptive
  /// VCs on 3PT too (the check rejects that; for tests).
  /// `threads`: for building the tables (the routing does not depend on it).
  AdaptiveRouting(const Topology& topology, unsigned vcs, Escape escape = Escape::Best, bool force_return = false,
                  unsigned threads = 1);
  std::string name() const override { return escape_kind_ == Escape::Best ? "adaptive" : "adaptive-bad-escape"; }
  std::size_t table_bytes() const override {
    return minimal_.table_bytes() + (escape_ ? escape_->table_bytes() : 0) + arriving_escape_.size() * 4;
  }
  unsigned vcs() const override { return vcs_; }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override;
  bool has_escape() const override { return true; }
  bool escape_returns() const override { return returns_; }
  /// Adaptive candidates list adaptive_mask_[port] and nothing else.
  std::uint32_t adaptive_vc_bound(PortId port) const override { return adaptive_mask_[port]; }
  void escape_route(NodeId here, NodeId dst, RouteSet& out) const override;
  /// VCs of port p that adaptive candidates may use.
  std::uint32_t adaptive_mask(PortId p) const { return adaptive_mask_[p]; }

 private:
  const Topology& topo_;
  MinimalPorts minimal_;
  Escape escape_kind_;
  unsigned vcs_ = 0;
  std::unique_ptr<RoutingFunction> escape_;
  std::vector<std::uint32_t> adaptive_mask_;
  bool returns_ = true;
  /// [node * ports + input port]: escape VCs of the channel arriving there.
  std::vector<std::uint32_t> arriving_escape_;
};

}  // namespace wormsim
