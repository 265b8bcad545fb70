#include <wormsim/routing/dimension_order.h>

#include <wormsim/topology/grid.h>

namespace wormsim {

DimensionOrderRouting::DimensionOrderRouting(const Topology& t, unsigned vcs, Datelines datelines)
    : dims_(t.dims), wrap_(t.as<GridKind>() != nullptr && t.as<GridKind>()->wrap()), datelines_(datelines), vcs_(vcs), all_(all_vcs_mask(vcs)) {
  for (unsigned d = 0; d < 3; ++d) {
    port_[2 * d] = grid_port(t, d, true);
    port_[2 * d + 1] = grid_port(t, d, false);
  }
  coords_ = grid_coord_table(dims_);
  const bool classes = datelines != Datelines::None;
  class0_ = classes ? all_vcs_mask(vcs / 2) : all_;
  class1_ = classes ? all_ & ~class0_ : all_;
}

void DimensionOrderRouting::route(NodeId here, PortId, VcId, const Flit& head, RouteSet& out) const {
  if (wrap_) return route_torus(here, head, out);
  const auto& cur = coords_[here];
  const auto& dst = coords_[head.dst];
  for (unsigned d = 0; d < 3; ++d) {
    if (cur[d] == dst[d]) continue;
    out.add(static_cast<PortId>(port_[2 * d + (dst[d] > cur[d] ? 0 : 1)]), all_);
    return;
  }
}

void DimensionOrderRouting::route_torus(NodeId here, const Flit& head, RouteSet& out) const {
  const auto& cur = coords_[here];
  const auto& dst = coords_[head.dst];
  const auto& src = coords_[head.src];
  for (unsigned d = 0; d < 3; ++d) {
    if (cur[d] == dst[d]) continue;
    const unsigned k = dims_[d];
    // Torus: the packet entered ring d at coordinate src[d] (dimension order
    // leaves coordinate d untouched until now) and goes the shorter way.
    if (datelines_ == Datelines::Position) {
      const unsigned ahead = dst[d] >= cur[d] ? dst[d] - cur[d] : dst[d] + k - cur[d];  // (dst - cur) mod k
      const bool positive = ahead <= k - ahead;
      const bool wrap_ahead = positive ? cur[d] > dst[d] : cur[d] < dst[d];
      out.add(static_cast<PortId>(port_[2 * d + (positive ? 0 : 1)]), wrap_ahead ? class0_ : class1_);
      return;
    }
    const unsigned fwd = dst[d] >= src[d] ? dst[d] - src[d] : dst[d] + k - src[d];  // (dst - src) mod k
    if (datelines_ == Datelines::Wrap) {
      // The way round and the class are fixed where the packet enters the
      // ring (at src[d]); a tie goes the way a hash of (source, destination,
      // dimension) picks, so the static proof, which follows every pair,
      // sees every path.
      bool positive = fwd < k - fwd;
      if (fwd == k - fwd) {
        const std::uint32_t h = (head.src * 0x9E3779B9u) ^ (head.dst * 0x85EBCA6Bu) ^ (d * 0xC2B2AE35u);
        positive = ((h ^ (h >> 16)) * 0x27D4EB2Du) >> 31;
      }
      const bool wraps = positive ? src[d] > dst[d] : src[d] < dst[d];
      out.add(static_cast<PortId>(port_[2 * d + (positive ? 0 : 1)]), wraps ? class1_ : class0_);
      return;
    }
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

// Representatives for the static check. Let i be the first coordinate in
// which destination d differs from router x, and r = x with coordinate i set
// to d's. The route at x depends only on (x_i, d_i): the same for r. A router
// w with a link into x differs from x in one coordinate j:
//   j < i: w routes in dimension j toward d_j = x_j = r_j, the same for d and r;
//   j = i: if w_i != d_i, w routes in dimension i by (w_i, d_i), the same for
//          r; if w_i = d_i, w routes for d in a dimension after i, not into
//          x, and w = r, so for r it does not route at all;
//   j > i: w_i = x_i != d_i, so w routes in dimension i for both, not into x.
// (The torus wrap changes none of this: position datelines read only the two
// coordinates of the ring.) tb/deadlock/proof_paths_test.cpp compares the
// graph built from these with the exhaustive one.
bool DimensionOrderRouting::destination_representatives(NodeId here, std::vector<NodeId>& out) const {
  if (depends_on_source()) return false;
  const Coord c = coord_of(dims_, here);
  for (unsigned d = 0; d < 3; ++d)
    for (unsigned v = 0; v < dims_[d]; ++v) {
      Coord r = c;
      if (d == 0) r.x = v;
      else if (d == 1) r.y = v;
      else r.z = v;
      if (v != (d == 0 ? c.x : d == 1 ? c.y : c.z)) out.push_back(id_of(dims_, r));
    }
  return true;
}

}  // namespace wormsim
