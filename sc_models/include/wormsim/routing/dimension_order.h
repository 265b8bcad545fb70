// Dimension-order (X, then Y, then Z) routing on the 3D mesh and 3D torus.
// On the mesh every VC may be used. On the torus the packet takes the
// shorter way round each ring (ties go in the + direction) and uses dateline
// VC classes: class 0 = VCs [0, V/2), class 1 = VCs [V/2, V). With
// Datelines::Source (`dor`) a packet uses class 1 on the wraparound link of a
// ring and on every later hop in that ring, class 0 otherwise (this reads the
// source). With Datelines::Position (the escape routing of `adaptive`) it
// uses class 0 while the wraparound link is still ahead of it and class 1
// otherwise, which depends only on (here, destination). Either breaks every
// ring's dependency cycle.
#pragma once
#include <array>
#include <vector>

#include <wormsim/routing/routing.h>

namespace wormsim {

class DimensionOrderRouting : public RoutingFunction {
 public:
  /// None: no VC classes on the torus (deadlocks: a control). Source: the
  /// upper class from the wrap link on; Position: the same from the
  /// router's own coordinates; Wrap: the whole ring in the upper class when
  /// the path in it wraps (BookSim 2's dim_order_torus), ties (k/2 either
  /// way) split between the two ways by source and destination.
  enum class Datelines { None, Source, Position, Wrap };
  DimensionOrderRouting(const Topology& topology, unsigned vcs, Datelines datelines = Datelines::Source);
  std::string name() const override {
    return datelines_ == Datelines::None ? "dor-nodateline" : datelines_ == Datelines::Wrap ? "dor-wrap" : "dor";
  }
  unsigned vcs() const override { return vcs_; }
  bool depends_on_input() const override { return false; }
  /// The nodes on the three axis lines through `here` (here with one
  /// coordinate changed): destination d is represented by here with d's
  /// first coordinate that differs from here's (why that suffices:
  /// dimension_order.cpp). Not offered with source datelines.
  bool destination_representatives(NodeId here, std::vector<NodeId>& out) const override;
  bool depends_on_source() const override {
    return wrap_ && (datelines_ == Datelines::Source || datelines_ == Datelines::Wrap);
  }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override;

  std::size_t table_bytes() const override { return coords_.size() * sizeof(coords_[0]); }

 private:
  /// route() on the torus: the way round and the VC class of each ring.
  [[gnu::noinline]] void route_torus(NodeId here, const Flit& head, RouteSet& out) const;

  std::array<unsigned, 3> dims_;
  /// (x, y, z) of every node, so a route divides nothing (linear in the nodes).
  std::vector<std::array<unsigned, 3>> coords_;
  bool wrap_;
  Datelines datelines_;
  unsigned vcs_;
  std::array<int, 6> port_;  ///< port of (dim, +) at [2*dim], (dim, -) at [2*dim+1]
  std::uint32_t all_, class0_, class1_;
};

}  // namespace wormsim
