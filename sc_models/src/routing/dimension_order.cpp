#include <wormsim/routing/dimension_order.h>

#include <wormsim/topology/grid.h>

namespace wormsim {

DimensionOrderRouting::DimensionOrderRouting(const Topology& t, unsigned vcs, Datelines datelines)
    : dims_(t.dims), wrap_(t.as<GridKind>() != nullptr && t.as<GridKind>()->wrap()), datelines_(datelines), vcs_(vcs), all_(all_vcs_mask(vcs)) {
  for (unsigned d = 0; d < 3; ++d) {
    port_[2 * d] = grid_port(t, d, true);
    port_[2 * d + 1] = grid_port(t, d, false);
  }
  coords_.resize(t.num_nodes());
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const Coord c = coord_of(dims_, n);
    coords_[n] = {c.x, c.y, c.z};
  }
  const bool classes = datelines != Datelines::None;
  class0_ = classes ? all_vcs_mask(vcs / 2) : all_;
  class1_ = classes ? all_ & ~class0_ : all_;
}

void DimensionOrderRouting::route(NodeId here, PortId, VcId, const Flit& head, RouteSet& out) const {
  const auto& cur = coords_[here];
  const auto& dst = coords_[head.dst];
  const auto& src = coords_[head.src];
  for (unsigned d = 0; d < 3; ++d) {
    if (cur[d] == dst[d]) continue;
    const unsigned k = dims_[d];
    if (!wrap_) {
      const bool positive = dst[d] > cur[d];
      out.add(static_cast<PortId>(port_[2 * d + (positive ? 0 : 1)]), all_);
      return;
    }
    // Torus: the packet entered ring d at coordinate src[d] (dimension order
    // leaves coordinate d untouched until now) and goes the shorter way.
    if (datelines_ == Datelines::Position) {
      const unsigned ahead = (dst[d] + k - cur[d]) % k;
      const bool positive = ahead <= k - ahead;
      const bool wrap_ahead = positive ? cur[d] > dst[d] : cur[d] < dst[d];
      out.add(static_cast<PortId>(port_[2 * d + (positive ? 0 : 1)]), wrap_ahead ? class0_ : class1_);
      return;
    }
    const unsigned fwd = (dst[d] + k - src[d]) % k;
    const bool positive = fwd <= k - fwd;
    const bool wraps = positive ? src[d] > dst[d] : src[d] < dst[d];
    bool crossing_or_crossed = false;
    if (wraps) {
      crossing_or_crossed = positive ? (cur[d] == k - 1 || cur[d] < src[d])
                                     : (cur[d] == 0 || cur[d] > src[d]);
    }
    out.add(static_cast<PortId>(port_[2 * d + (positive ? 0 : 1)]),
            crossing_or_crossed ? class1_ : class0_);
    return;
  }
}

}  // namespace wormsim
