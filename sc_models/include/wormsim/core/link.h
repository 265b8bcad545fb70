// A link is one bundled, registered channel between an upstream output port
// and a downstream input port: flits travel forward, credits travel back.
// Both directions are registers: what a component sends in cycle t (the _d
// side) is seen by the other end in cycle t+L (the _q side), for exactly one
// cycle, where L >= 1 is the link's latency (credits may take longer than
// flits: a router's credit delay). A link of latency L > 1 is a pipeline of
// L - 1 register stages in that direction; it carries one flit and one
// credit per cycle in flight at every stage. The set of links
// touched in a cycle (or with something arriving) is committed at the clock
// edge: a 1-cycle link at the edge after its send, a pipelined one only at
// the edge its flit or credit arrives (a timing wheel), and each at the edge
// after an arrival to clear _q.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
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
  /// Further VCs credited in the same cycle (bit v: VC v), when the
  /// downstream router sends more than one flit from its input port per
  /// cycle (an input speedup); 0 otherwise.
  std::uint16_t more = 0;
  /// Whether VC `v` is credited by this slot (valid).
  bool credits(VcId v) const { return vc == v || (more >> v & 1u); }
};

/// One end of a link: the component slot to wake and the port it uses there.
struct LinkEnd {
  std::size_t slot = 0;
  PortId port = 0;
  NodeId node = 0;
  bool is_router = true;
};

class LinkCommitter;

/// The longest link latency a link accepts (cycles): beyond it a link is not
/// a wire but a network of its own.
constexpr unsigned kMaxLinkLatency = 64;

class Link {
 public:
  /// `latency` in cycles for flits, `credit_latency` for credits (0: the
  /// same), each 1 to kMaxLinkLatency (std::invalid_argument else).
  Link(LinkCommitter* committer, LinkEnd upstream, LinkEnd downstream, std::string name, unsigned latency = 1,
       unsigned credit_latency = 0)
      : committer_(committer),
        up_(upstream),
        down_(downstream),
        name_(std::move(name)),
        flit_bit_(0),
        flit_word_own_(0),
        credit_bit_(0),
        credit_word_own_(0) {
    if (credit_latency == 0) credit_latency = latency;
    if (latency < 1 || latency > kMaxLinkLatency || credit_latency > kMaxLinkLatency)
      throw std::invalid_argument("Link: latency out of range");
    if (latency > 1 || credit_latency > 1) pipe_ = std::make_unique<Pipe>(latency, credit_latency);
  }

  const FlitSlot& flit() const { return flit_q_; }
  const CreditSlot& credit() const { return credit_q_; }
  unsigned latency() const { return pipe_ ? pipe_->flit_delay + 1 : 1; }
  unsigned credit_latency() const { return pipe_ ? pipe_->credit_delay + 1 : 1; }

  /// A flit on VC `vc` is on its way: arrived this cycle (_q) or still in
  /// the pipeline. Between cycles (the _d side is empty then).
  bool flit_in_flight(VcId vc) const {
    if (flit_q_.valid && flit_q_.flit.vc == vc) return true;
    if (pipe_)
      for (unsigned i = 0; i < pipe_->flits.count; ++i)
        if (pipe_->flits.at(i).vc == vc) return true;
    return false;
  }
  /// A credit for VC `vc` is on its way back (arrived this cycle or in the pipeline).
  bool credit_in_flight(VcId vc) const {
    if (credit_q_.valid && credit_q_.credits(vc)) return true;
    if (pipe_)
      for (unsigned i = 0; i < pipe_->credits.count; ++i)
        if (pipe_->credits.at(i).credits(vc)) return true;
    return false;
  }
  /// Flits and credits inside the pipeline stages (not counting _q).
  unsigned flits_in_pipeline() const { return pipe_ ? pipe_->flits.count : 0; }
  unsigned credits_in_pipeline() const { return pipe_ ? pipe_->credits.count : 0; }

  inline void send_flit(const Flit& f);
  /// send_flit(f) with f.vc replaced by `vc` (saves the caller a copy).
  inline void send_flit(const Flit& f, VcId vc);
  /// A credit for VC `vc` upstream, the first of this cycle.
  inline void send_credit(VcId vc);
  /// A credit for VC `vc` upstream that may follow others of this cycle (a
  /// router with an input speedup): it joins the first one's slot
  /// (CreditSlot::more).
  inline void send_credit_merged(VcId vc);

