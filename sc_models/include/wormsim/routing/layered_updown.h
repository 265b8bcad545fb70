// Minimal routing for any topology, deadlock-free through up*/down* layers.
//
// Nodes get a fixed rank (a total order). A hop u -> w goes "up" if
// rank(w) > rank(u), else "down". The VCs are split into R layers; inside a
// layer a packet may go up any number of hops and then down (up*/down*),
// never down then up. When the shortest path it follows must turn from down
// to up, the packet moves to the next layer. Every hop is on a shortest path
// to the destination, and among those the routing offers every next hop that
// can still reach the destination within the R layers (adaptive), preferring
// to stay in the current layer.
//
// Deadlock freedom: within a layer, channel dependencies go up -> up,
// up -> down or down -> down only; order up channels by increasing rank of
// their head node, then down channels by decreasing rank: every dependency
// goes forward, and between layers only upward. The channel dependency graph
// is acyclic (Dally and Seitz). `wormsim check-deadlock` verifies it.
//
// R is computed exactly: for every destination, a dynamic programme over
// shortest paths gives the fewest down->up turns any shortest path needs; R is
// one more than the maximum. Several node orders are tried and the one with the
// fewest layers kept. Layer c owns VCs [c*V/R, (c+1)*V/R).
#pragma once
#include <vector>

#include <wormsim/routing/routing.h>
#include <wormsim/topology/distances.h>

namespace wormsim {

class LayeredUpDownRouting : public RoutingFunction {
 public:
  /// vcs = 0: use max(2, layers()). Throws ConfigError if vcs < layers().
  /// `threads`: for building the distance table (the routing does not depend on it).
  LayeredUpDownRouting(const Topology& topology, unsigned vcs, unsigned threads = 1);

  std::string name() const override { return "layered"; }
  std::size_t table_bytes() const override { return dist_.nodes() * dist_.nodes(); }
  unsigned vcs() const override { return vcs_; }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override;

  unsigned layers() const { return layers_; }
  const DistanceTable& distances() const { return dist_; }

 private:
  /// Fills need_ for `rank` and returns the layer count it implies.
  unsigned compute_need(const std::vector<std::uint32_t>& rank);
  std::uint8_t need(NodeId u, NodeId d, unsigned down) const {
    return need_[(std::size_t(d) * n_ + u) * 2 + down];
  }

  const Topology& topo_;
  DistanceTable dist_;
  std::size_t n_;
  std::vector<std::uint32_t> rank_;
  std::vector<std::uint8_t> need_;
  std::vector<std::vector<NodeId>> upstream_;  ///< [node][in_port]: sending node
  unsigned layers_ = 1, vcs_ = 0;
  std::vector<std::uint32_t> layer_mask_;
  std::vector<std::uint8_t> vc_layer_;
};

}  // namespace wormsim
