// Routing computation is a policy behind this interface. Given the router a
// head flit is at and the flit itself, it lists the output ports the packet may
// take, in order of preference, each with the output VCs it may use there,
// whether those VCs are escape VCs (Duato), and a priority class for the
// router's selection function (router/selection.h).
// The router handles arrival (dst == here) itself: see router.h.
//
// Every routing is one file and one line of the routing table
// (routing/registry.h), from which the CLI help, `--routing list`, the
// validation of names and VC counts, and the tests' case lists come.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <wormsim/core/flit.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

struct RouteCandidate {
  std::uint32_t vc_mask = 0;  ///< bit v set: output VC v allowed
  PortId port = 0;
  /// The VCs belong to the routing's escape sub-network (Duato): a routing
  /// with escape() lists them after its adaptive candidates.
  bool escape = false;
  /// Selection class: a lower value is preferred whenever one of its VCs is
  /// free (adaptive routings put adaptive candidates at 0, escape at 1).
  std::uint8_t priority = 0;
  /// Atomic allocation: one of these VCs may be given to a new packet only
  /// when its downstream buffer is empty (all credits back), so a packet
  /// never queues behind another in it. Duato's protocol needs this for the
  /// adaptive VCs: a packet committed to an adaptive VC behind a blocked
  /// packet could no longer escape.
  bool atomic = false;
};
static_assert(sizeof(RouteCandidate) == 8, "a route candidate packs into 8 bytes");

class RouteSet {
 public:
  static constexpr std::size_t kMax = 16;
  void clear() { size_ = 0; }
  void add(PortId port, std::uint32_t vc_mask, bool escape = false, std::uint8_t priority = 0, bool atomic = false) {
    items_[size_++] = RouteCandidate{vc_mask, port, escape, priority, atomic};
  }
  std::size_t size() const { return size_; }
  const RouteCandidate& operator[](std::size_t i) const { return items_[i]; }
  const RouteCandidate* data() const { return items_.data(); }
  /// Marks every candidate atomic (a router that waits for its tail credit).
  void mark_atomic() {
    for (std::size_t i = 0; i < size_; ++i) items_[i].atomic = true;
  }
  /// Marks candidates from `first` on as escape candidates of `priority`
  /// (a routing that lists its escape subfunction's route after its own).
  void mark_escape(std::size_t first, std::uint8_t priority) {
    for (std::size_t i = first; i < size_; ++i) {
      items_[i].escape = true;
      items_[i].priority = priority;
      items_[i].atomic = false;
    }
  }

 private:
  std::array<RouteCandidate, kMax> items_{};
  std::size_t size_ = 0;
};

class RoutingFunction {
 public:
  virtual ~RoutingFunction() = default;
  virtual std::string name() const = 0;
  /// VCs per port this routing was built for.
  virtual unsigned vcs() const = 0;
  /// True if the choice depends on head.src (the static check then explores
  /// every source-destination pair instead of every destination).
  virtual bool depends_on_source() const { return false; }
  /// False if route() reads nothing but `here` and head.dst (and head.src
  /// when depends_on_source()): never the input port or VC. The static check
  /// then routes each (router, destination) pair once instead of following
  /// packets channel by channel (deadlock/channel_dependency.h).
  virtual bool depends_on_input() const { return true; }
  /// Optional, for routings with depends_on_input() and depends_on_source()
  /// false: destinations that stand for all others at router `here`. Every
  /// destination d != here must have a representative r in `out` with
  /// route(here, r) = route(here, d) and, for every router w with a link into
  /// here, the same channels into here offered by route(w, r) as by
  /// route(w, d). The static check then routes only these destinations at
  /// each router. Returns false (the default) if the routing has none.
  virtual bool destination_representatives(NodeId /*here*/, std::vector<NodeId>& /*out*/) const { return false; }
  /// Fills `out` for a head flit at router `here` bound for head.dst != here,
  /// which arrived on input port `in_port` (>= network ports: injection) and
  /// input VC `in_vc`.
  virtual void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head,
                     RouteSet& out) const = 0;
  /// Routings whose deadlock freedom rests on an escape sub-network (Duato)
  /// return true and implement escape_route(); the static check then proves
  /// the extended channel dependency graph of the escape channels acyclic
  /// (deadlock/escape_dependency.h) instead of the full graph.
  virtual bool has_escape() const { return false; }
  /// Bytes of tables the routing holds (all-pairs distances, ...), for the
  /// memory estimate (sim/limits.h).
  virtual std::size_t table_bytes() const { return 0; }
  /// The escape routing subfunction R1: exactly the escape candidates that
  /// route() lists at `here` for `dst`, whatever the input port and VC.
  virtual void escape_route(NodeId /*here*/, NodeId /*dst*/, RouteSet& /*out*/) const {}
  /// True (Duato's original protocol): a packet on an escape VC may take
  /// adaptive VCs again at the next router. False: once on an escape VC it is
  /// offered only R1 from then on.
  virtual bool escape_returns() const { return true; }
  /// VCs that adaptive (non-escape) candidates may ever list on `port`, by
  /// construction. The Duato check rules out cross dependencies with it
  /// instead of routing every (router, destination) pair; all VCs (the
  /// default) means "cannot say", and the check then routes every pair.
  virtual std::uint32_t adaptive_vc_bound(PortId /*port*/) const { return ~0u; }
};

inline std::uint32_t all_vcs_mask(unsigned vcs) {
  return vcs >= 32 ? 0xFFFFFFFFu : ((1u << vcs) - 1u);
}

/// VCs of class c when `classes` classes share `vcs` VCs: a block of
/// consecutive VCs per class (extra VCs widen the blocks); with fewer VCs
/// than classes, neighbouring classes share one (which the deadlock check
/// then judges).
inline std::uint32_t class_vc_mask(unsigned c, unsigned classes, unsigned vcs) {
  const unsigned lo = c * vcs / classes;
  const unsigned hi = std::max(lo + 1, (c + 1) * vcs / classes);
  return all_vcs_mask(hi) & ~all_vcs_mask(lo);
}

/// Class of VC v under class_vc_mask (the first class whose block holds v).
inline unsigned vc_class(unsigned v, unsigned classes, unsigned vcs) {
  for (unsigned c = 0; c < classes; ++c)
    if (class_vc_mask(c, classes, vcs) >> v & 1u) return c;
  return classes - 1;
}


}  // namespace wormsim