  /// Memory hints: the slot send_flit() writes; the slot a flit arrives in.
  void prefetch_send() const {
    __builtin_prefetch(&flit_d_, 1);
    __builtin_prefetch(reinterpret_cast<const char*>(&flit_d_ + 1) - 1, 1);
  }
  void prefetch_arrival() const {
    __builtin_prefetch(&flit_q_);
    __builtin_prefetch(reinterpret_cast<const char*>(&flit_q_ + 1) - 1);
  }

  const LinkEnd& upstream() const { return up_; }
  const LinkEnd& downstream() const { return down_; }
  const std::string& name() const { return name_; }
  std::uint64_t flits_carried() const { return flits_carried_; }
  /// Head flits sent, modulo 2^32 (a difference of two readings is exact
  /// while fewer than 2^32 heads cross between them).
  std::uint32_t heads_carried() const { return heads_carried_; }

  /// Clock edge `edge` (one lane): _d becomes _q in both directions (a
  /// pipelined link: what is due at this edge). Returns true when the link
  /// carries anything in the new cycle (so it must be committed again next
  /// edge to clear); `moves` counts flits.
  bool commit(ActivityList& activity, std::uint64_t edge, std::uint64_t& moves) {
    if (pipe_) return commit_piped(activity, edge, moves);
    bool carries = false;
    if (flit_d_.valid) {
      flit_q_ = flit_d_;
      flit_d_.valid = false;
      ++moves;
      activity.wake(down_.slot);
      if (flit_mask_) *flit_mask_ |= 1ull << flit_bit_;
      carries = true;
    } else {
      flit_q_.valid = false;  // the payload of an invalid slot is never read
    }
    if (credit_d_.valid) {
      credit_q_ = credit_d_;
      credit_d_.valid = false;
      activity.wake(up_.slot);
      if (credit_mask_) *credit_mask_ |= 1ull << credit_bit_;
      carries = true;
    } else {
      credit_q_.valid = false;
    }
    // Listed again (both directions) exactly when it must clear next edge.
    flit_listed_ = credit_listed_ = carries;
    return carries;
  }

  /// Clock edge of one direction, committed by lane `lane` while other lanes
  /// commit other links (wake-ups go to that lane's list, arrival bits are
  /// set atomically: two links may share a component). Returns true when the
  /// direction carries something in the new cycle; it is then listed again.
  bool commit_direction(bool flit, ActivityList& activity, unsigned lane, std::uint64_t edge, std::uint64_t& moves) {
    if (flit) {
      const bool arrived = pipe_ ? pipe_flit(edge, moves) : commit_flit(moves);
      if (arrived) {
        activity.wake_in(down_.slot, lane);
        if (flit_mask_) set_bit(flit_mask_, flit_bit_, flit_word_own_);
      }
      if (!pipe_) return flit_listed_ = arrived;
      // a pipelined direction with an arrival at the next edge is listed for it
      return arrived && !pipe_->flits.due_at(edge + 1);
    }
    const bool arrived = pipe_ ? pipe_credit(edge) : commit_credit();
    if (arrived) {
      activity.wake_in(up_.slot, lane);
      if (credit_mask_) set_bit(credit_mask_, credit_bit_, credit_word_own_);
    }
    if (!pipe_) return credit_listed_ = arrived;
    return arrived && !pipe_->credits.due_at(edge + 1);
  }

  /// Bit `bit` of *mask is set at the clock edge when a flit arrives (for the
  /// downstream end) or a credit arrives (upstream end), so a component reads
  /// only the ports that received something.
  void notify_flit_to(std::uint64_t* mask, unsigned bit) { flit_mask_ = mask; flit_bit_ = bit & 63u; }
  void notify_credit_to(std::uint64_t* mask, unsigned bit) { credit_mask_ = mask; credit_bit_ = bit & 63u; }
  /// The words notify_*_to names, for LinkCommitter::set_lanes.
  std::uint64_t* flit_word() const { return flit_mask_; }
  std::uint64_t* credit_word() const { return credit_mask_; }
  /// With several lanes: whether the lane that commits this direction is
  /// the only one that sets bits in its word in a clock edge (then it sets
  /// them without an atomic operation).
  void set_word_owned(bool flit, bool own) { (flit ? flit_word_own_ : credit_word_own_) = own; }

