// Dimension-order (X, then Y, then Z) routing on the 3D mesh and 3D torus.
// On the mesh every VC may be used. On the torus the packet takes the
// shorter way round each ring (ties go in the + direction) and uses dateline
// VC classes: class 0 = VCs [0, V/2), class 1 = VCs [V/2, V). A packet uses
// class 1 on the wraparound link of a ring and on every later hop in that
// ring, class 0 otherwise, which breaks every ring's dependency cycle.
#pragma once
#include <wormsim/routing/routing.h>

namespace wormsim {

class DimensionOrderRouting : public RoutingFunction {
 public:
  /// datelines = false: no VC classes on the torus (deadlocks: a control).
  DimensionOrderRouting(const Topology& topology, unsigned vcs, bool datelines = true);
  std::string name() const override { return datelines_ ? "dor" : "dor-nodateline"; }
  unsigned vcs() const override { return vcs_; }
  bool depends_on_source() const override { return wrap_ && datelines_; }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override;

 private:
  std::array<unsigned, 3> dims_;
  bool wrap_;
  bool datelines_;
  unsigned vcs_;
  std::array<int, 6> port_;  ///< port of (dim, +) at [2*dim], (dim, -) at [2*dim+1]
  std::uint32_t all_, class0_, class1_;
};

}  // namespace wormsim
