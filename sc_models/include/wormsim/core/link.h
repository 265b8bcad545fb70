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

  /// Clock edge: _d becomes _q. Returns true when the link carries anything
  /// in the new cycle (so it must be committed again next edge to clear).
  bool commit(ActivityList& activity) {
    if (flit_d_.valid) {
      flit_q_ = flit_d_;
      flit_d_.valid = false;
    } else {
      flit_q_.valid = false;  // the payload of an invalid slot is never read
    }
    credit_q_ = credit_d_;
    credit_d_.valid = false;
    listed_ = false;
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

  bool listed() const { return listed_; }
  void set_listed() { listed_ = true; }

 private:
  inline void mark();

  LinkCommitter* committer_;
  LinkEnd up_, down_;
  std::string name_;
  FlitSlot flit_q_, flit_d_;
  CreditSlot credit_q_, credit_d_;
  bool listed_ = false;
  std::uint64_t flits_carried_ = 0;
  std::uint64_t* flit_mask_ = nullptr;
  std::uint64_t* credit_mask_ = nullptr;
  std::uint64_t flit_bit_ = 0, credit_bit_ = 0;
};

/// Collects the links that must be committed at the next clock edge.
class LinkCommitter {
 public:
  void mark(Link* l) {
    if (!l->listed()) {
      l->set_listed();
      dirty_.push_back(l);
    }
  }

  /// Commits every dirty link (the clock edge).
  void commit_all(ActivityList& activity) {
    scratch_.swap(dirty_);
    dirty_.clear();
    for (Link* l : scratch_) {
      if (l->commit(activity)) mark(l);
    }
  }

  /// True when no link needs the next clock edge.
  bool idle() const { return dirty_.empty(); }

  std::uint64_t flit_moves() const { return moves_; }
  void count_move() { ++moves_; }

 private:
  std::vector<Link*> dirty_, scratch_;
  std::uint64_t moves_ = 0;
};

inline void Link::mark() { committer_->mark(this); }

inline void Link::send_flit(const Flit& f) {
  flit_d_.valid = true;
  flit_d_.flit = f;
  ++flits_carried_;
  committer_->count_move();
  mark();
}

inline void Link::send_credit(VcId vc) {
  credit_d_.valid = true;
  credit_d_.vc = vc;
  mark();
}

}  // namespace wormsim