  /// Listed for the next edge in both directions (a link that must clear;
  /// a pipelined link's flags stay clear, so every send reaches its FIFO).
  void relist() {
    if (!pipe_) flit_listed_ = credit_listed_ = true;
  }

 private:
  /// What is on its way in one direction: a FIFO of (arrival edge, item),
  /// at most L deep (L - 1 in flight between cycles, one more sent during
  /// a cycle). Written by the sending end during evaluation and by the lane
  /// committing that direction at the edge, never both at once.
  template <class T>
  struct Fifo {
    struct Timed {
      std::uint64_t due = 0;
      T item{};
    };
    /// Room for `capacity` entries (rounded up to a power of two).
    explicit Fifo(unsigned capacity) {
      unsigned n = 1;
      while (n < capacity) n *= 2;
      slots.resize(n);
      mask = n - 1;
    }
    std::vector<Timed> slots;
    unsigned mask = 0, head = 0, count = 0;
    const T& at(unsigned i) const { return slots[(head + i) & mask].item; }
    /// The last entry if it is due at `due`, else null.
    T* last_due(std::uint64_t due) {
      if (count == 0) return nullptr;
      Timed& t = slots[(head + count - 1) & mask];
      return t.due == due ? &t.item : nullptr;
    }
    /// A new last entry, due at `due`: its item is the caller's to fill.
    T& push(std::uint64_t due) {
      Timed& t = slots[(head + count) & mask];
      t.due = due;
      ++count;
      return t.item;
    }
    /// The item due at `edge`, taken off the FIFO, or null.
    const T* take(std::uint64_t edge) {
      if (count == 0 || slots[head].due != edge) return nullptr;
      const T* item = &slots[head].item;
      head = (head + 1) & mask;
      --count;
      return item;
    }
    /// Something is due at `edge` (the direction is listed for it already).
    bool due_at(std::uint64_t edge) const { return count != 0 && slots[head].due == edge; }
  };
  /// A pipelined link's two directions: arrivals are L - 1 edges after the
  /// edge that follows the send. `*_edge`: the last edge that direction was
  /// committed at (a direction listed twice for one edge acts once).
  /// `listed_due`: with one lane, the last edge the link (both directions)
  /// was listed for, so a flit and a credit due at one edge list it once
  /// (with several lanes each direction is listed for each arrival, and the
  /// field is not written).
  struct Pipe {
    Pipe(unsigned latency, unsigned credit_latency)
        : flit_delay(latency - 1), credit_delay(credit_latency - 1), flits(latency), credits(credit_latency) {}
    unsigned flit_delay, credit_delay;
    Fifo<Flit> flits;
    Fifo<CreditSlot> credits;
    std::uint64_t flit_edge = ~0ull, credit_edge = ~0ull, listed_due = ~0ull;
  };

  // What was just sent on a pipelined link (_d) enters its FIFO, due L - 1
  // edges after the next one, and the link is listed for that edge.
  inline void pipe_send_flit();
  inline void pipe_send_credit();
  /// The edge a credit sent now on a pipelined link arrives at.
  inline std::uint64_t credit_due() const;
  // Lists the link (one direction: `flit`, driven from `slot`) for edge
  // `due`; with one lane, once per edge for both directions.
  inline void list_for(Pipe& p, std::uint64_t due, std::size_t slot, bool flit);

  // One edge of a pipelined direction: the item due at `edge` arrives at
  // _q, else _q empties. True when something arrived (a second call for the
  // same edge does nothing and returns false).
  bool pipe_flit(std::uint64_t edge, std::uint64_t& moves) {
    Pipe& p = *pipe_;
    if (p.flit_edge == edge) return false;
    p.flit_edge = edge;
    if (const Flit* f = p.flits.take(edge)) {
      flit_q_.valid = true;
      flit_q_.flit = *f;
      ++moves;
      return true;
    }
    flit_q_.valid = false;
    return false;
  }
  bool pipe_credit(std::uint64_t edge) {
    Pipe& p = *pipe_;
    if (p.credit_edge == edge) return false;
    p.credit_edge = edge;
    if (const CreditSlot* c = p.credits.take(edge)) {
      credit_q_ = *c;
      return true;
    }
    credit_q_.valid = false;
    return false;
  }
  bool commit_piped(ActivityList& activity, std::uint64_t edge, std::uint64_t& moves) {
    const bool flit = pipe_flit(edge, moves);
    if (flit) {
      activity.wake(down_.slot);
      if (flit_mask_) *flit_mask_ |= 1ull << flit_bit_;
    }
    const bool credit = pipe_credit(edge);
    if (credit) {
      activity.wake(up_.slot);
      if (credit_mask_) *credit_mask_ |= 1ull << credit_bit_;
    }
    // to clear at the next edge, unless an arrival lists it for that edge
    return (flit || credit) && pipe_->listed_due != edge + 1;
  }

