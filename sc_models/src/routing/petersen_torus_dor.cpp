#include <wormsim/topology/grid.h>
#include <wormsim/topology/petersen_torus.h>
#include <wormsim/routing/petersen_torus_dor.h>

#include <algorithm>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/petersen_torus.h>

namespace wormsim {
namespace {

// One ring move: direction (+1, -1 or 0) and whether the wraparound link is
// still ahead in that direction.
struct RingMove {
  int dir = 0;
  unsigned length = 0;
  bool wrap_ahead = false;
};

RingMove ring_move(unsigned from, unsigned to, unsigned size, bool tie_positive) {
  RingMove m;
  if (from == to) return m;
  const unsigned fwd = to >= from ? to - from : to + size - from;  // (to - from) mod size, no division
  const unsigned back = size - fwd;
  const bool positive = fwd < back || (fwd == back && tie_positive);
  m.dir = positive ? 1 : -1;
  m.length = positive ? fwd : back;
  m.wrap_ahead = positive ? from > to : from < to;
  return m;
}

// Gateway node p of each external direction.
constexpr unsigned kZPlus = 0, kZMinus = 5, kXPlus = 1, kXMinus = 4, kYPlus = 6, kYMinus = 9;
constexpr unsigned kDiagPP = 2, kDiagMM = 3, kDiagMP = 7, kDiagPM = 8;

}  // namespace

PetersenTorusDorRouting::LevelClasses PetersenTorusDorRouting::default_level_classes() {
  // The fewest classes for which the channel dependency graph is acyclic
  // (an exhaustive search over all 4,140 ways to group the 8 levels, checked
  // on 3PT sizes of both parities): the z and diagonal phases share classes 0
  // and 1, the straight phase has 2 and 3, the final hops 4 and 5.
  return {0, 1, 0, 1, 2, 3, 4, 5};
}

PetersenTorusDorRouting::PetersenTorusDorRouting(const Topology& t, unsigned vcs, const LevelClasses& level_classes,
                                                 unsigned external_vcs)
    : lmn_(t.dims), level_class_(level_classes) {
  if (t.as<PetersenTorusKind>() == nullptr) throw ConfigError("routing", "3pt-dor needs a 3PT topology, got " + t.spec);
  coord_.resize(t.num_nodes());
  for (NodeId n = 0; n < t.num_nodes(); ++n) coord_[n] = pt_coord_of(lmn_, n);
  classes_ = 2;
  for (unsigned c : level_class_) classes_ = std::max(classes_, c + 1);
  vcs_ = vcs == 0 ? classes_ : vcs;
  if (vcs_ < classes_)
    throw ConfigError("vcs", "3pt-dor needs at least " + std::to_string(classes_) +
                                 " VCs (one per level: z, diagonal and straight rings with their "
                                 "dateline classes, and the final Petersen hops), got " +
                                 std::to_string(vcs_));
  std::array<std::array<unsigned, 3>, 10> nb{};
  for (unsigned p = 0; p < 10; ++p) nb[p] = petersen_neighbours(p);
  for (unsigned p = 0; p < 10; ++p)
    for (unsigned k = 0; k < 3; ++k) port_[p][nb[p][k]] = static_cast<std::uint8_t>(1 + k);
  // Petersen graph: distance <= 2 and the shortest path is unique.
  for (unsigned p = 0; p < 10; ++p)
    for (unsigned q = 0; q < 10; ++q) {
      next_[p][q] = static_cast<std::uint8_t>(q);
      if (p == q || std::find(nb[p].begin(), nb[p].end(), q) != nb[p].end()) continue;
      for (unsigned w : nb[p])
        if (std::find(nb[w].begin(), nb[w].end(), q) != nb[w].end()) next_[p][q] = static_cast<std::uint8_t>(w);
    }
  external_vcs_ = external_vcs == 0 ? vcs_ : std::min(external_vcs, vcs_);
  if (external_vcs_ < 2) throw ConfigError("vcs", "3pt-dor needs 2 VCs on the external port");
  // One VC per class; VCs beyond that go to the classes in order (the z and
  // diagonal classes 0 and 1 first: they carry the z ring, the bottleneck).
  class_mask_.assign(classes_, 0);
  for (unsigned v = 0; v < vcs_; ++v) class_mask_[v % classes_] |= 1u << v;
}

unsigned PetersenTorusDorRouting::module_distance(NodeId a, NodeId b) const {
  const PtCoord &c = coord_[a], &d = coord_[b];
  const RingMove z = ring_move(c.z, d.z, lmn_[0], true);
  const RingMove x = ring_move(c.x, d.x, lmn_[1], true);
  const RingMove y = ring_move(c.y, d.y, lmn_[2], true);
  return z.length + std::max(x.length, y.length);
}

PetersenTorusDorRouting::Hop PetersenTorusDorRouting::next_hop(NodeId here, NodeId dst) const {
  const PtCoord &c = coord_[here], &d = coord_[dst];
  const bool tie_positive = d.p % 2 == 0;
  unsigned gateway = d.p;
  unsigned level = next_[c.p][d.p] == d.p ? 7 : 6;  // final: last Petersen hop, or the one before
  bool ext_class1 = false;
  const RingMove z = ring_move(c.z, d.z, lmn_[0], tie_positive);
  if (z.dir != 0) {
    gateway = z.dir > 0 ? kZPlus : kZMinus;
    ext_class1 = !z.wrap_ahead;
    level = ext_class1 ? 1 : 0;
    if (c.p == gateway) return Hop{0, ext_class1 ? kExternal1 : kExternal0};
    return Hop{port_[c.p][next_[c.p][gateway]], level_class_[level]};
  }
  // Same z: the x and y rings decide (only now computed).
  const RingMove x = ring_move(c.x, d.x, lmn_[1], tie_positive);
  const RingMove y = ring_move(c.y, d.y, lmn_[2], tie_positive);
  if (x.dir != 0 && y.dir != 0) {
    gateway = x.dir > 0 ? (y.dir > 0 ? kDiagPP : kDiagPM) : (y.dir > 0 ? kDiagMP : kDiagMM);
    ext_class1 = !x.wrap_ahead;
    level = ext_class1 ? 3 : 2;
  } else if (x.dir != 0) {
    gateway = x.dir > 0 ? kXPlus : kXMinus;
    ext_class1 = !x.wrap_ahead;
    level = ext_class1 ? 5 : 4;
  } else if (y.dir != 0) {
    gateway = y.dir > 0 ? kYPlus : kYMinus;
    ext_class1 = !y.wrap_ahead;
    level = ext_class1 ? 5 : 4;
  }
  if (c.p == gateway && level < 6) return Hop{0, ext_class1 ? kExternal1 : kExternal0};
  return Hop{port_[c.p][next_[c.p][gateway]], level_class_[level]};
}

void PetersenTorusDorRouting::route(NodeId here, PortId, VcId, const Flit& head, RouteSet& out) const {
  const Hop h = next_hop(here, head.dst);
  out.add(h.port, class_mask(h.cls));
}

std::uint32_t PetersenTorusDorRouting::class_mask(unsigned c) const {
  // The external port carries only the two dateline classes: each gets half
  // of its VCs.
  if (c == kExternal0) return all_vcs_mask(external_vcs_ / 2);
  if (c == kExternal1) return all_vcs_mask(external_vcs_) & ~all_vcs_mask(external_vcs_ / 2);
  return class_mask_[c];
}

}  // namespace wormsim
