// A link is one bundled, registered channel between an upstream output port
// and a downstream input port: flits travel forward, credits travel back.
// Both directions are registers: what a component sends in cycle t (the _d
// side) is seen by the other end in cycle t+1 (the _q side), for exactly one
// cycle. The set of links touched in a cycle is committed at the clock edge.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <wormsim/core/activity.h>
#include <wormsim/core/flit.h>

namespace wormsim {

struct FlitSlot {
  bool valid = false;
  Flit flit;
};

struct CreditSlot {
  bool valid = false;
  VcId vc = 0;
};

/// One end of a link: the component slot to wake and the port it uses there.
struct LinkEnd {
  std::size_t slot = 0;
  PortId port = 0;
  NodeId node = 0;
  bool is_router = true;
};

class LinkCommitter;

class Link {
 public:
  Link(LinkCommitter* committer, LinkEnd upstream, LinkEnd downstream, std::string name)
      : committer_(committer), up_(upstream), down_(downstream), name_(std::move(name)) {}

  const FlitSlot& flit() const { return flit_q_; }
  const CreditSlot& credit() const { return credit_q_; }

  inline void send_flit(const Flit& f);
  inline void send_credit(VcId vc);

  const LinkEnd& upstream() const { return up_; }
  const LinkEnd& downstream() const { return down_; }
  const std::string& name() const { return name_; }
  std::uint64_t flits_carried() const { return flits_carried_; }

  /// Clock edge number `edge`: _d becomes _q. Returns true when the link
  /// carries anything in the new cycle (so it must be committed again next
  /// edge to clear). A link listed twice for one edge (both ends drove it
  /// from different lanes) is committed once; `moves` counts flits.
  bool commit(ActivityList& activity, std::uint64_t edge, std::uint64_t& moves) {
    if (edge_ == edge) return false;
    edge_ = edge;
    if (flit_d_.valid) {
      flit_q_ = flit_d_;
      flit_d_.valid = false;
      ++moves;
    } else {
      flit_q_.valid = false;  // the payload of an invalid slot is never read
    }
    credit_q_ = credit_d_;
    credit_d_.valid = false;
    flit_listed_ = credit_listed_ = false;
    if (flit_q_.valid) {
      activity.wake(down_.slot);
      if (flit_mask_) *flit_mask_ |= flit_bit_;
    }
    if (credit_q_.valid) {
      activity.wake(up_.slot);
      if (credit_mask_) *credit_mask_ |= credit_bit_;
    }
    return flit_q_.valid || credit_q_.valid;
  }

  /// Bit `bit` of *mask is set at the clock edge when a flit arrives (for the
  /// downstream end) or a credit arrives (upstream end), so a component reads
  /// only the ports that received something.
  void notify_flit_to(std::uint64_t* mask, unsigned bit) { flit_mask_ = mask; flit_bit_ = 1ull << bit; }
  void notify_credit_to(std::uint64_t* mask, unsigned bit) { credit_mask_ = mask; credit_bit_ = 1ull << bit; }

  /// Listed for the next edge in both directions (a link that must clear).
  void relist() { flit_listed_ = credit_listed_ = true; }

 private:

  LinkCommitter* committer_;
  LinkEnd up_, down_;
  std::string name_;
  FlitSlot flit_q_, flit_d_;
  CreditSlot credit_q_, credit_d_;
  // Listed for the next edge because the upstream end sent a flit / the
  // downstream end sent a credit. Two flags, each written only by its own
  // end, so ends evaluated in different lanes never write the same flag.
  bool flit_listed_ = false, credit_listed_ = false;
  std::uint64_t edge_ = 0;  ///< the last edge that committed this link
  std::uint64_t flits_carried_ = 0;
  std::uint64_t* flit_mask_ = nullptr;
  std::uint64_t* credit_mask_ = nullptr;
  std::uint64_t flit_bit_ = 0, credit_bit_ = 0;
};

/// Collects the links that must be committed at the next clock edge: one
/// list, or one per lane when the engine runs several (joined in lane order
/// at the edge, so the order depends only on the number of lanes).
class LinkCommitter {
 public:
  /// Lists `l`, driven by the component at `slot`.
  void mark(Link* l, std::size_t slot) {
    if (lane_dirty_.empty())
      dirty_.push_back(l);
    else
      lane_dirty_[lanes_->lane_of(slot)].push_back(l);
  }

  /// True while lanes run in parallel (a link may then be listed twice).
  bool laned() const { return !lane_dirty_.empty(); }

  /// One list per lane of `activity` (lanes >= 2), or back to one list.
  void set_lanes(const ActivityList* activity, unsigned lanes) {
    lanes_ = activity;
    lane_dirty_.assign(lanes > 1 ? lanes : 0, {});
  }

  /// Commits every dirty link (the clock edge).
  void commit_all(ActivityList& activity) {
    for (auto& lane : lane_dirty_) {
      dirty_.insert(dirty_.end(), lane.begin(), lane.end());
      lane.clear();
    }
    scratch_.swap(dirty_);
    dirty_.clear();
    ++edge_;
    for (Link* l : scratch_) {
      if (l->commit(activity, edge_, moves_)) {
        l->relist();
        dirty_.push_back(l);
      }
    }
  }

  /// True when no link needs the next clock edge.
  bool idle() const {
    if (!dirty_.empty()) return false;
    for (const auto& lane : lane_dirty_)
      if (!lane.empty()) return false;
    return true;
  }

  /// Flits that crossed a link so far (counted at the clock edges).
  std::uint64_t flit_moves() const { return moves_; }

 private:
  std::vector<Link*> dirty_, scratch_;
  std::vector<std::vector<Link*>> lane_dirty_;  ///< empty with one lane
  const ActivityList* lanes_ = nullptr;
  std::uint64_t moves_ = 0;
  std::uint64_t edge_ = 0;
};

inline void Link::send_flit(const Flit& f) {
  flit_d_.valid = true;
  flit_d_.flit = f;
  ++flits_carried_;
  if (!flit_listed_) {
    flit_listed_ = true;
    // With one lane a link is listed once, whichever end drove it first.
    if (committer_->laned() || !credit_listed_) committer_->mark(this, up_.slot);
  }
}

inline void Link::send_credit(VcId vc) {
  credit_d_.valid = true;
  credit_d_.vc = vc;
  if (!credit_listed_) {
    credit_listed_ = true;
    if (committer_->laned() || !flit_listed_) committer_->mark(this, down_.slot);
  }
}

}  // namespace wormsim