  bool commit_flit(std::uint64_t& moves) {
    flit_listed_ = false;
    if (!flit_d_.valid) {
      flit_q_.valid = false;  // the payload of an invalid slot is never read
      return false;
    }
    flit_q_ = flit_d_;
    flit_d_.valid = false;
    ++moves;
    return true;
  }
  bool commit_credit() {
    credit_listed_ = false;
    credit_q_ = credit_d_;
    credit_d_.valid = false;
    return credit_q_.valid;
  }

  LinkCommitter* committer_;
  LinkEnd up_, down_;
  std::string name_;
  FlitSlot flit_q_, flit_d_;
  CreditSlot credit_q_, credit_d_;
  // Listed for the next edge because the upstream end sent a flit / the
  // downstream end sent a credit. Two flags, each written only by its own
  // end (or by the lane committing that direction), so lanes never write
  // the same flag. With one lane a link is listed once for both; with
  // several, each direction is listed on its own.
  bool flit_listed_ = false, credit_listed_ = false;
  // Arrival bit indices, packed beside the flags: a link's size is part of
  // the per-node memory estimate (sim/limits.h).
  std::uint8_t flit_bit_ : 7, flit_word_own_ : 1, credit_bit_ : 7, credit_word_own_ : 1;
  /// Sets bit `bit` of `*word`, atomically unless `own` (set_word_owned).
  static void set_bit(std::uint64_t* word, unsigned bit, bool own) {
    if (own)
      *word |= 1ull << bit;
    else
      __atomic_fetch_or(word, 1ull << bit, __ATOMIC_RELAXED);
  }
  std::uint32_t heads_carried_ = 0;  ///< in the padding before flits_carried_
  std::uint64_t flits_carried_ = 0;
  std::uint64_t* flit_mask_ = nullptr;
  std::uint64_t* credit_mask_ = nullptr;
  std::unique_ptr<Pipe> pipe_;  ///< null for latency 1
};

/// Collects the links that must be committed at the next clock edge: one
/// list, or with several lanes one list of (link, direction) per lane, each
/// committed by its lane (in parallel or one after another: the lists come
/// out the same), so the order depends only on the number of lanes.
class LinkCommitter {
 public:
  /// Lists `l` (its flit direction if `flit`, else its credit direction),
  /// driven by the component at `slot`.
  void mark(Link* l, std::size_t slot, bool flit) {
    if (lanes_.empty())
      dirty_.push_back(l);
    else
      lanes_[activity_->lane_of(slot)].dirty.push_back(Entry{l, flit});
  }

  /// Lists one direction of the pipelined link `l`, driven by the component
  /// at `slot`, for edge `due` (less than kMaxLinkLatency edges ahead). With
  /// one lane an entry commits both directions.
  void schedule(Link* l, std::size_t slot, bool flit, std::uint64_t due) {
    Wheel& w = lanes_.empty() ? wheel_ : lanes_[activity_->lane_of(slot)].wheel;
    w.buckets[due % kMaxLinkLatency].push_back(Entry{l, flit});
    ++w.entries;
  }

  /// The number of the next clock edge (edges committed so far).
  std::uint64_t edge() const { return edge_; }

  /// Memory hints while committing (a fabric far larger than the caches).
  void set_prefetch(bool on) { prefetch_ = on; }

  /// True with several lanes (each direction is then listed on its own).
  bool laned() const { return !lanes_.empty(); }
  unsigned lanes() const { return static_cast<unsigned>(lanes_.size()); }

