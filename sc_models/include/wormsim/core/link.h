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
    flit_q_ = flit_d_;
    credit_q_ = credit_d_;
    flit_d_.valid = false;
    credit_d_.valid = false;
    listed_ = false;
    if (flit_q_.valid) activity.wake(down_.slot);
    if (credit_q_.valid) activity.wake(up_.slot);
    return flit_q_.valid || credit_q_.valid;
  }

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

  /// Commits every dirty link; returns how many flits moved this cycle.
  void commit_all(ActivityList& activity) {
    scratch_.swap(dirty_);
    dirty_.clear();
    for (Link* l : scratch_) {
      if (l->commit(activity)) mark(l);
    }
  }

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