  /// One list per lane of `activity` (lanes >= 2), or back to one list.
  void set_lanes(const ActivityList* activity, unsigned lanes) {
    activity_ = activity;
    std::vector<Entry> pending;
    Wheel wheel = std::move(wheel_);
    wheel_ = Wheel{};
    for (auto& lane : lanes_) {
      pending.insert(pending.end(), lane.dirty.begin(), lane.dirty.end());
      for (unsigned b = 0; b < kMaxLinkLatency; ++b)
        wheel.buckets[b].insert(wheel.buckets[b].end(), lane.wheel.buckets[b].begin(), lane.wheel.buckets[b].end());
    }
    lanes_.assign(lanes > 1 ? lanes : 0, Lane{});
    // scheduled arrivals go to the lane of the end that sent them; a
    // one-lane entry stands for both directions
    for (unsigned b = 0; b < kMaxLinkLatency; ++b)
      for (const Entry& e : wheel.buckets[b]) {
        if (lanes_.empty()) {
          wheel_.buckets[b].push_back(e);
          ++wheel_.entries;
          continue;
        }
        for (const bool flit : {true, false}) {
          const std::size_t slot = flit ? e.link->upstream().slot : e.link->downstream().slot;
          Wheel& w = lanes_[activity_->lane_of(slot)].wheel;
          w.buckets[b].push_back(Entry{e.link, flit});
          ++w.entries;
        }
      }
    if (lanes_.empty()) {
      for (const Entry& e : pending) {
        e.link->relist();
        if (std::find(dirty_.begin(), dirty_.end(), e.link) == dirty_.end()) dirty_.push_back(e.link);
      }
    } else {
      for (Link* l : dirty_) {
        l->relist();  // listed in both directions: neither end lists it again
        lanes_[0].dirty.push_back(Entry{l, true});
        lanes_[0].dirty.push_back(Entry{l, false});
      }
      dirty_.clear();
    }
  }

  /// Commits every dirty link (the clock edge), one lane after another.
  void commit_all(ActivityList& activity) {
    if (!lanes_.empty()) {
      for (unsigned k = 0; k < lanes_.size(); ++k) commit_lane(k, activity);
      finish_edge();
      return;
    }
    scratch_.swap(dirty_);
    dirty_.clear();
    const std::uint64_t edge = edge_++;
    if (wheel_.entries != 0) commit_due(wheel_, edge, activity);
    if (!prefetch_) {
      for (Link* l : scratch_)
        if (l->commit(activity, edge, moves_)) dirty_.push_back(l);
      return;
    }
    // Large fabric: each link is fetched a few links ahead (memory hints).
    constexpr std::size_t kAhead = 6;
    const std::size_t n = scratch_.size();
    for (std::size_t i = 0; i < n; ++i) {
      if (i + kAhead < n) {
        const char* link = reinterpret_cast<const char*>(scratch_[i + kAhead]);
        for (std::size_t b = 0; b < sizeof(Link); b += 64) __builtin_prefetch(link + b, 1);
      }
      Link* l = scratch_[i];
      if (l->commit(activity, edge, moves_)) dirty_.push_back(l);
    }
  }

  /// Lane k's part of the clock edge (lanes may run it in parallel);
  /// finish_edge() once every lane has.
  void commit_lane(unsigned k, ActivityList& activity) {
    Lane& lane = lanes_[k];
    lane.scratch.swap(lane.dirty);
    lane.dirty.clear();
    if (lane.wheel.entries != 0) {
      std::vector<Entry>& due = lane.wheel.buckets[edge_ % kMaxLinkLatency];
      for (const Entry& e : due)
        if (e.link->commit_direction(e.flit, activity, k, edge_, lane.moves)) lane.dirty.push_back(e);
      lane.wheel.entries -= due.size();
      due.clear();
    }
    for (const Entry& e : lane.scratch)
      if (e.link->commit_direction(e.flit, activity, k, edge_, lane.moves)) lane.dirty.push_back(e);
  }
  void finish_edge() {
    for (Lane& lane : lanes_) {
      moves_ += lane.moves;
      lane.moves = 0;
    }
    ++edge_;
  }

  /// Entries to commit at the next edge (to decide whether lanes should).
  std::size_t pending_entries() const {
    std::size_t n = dirty_.size() + wheel_.entries;
    for (const Lane& lane : lanes_) n += lane.dirty.size() + lane.wheel.entries;
    return n;
  }

  /// True when no link needs the next clock edge.
  bool idle() const { return pending_entries() == 0; }

  /// Flits that crossed a link so far (counted at the clock edges).
  std::uint64_t flit_moves() const { return moves_; }

 private:
  struct Entry {
    Link* link;
    bool flit;  ///< the flit direction, else the credit direction
  };
  /// Pipelined links' directions by the edge their flit or credit arrives
  /// at (bucket edge % kMaxLinkLatency; a send is at most kMaxLinkLatency - 1
  /// edges ahead of its arrival).
  struct Wheel {
    std::vector<std::vector<Entry>> buckets = std::vector<std::vector<Entry>>(kMaxLinkLatency);
    std::size_t entries = 0;
  };
  struct Lane {
    std::vector<Entry> dirty, scratch;
    Wheel wheel;
    std::uint64_t moves = 0;
  };
  // One lane: the arrivals due at `edge` (both directions of each link).
  void commit_due(Wheel& w, std::uint64_t edge, ActivityList& activity) {
    std::vector<Entry>& due = w.buckets[edge % kMaxLinkLatency];
    for (const Entry& e : due)
      if (e.link->commit(activity, edge, moves_)) dirty_.push_back(e.link);
    w.entries -= due.size();
    due.clear();
  }

  std::vector<Link*> dirty_, scratch_;
  Wheel wheel_;
  std::vector<Lane> lanes_;  ///< empty with one lane
  const ActivityList* activity_ = nullptr;
  std::uint64_t moves_ = 0;
  std::uint64_t edge_ = 0;
  bool prefetch_ = false;
};

inline void Link::send_flit(const Flit& f, VcId vc) {
  ++flits_carried_;
  heads_carried_ += is_head(f.type) ? 1u : 0u;
  flit_d_.valid = true;
  flit_d_.flit = f;
  flit_d_.flit.vc = vc;
  if (!flit_listed_) {
    // a pipelined link is never listed this way: its flit enters its FIFO now
    if (__builtin_expect(pipe_ != nullptr, 0)) return pipe_send_flit();
    flit_listed_ = true;
    // With one lane a link is listed once, whichever end drove it first.
    if (committer_->laned() || !credit_listed_) committer_->mark(this, up_.slot, true);
  }
}

inline void Link::send_flit(const Flit& f) { send_flit(f, f.vc); }

inline void Link::send_credit_merged(VcId vc) {
  if (pipe_) {
    if (CreditSlot* first = pipe_->credits.last_due(credit_due())) {
      first->more = static_cast<std::uint16_t>(first->more | 1u << vc);
      return;
    }
  } else if (credit_d_.valid) {  // listed already
    credit_d_.more = static_cast<std::uint16_t>(credit_d_.more | 1u << vc);
    return;
  }
  send_credit(vc);
}

inline void Link::send_credit(VcId vc) {
  credit_d_.valid = true;
  credit_d_.vc = vc;
  credit_d_.more = 0;
  if (!credit_listed_) {
    if (__builtin_expect(pipe_ != nullptr, 0)) return pipe_send_credit();
    credit_listed_ = true;
    if (committer_->laned() || !flit_listed_) committer_->mark(this, down_.slot, false);
  }
}

inline void Link::pipe_send_flit() {
  Pipe& p = *pipe_;
  const std::uint64_t due = committer_->edge() + p.flit_delay;
  p.flits.push(due) = flit_d_.flit;
  flit_d_.valid = false;
  list_for(p, due, up_.slot, true);
}

inline std::uint64_t Link::credit_due() const { return committer_->edge() + pipe_->credit_delay; }

inline void Link::pipe_send_credit() {
  Pipe& p = *pipe_;
  const std::uint64_t due = credit_due();
  p.credits.push(due) = credit_d_;
  credit_d_.valid = false;
  list_for(p, due, down_.slot, false);
}

inline void Link::list_for(Pipe& p, std::uint64_t due, std::size_t slot, bool flit) {
  if (p.listed_due != due) {
    if (!committer_->laned()) p.listed_due = due;
    committer_->schedule(this, slot, flit, due);
  }
}

}  // namespace wormsim
