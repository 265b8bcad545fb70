// A link is one bundled, registered channel between an upstream output port
// and a downstream input port: flits travel forward, credits travel back.
// Both directions are registers: what a component sends in cycle t is seen
// by the other end in cycle t+L, for exactly one cycle, where L >= 1 is the
// link's latency (credits may take longer than flits: a router's credit
// delay).
//
// Cycles are counted by the link's LinkCommitter (edge(): the clock edges
// committed so far, which is the number of the cycle being evaluated). Each
// direction is a ring of registers, one per cycle an item may be seen in:
// a power of two, at least L + 1 of them, indexed by that cycle and stamped
// with it. The sender of cycle t writes the register of cycle t + L while
// the receiver reads the register of cycle t; a register whose stamp is not
// the current cycle is empty. Nothing is copied at a clock edge. Where the
// flits (credits) of every link of the committer take one cycle, a flit
// (credit) direction (two registers) wakes the receiving component for
// cycle t + 1 and sets its arrival bit there as it sends; where any take
// more, every such direction lists its sends with the committer, which does
// both at the edge before cycle t + L (a timing wheel of notices: the item
// stays in its register). The receiver sees the same either way; one path
// for all the links of a fabric keeps the send free of a branch on the
// link's latency. A credit is all in its arrival bit (its VC): where the
// receiver reads the bits and a simple fabric's sender sends by its end,
// no register is written, and credit() reads the bit, which stays until
// the receiver takes its cycle's word.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include <wormsim/core/activity.h>
#include <wormsim/core/lane_owned.h>
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

/// Bit words a component reads to learn which ports received something,
/// one per parity of the cycle the arrival is seen in (words[cycle & 1]).
using ArrivalWords = std::uint64_t[2];

/// Adds one to a 32-bit count kept beside a 64-bit total of its wraps:
/// `wrapped` + `count` is the exact count.
inline void count_with_wrap(std::uint32_t& count, std::uint64_t& wrapped) {
  if (__builtin_expect(++count == 0, 0)) wrapped += std::uint64_t{1} << 32;
}

class Link {
 public:
  /// `latency` in cycles for flits, `credit_latency` for credits (0: the
  /// same), each 1 to kMaxLinkLatency (std::invalid_argument else).
  inline Link(LinkCommitter* committer, LinkEnd upstream, LinkEnd downstream, std::string name,
              unsigned latency = 1, unsigned credit_latency = 0);
  /// The rings may point into the object: it stays where it was built.
  Link(const Link&) = delete;
  Link& operator=(const Link&) = delete;
  inline ~Link();

  /// What the downstream end sees in the current cycle (between cycles: in
  /// the coming one).
  inline FlitSlot flit() const;
  /// What the upstream end sees in the current cycle (credits sent as
  /// arrival bits alone: until the upstream end takes them, so between
  /// cycles).
  inline CreditSlot credit() const;
  /// The flit seen in cycle `cycle`, for a reader that knows one arrived
  /// (its arrival bit is set).
  const Flit& arrived_flit(std::uint64_t cycle) const { return flit_ring_[cycle & flit_mask_].flit; }
  /// The flit seen in the current cycle, or null.
  inline const Flit* flit_arrival() const;

  unsigned latency() const { return flit_latency_; }
  unsigned credit_latency() const { return credit_latency_; }

  /// A flit on VC `vc` is on its way: seen in the coming cycle or still in
  /// the pipeline. Between cycles.
  bool flit_in_flight(VcId vc) const {
    const std::uint64_t t = now();
    for (unsigned i = 0; i <= flit_mask_; ++i)
      if (const FlitReg& r = flit_ring_[i]; r.seen != kNever && r.seen >= t && r.flit.vc == vc) return true;
    return false;
  }
  /// A credit for VC `vc` is on its way back (seen in the coming cycle or in the pipeline).
  bool credit_in_flight(VcId vc) const {
    const std::uint64_t t = now();
    for (unsigned i = 0; i <= credit_mask_; ++i)
      if (const CreditReg& r = credit_ring_[i]; r.seen != kNever && r.seen >= t && r.slot.credits(vc)) return true;
    return (credit_bits(t) >> vc & 1u) != 0;
  }
  /// Flits and credits inside the pipeline stages (not counting what is
  /// seen in the coming cycle).
  unsigned flits_in_pipeline() const {
    const std::uint64_t t = now();
    unsigned n = 0;
    for (unsigned i = 0; i <= flit_mask_; ++i) n += flit_ring_[i].seen != kNever && flit_ring_[i].seen > t;
    return n;
  }
  unsigned credits_in_pipeline() const {
    const std::uint64_t t = now();
    unsigned n = 0;
    for (unsigned i = 0; i <= credit_mask_; ++i) n += credit_ring_[i].seen != kNever && credit_ring_[i].seen > t;
    return n;
  }

  /// A register of the cycle `seen` (empty in every other cycle).
  /// 64 bytes: a ring of them on a line boundary (new_ring, or the pair in
  /// the object) puts each register in one cache line.
  /// The direction's counts are kept in its registers too, summed when
  /// read: a send then writes only a line that the receiving end reads
  /// anyway, and the object's first line, which both ends read, is never
  /// written, so it stays in both ends' caches when they are on different
  /// cores.
  struct FlitReg {
    Flit flit;
    std::uint64_t seen = kNever;
    std::uint32_t flits = 0;  ///< flits sent through this register, modulo 2^32 (see flits_wrapped_)
    std::uint32_t heads = 0;  ///< head flits among them, modulo 2^32
  };
  struct CreditReg {
    std::uint64_t seen = kNever;
    CreditSlot slot;  ///< valid stays set: `seen` says whether it is
  };
  static_assert(sizeof(FlitReg) == 64 && 64 % sizeof(CreditReg) == 0, "registers tile cache lines");

  /// An end's link, with what its sending end knows of the lanes in the
  /// pointer's low bits (a Link is 64-byte aligned), so that an end keeps
  /// to its line.
  class EndLink {
   public:
    EndLink() = default;
    /// Implicit: a link alone is an end's link without the lanes' flag.
    EndLink(Link* link) : bits_(reinterpret_cast<std::uintptr_t>(link)) {}
    EndLink(Link* link, bool lane_local)
        : bits_(reinterpret_cast<std::uintptr_t>(link) | (lane_local ? kLaneLocal : 0u)) {}
    Link* get() const { return reinterpret_cast<Link*>(bits_ & ~kFlags); }
    Link* operator->() const { return get(); }
    Link& operator*() const { return *get(); }
    /// Several lanes, and the receiving end in the sending end's lane,
    /// reading its arrival words: a send in a fabric whose directions all
    /// take one cycle sets the arrival bit and wakes the receiver through
    /// the lane's own words (ActivityList::wake_word) by the end.
    bool lane_local() const { return (bits_ & kLaneLocal) != 0; }

   private:
    static constexpr std::uintptr_t kLaneLocal = 1, kFlags = 1;
    std::uintptr_t bits_ = 0;
  };

  /// What a send by ends (LinkCommitter::simple(): one lane, every
  /// direction one cycle; or several lanes, every direction one cycle, and
  /// the receiving end in the sender's lane: EndLink::lane_local) and an
  /// arrival read of a direction need: the receiving end's arrival words
  /// and bit, its word of wake-ups (ActivityList::wake_word) and its bit
  /// there, as masks, and for flits the ring of registers. A component
  /// keeps it beside its own state (flit_end(), credit_end(), taken once
  /// both ends are attached and again after its lane is set) and sends and
  /// reads through it (send_flit(end, ...), arrived_flit(end, ...)), so
  /// that such a send reads no line of the link object.
  struct FlitEnd {
    FlitReg* regs = nullptr;
    std::uint64_t* words = nullptr;
    EndLink link;
    std::uint64_t* wake = nullptr;
    std::uint64_t wake_mask = 0;  ///< the receiver's bit in *wake
    std::uint64_t arrive = 0;     ///< the arrival bit in words[parity]
    std::uint8_t mask = 1;        ///< ring size - 1
    std::uint16_t lane = 0;       ///< the sending end's lane (its count of flits moved)
  };
  /// A credit direction's end. Where the receiver reads the arrival words
  /// (notify_credit_to), a one-cycle credit sent by the end in a simple()
  /// fabric is its arrival bit alone: `regs` is null, and credit() and
  /// credit_in_flight() read the bit between cycles. Otherwise `regs` are
  /// the direction's registers, written as well.
  struct CreditEnd {
    std::uint64_t* words = nullptr;
    std::uint64_t* wake = nullptr;
    std::uint64_t wake_mask = 0;  ///< the receiver's bit in *wake
    std::uint64_t arrive = 0;     ///< VC 0's arrival bit in words[parity] (VC v: arrive << v)
    CreditReg* regs = nullptr;
    EndLink link;
  };
  inline FlitEnd flit_end();
  inline CreditEnd credit_end();
  /// send_flit(f, vc) and send_credit(vc) on the link of `end`, whose
  /// committer is `committer`: by the end where it is simple() or the end
  /// is lane_local(). Compiled for one lane (kLaned false: the lanes' way
  /// out of line) or for several (the lanes' way inlined).
  template <bool kLaned = false>
  [[gnu::always_inline]] static inline void send_flit(const FlitEnd& end, LinkCommitter& committer, const Flit& f,
                                                      VcId vc);
  template <bool kLaned = false>
  [[gnu::always_inline]] static inline void send_credit(const CreditEnd& end, LinkCommitter& committer, VcId vc);
  /// arrived_flit(cycle) of the link of `end`.
  static const Flit& arrived_flit(const FlitEnd& end, std::uint64_t cycle) { return end.regs[cycle & end.mask].flit; }

  /// Sends `f` downstream (one flit per cycle).
  inline void send_flit(const Flit& f);
  /// send_flit(f) with f.vc replaced by `vc` (saves the caller a copy).
  [[gnu::always_inline]] inline void send_flit(const Flit& f, VcId vc);
  /// A credit for VC `vc` upstream, the first of this cycle.
  [[gnu::always_inline]] inline void send_credit(VcId vc);
  /// A credit for VC `vc` upstream that may follow others of this cycle (a
  /// router with an input speedup): it joins the first one's slot
  /// (CreditSlot::more).
  inline void send_credit_merged(VcId vc);

  /// Memory hints: the slot send_flit() writes; the slot a flit arrives in.
  inline void prefetch_send() const;
  inline void prefetch_arrival() const;

  LinkEnd upstream() const { return LinkEnd{up_slot_, up_port_, up_node_, up_is_router_}; }
  LinkEnd downstream() const { return LinkEnd{down_slot_, down_port_, down_node_, down_is_router_}; }
  const std::string& name() const { return name_; }
  const LinkCommitter* committer() const { return committer_; }
  LinkCommitter* committer() { return committer_; }
  /// Flits sent so far.
  inline std::uint64_t flits_carried() const;
  /// Head flits sent, modulo 2^32 (a difference of two readings is exact
  /// while fewer than 2^32 heads cross between them).
  inline std::uint32_t heads_carried() const;

  /// Arrivals set bits of words[parity of the cycle seen], so a component
  /// reads only the ports that received something; it clears the word of
  /// each cycle as it reads it. A flit sets bit `bit`; a credit for VC v
  /// sets bit `first_bit` + v (each VC credited in that cycle: the reader
  /// needs no credit register), for VCs up to 63 - `first_bit`; the port
  /// has `vcs` of them. The reader is woken for every cycle a bit is set
  /// for, and clears that cycle's word when it reads it.
  void notify_flit_to(std::uint64_t* words, unsigned bit) { flit_words_ = words; flit_bit_ = bit & 63u; }
  void notify_credit_to(std::uint64_t* words, unsigned first_bit, unsigned vcs) {
    credit_words_ = words;
    credit_bit_ = first_bit & 63u;
    credit_vcs_ = static_cast<std::uint8_t>(std::min(vcs, 64u - credit_bit_));
  }
  /// Back to the committer's unwatched words for credits: no component
  /// reads them, and credits stay in their registers (the sender must take
  /// its end again).
  inline void unwatch_credits();
  /// The lanes of the two ends (0 with one lane): a direction's wake-ups,
  /// arrival bits and counts are made by the lane of the end that drives it.
  void set_end_lanes(unsigned up, unsigned down) {
    up_lane_ = static_cast<std::uint16_t>(up);
    down_lane_ = static_cast<std::uint16_t>(down);
  }
  unsigned upstream_lane() const { return up_lane_; }
  unsigned downstream_lane() const { return down_lane_; }

  /// Clock edge `edge` of a pipelined direction (the flit direction if
  /// `flit`), committed by lane `lane`: the item in the register of cycle
  /// edge + 1 comes into view of the receiving end. Called once per item,
  /// at the edge before the cycle it is seen in.
  inline void commit_due(bool flit, unsigned lane, std::uint64_t edge);

 private:
  static constexpr std::uint64_t kNever = ~0ull;
  /// The registers of a pipelined direction, `n` of them from a
  /// cache-line boundary (free_ring() frees them).
  template <typename Reg>
  static Reg* new_ring(unsigned n) {
    Reg* regs = static_cast<Reg*>(::operator new(n * sizeof(Reg), std::align_val_t{64}));
    for (unsigned i = 0; i < n; ++i) new (&regs[i]) Reg();
    return regs;
  }
  template <typename Reg>
  static void free_ring(Reg* regs, unsigned n) {
    for (unsigned i = 0; i < n; ++i) regs[i].~Reg();
    ::operator delete(regs, std::align_val_t{64});
  }
  /// The ring of a direction of latency `latency`: room for every cycle an
  /// item sent now or earlier may be seen in (a power of two > latency).
  static unsigned ring_size(unsigned latency) {
    unsigned n = 2;
    while (n < latency + 1) n *= 2;
    return n;
  }

  /// Puts what arrives for cycle `seen` in view of the receiving end, made
  /// by lane `lane`: its arrival bit and its wake-up
  /// (ActivityList::arrive_in; the way by the end is send_flit(end, ...)).
  inline void arrive_flit(std::uint64_t seen, unsigned lane);
  /// `vcs`: the VCs credited (bit v: VC v).
  inline void arrive_credit(std::uint64_t seen, unsigned lane, std::uint64_t vcs);
  /// The arrival word of cycle `seen` in `words`, or null where no one
  /// reads them (the committer's unwatched words).
  std::uint64_t* watched(std::uint64_t* words, std::uint64_t seen) const {
    return words == committer_unwatched() ? nullptr : &words[seen & 1];
  }
  inline const std::uint64_t* committer_unwatched() const;
  inline std::uint64_t now() const;
  /// Counts a send of `f` through register `r` of `link`.
  static inline void count_send(Link& link, FlitReg& r, const Flit& f);
  /// Writes register `r` of cycle `seen`: flit `f` on VC `vc` (counted),
  /// or a credit for VC `vc`.
  static inline void put(Link& link, FlitReg& r, const Flit& f, VcId vc, std::uint64_t seen);
  static void put(CreditReg& r, VcId vc, std::uint64_t seen) {
    r.seen = seen;
    r.slot.vc = vc;
    r.slot.more = 0;
  }
  /// send_flit(end, ...) and send_credit(end, ...) out of line, where the
  /// committer is not simple(): by the end where it is lane_local(), else
  /// by the link (a credit end without registers sends a one-cycle credit
  /// as its bit alone).
  [[gnu::noinline]] static void send_flit_by_lanes(const FlitEnd& end, LinkCommitter& committer, const Flit& f,
                                                   VcId vc);
  [[gnu::noinline]] static void send_credit_by_lanes(const CreditEnd& end, LinkCommitter& committer, VcId vc);
  /// Their sends by the link (a credit end without registers, `registers`
  /// false, sends a one-cycle credit as its bit alone), a call of their own
  /// so that the sends by the end need few registers.
  [[gnu::noinline]] void send_flit_by_link(const Flit& f, VcId vc);
  [[gnu::noinline]] void send_credit_by_link(VcId vc, bool registers);
  /// The ends with the receiver's wake word `wake` (lent, or for one send);
  /// the credit end's registers `regs` (null: its credits are their bits).
  inline FlitEnd flit_end(std::uint64_t* wake);
  inline CreditEnd credit_end(std::uint64_t* wake, CreditReg* regs, bool local);
  /// The credits of cycle `t` (the current one) that went as arrival bits
  /// alone (a CreditEnd without registers): VC `vc` if `vc` < 64, else any.
  /// Read before the receiver takes the cycle's word (between cycles).
  std::uint64_t credit_bits(std::uint64_t t) const {
    if (!credit_bits_) return 0;
    const std::uint64_t all = credit_vcs_ >= 64 ? ~0ull : (std::uint64_t{1} << credit_vcs_) - 1;
    return credit_words_[t & 1] >> credit_bit_ & all;
  }
  /// The single-lane sends (the committer simple()), seen in cycle `seen`.
  [[gnu::always_inline]] static inline void send_flit_simple(const FlitEnd& end, LinkCommitter& committer,
                                                             const Flit& f, VcId vc, std::uint64_t seen);
  [[gnu::always_inline]] static inline void send_credit_simple(const CreditEnd& end, VcId vc, std::uint64_t seen);
  /// The sends by a lane_local() end where every direction takes one cycle
  /// and there are several lanes; false (nothing sent) otherwise.
  [[gnu::always_inline]] static inline bool send_flit_lane_local(const FlitEnd& end, LinkCommitter& committer,
                                                                 const Flit& f, VcId vc);
  [[gnu::always_inline]] static inline bool send_credit_lane_local(const CreditEnd& end, LinkCommitter& committer,
                                                                   VcId vc);

  // Five cache lines, each written by one end at most, so that two ends on
  // different cores share no line that either writes.
  // Line 0: what a send and an arrival read; written by neither end.
  LinkCommitter* committer_;
  FlitReg* flit_ring_ = flits_;  ///< flits_, or a ring of its own (latency > 1)
  CreditReg* credit_ring_ = credits_;  ///< credits_, or a ring of its own (latency > 1)
  std::uint64_t* flit_words_;  ///< notify_flit_to(), or the committer's unwatched words
  std::uint64_t* credit_words_;
  std::uint32_t up_slot_, down_slot_;  ///< the ends' activity slots
  std::uint8_t flit_latency_ = 1, credit_latency_ = 1;
  std::uint8_t flit_mask_ = 1, credit_mask_ = 1;  ///< ring size - 1
  std::uint16_t up_lane_ = 0, down_lane_ = 0;
  std::uint8_t flit_bit_ = 0, credit_bit_ = 0;
  std::uint8_t credit_vcs_ = 1;  ///< VCs of the credits' receiving port (notify_credit_to)
  /// A credit end without registers was taken: credits may be bits alone.
  bool credit_bits_ = false;
  // Lines 1 and 2: a one-cycle direction's flit registers (the sending end
  // writes them); line 3: its credit registers (the receiving end), where
  // its credits are not their bits alone.
  alignas(64) FlitReg flits_[2];
  alignas(64) CreditReg credits_[2];
  // Line 4: what counting and naming read.
  alignas(64) std::uint64_t flits_wrapped_ = 0;  ///< 2^32 for each time a register's count of flits went round
  NodeId up_node_, down_node_;
  PortId up_port_, down_port_;
  bool up_is_router_, down_is_router_;
  std::string name_;
};

/// Counts the clock edges of a set of links, and commits what their
/// pipelined directions carry: one timing wheel, or with several lanes one
/// per lane (each committed by its lane, in parallel or one after another:
/// the lists come out the same). 1-cycle directions need no commit.
class LinkCommitter {
 public:
  /// Arrivals wake components of `activity`.
  explicit LinkCommitter(ActivityList& activity) : activity_(activity) {}
  LinkCommitter(const LinkCommitter&) = delete;
  LinkCommitter& operator=(const LinkCommitter&) = delete;

  ActivityList& activity() { return activity_; }

  /// Arrival words no component reads: a link's until notify_*_to names
  /// its receiver's (a send sets its bit without testing for one).
  std::uint64_t* unwatched_words() { return unwatched_; }

  /// Lists one direction of the pipelined link `l` for edge `due` (less
  /// than kMaxLinkLatency edges ahead), in the wheel of lane `lane` (the
  /// lane of the end that drives the direction).
  void schedule(Link* l, unsigned lane, bool flit, std::uint64_t due) {
    Wheel& w = lanes_.empty() ? wheel_ : lanes_[lane];
    (flit ? w.flits : w.credits)[due & mask_].push_back(l);
    ++w.entries;
  }

  /// A link of latency `latency` (cycles, at most kMaxLinkLatency) joins:
  /// the wheel turns through as many buckets as the longest latency needs
  /// (a power of two), so the few in use stay in cache.
  void need_latency(unsigned latency) {
    unsigned mask = mask_;
    while (mask + 1 < latency) mask = 2 * mask + 1;
    if (mask == mask_) return;
    const unsigned old = mask_;
    mask_ = mask;
    // What is listed moves to its due edge's bucket of the larger wheel.
    for (Wheel* w : wheels())
      for (Buckets* buckets : {&w->flits, &w->credits}) {
        Buckets due(kMaxLinkLatency);
        for (unsigned b = 0; b <= old; ++b) due[b] = std::move((*buckets)[b]);
        for (auto& bucket : *buckets) bucket.clear();
        for (unsigned b = 0; b <= old; ++b) {
          const std::uint64_t edge = edge_ + ((b - edge_) & old);
          for (Link* l : due[b]) (*buckets)[edge & mask_].push_back(l);
        }
      }
  }

  /// The number of the next clock edge (edges committed so far): the
  /// number of the cycle being evaluated.
  std::uint64_t edge() const { return edge_; }
  /// Where simple(): the cycle the registers of a send now are seen in
  /// (edge() + 1, never 0); otherwise 0.
  std::uint64_t simple_seen() const { return simple_seen_; }
  /// Where several lanes and every direction one cycle: edge() + 1;
  /// otherwise 0.
  std::uint64_t lanes_seen() const { return lanes_seen_; }

  /// Whether some link's flits (credits) take more than one cycle: then
  /// every flit (credit) sent is listed in the wheel.
  bool pipelined_flits() const { return pipelined_flits_; }
  bool pipelined_credits() const { return pipelined_credits_; }
  /// A link joins whose flits (credits) take more than one cycle if `flits`
  /// (`credits`).
  void note_pipelined(bool flits, bool credits) {
    pipelined_flits_ = pipelined_flits_ || flits;
    pipelined_credits_ = pipelined_credits_ || credits;
    set_simple();
  }

  /// True with several lanes.
  bool laned() const { return !lanes_.empty(); }
  /// One lane and no pipelined direction: a send wakes its receiver and
  /// sets its arrival bit at once, from lane 0, without an atomic operation.
  bool simple() const { return simple_; }
  /// No pipelined direction, one lane or several: a send writes the
  /// registers its links' ends hold (Link::FlitEnd::regs).
  bool one_cycle() const { return !pipelined_flits_ && !pipelined_credits_; }
  unsigned lanes() const { return lanes_.empty() ? 1u : static_cast<unsigned>(lanes_.size()); }

  /// One wheel per lane (lanes >= 2; every link's end lanes set to match,
  /// Link::set_end_lanes), or back to one wheel.
  void set_lanes(unsigned lanes) {
    Buckets due[2] = {Buckets(kMaxLinkLatency), Buckets(kMaxLinkLatency)};  // flits, credits
    for (unsigned b = 0; b <= mask_; ++b) {
      due[0][b] = std::move(wheel_.flits[b]);
      due[1][b] = std::move(wheel_.credits[b]);
      for (Wheel& lane : lanes_) {
        due[0][b].insert(due[0][b].end(), lane.flits[b].begin(), lane.flits[b].end());
        due[1][b].insert(due[1][b].end(), lane.credits[b].begin(), lane.credits[b].end());
      }
    }
    std::uint64_t moved = flit_moves();
    wheel_ = Wheel{};
    lanes_.assign(lanes > 1 ? lanes : 0, Wheel{});
    set_simple();
    moves_.assign(std::max(1u, lanes), Counter{});
    moves_[0].n = moved;
    simple_moves_ = 0;
    // scheduled arrivals go to the lane of the end that sent them
    for (unsigned b = 0; b <= mask_; ++b)
      for (const bool flit : {true, false})
        for (Link* l : due[flit ? 0 : 1][b]) {
          const unsigned lane = lanes_.empty() ? 0u : flit ? l->upstream_lane() : l->downstream_lane();
          schedule(l, lane, flit, b);
        }
  }

  /// Commits every pipelined direction due at this edge, one lane after
  /// another, and counts the edge.
  void commit_all() {
    if (!lanes_.empty()) {
      for (unsigned k = 0; k < lanes_.size(); ++k) commit_lane(k);
    } else if (wheel_.entries != 0) {
      commit_wheel(wheel_, 0);
    }
    finish_edge();
  }

  /// Lane k's part of the clock edge (lanes may run it in parallel);
  /// finish_edge() once every lane has.
  void commit_lane(unsigned k) {
    if (lanes_[k].entries != 0) commit_wheel(lanes_[k], k);
  }
  void finish_edge() {
    ++edge_;
    simple_seen_ += simple_ ? 1 : 0;
    lanes_seen_ += lanes_seen_ != 0 ? 1 : 0;
  }

  /// Entries to commit at the next edge (to decide whether lanes should).
  std::size_t pending_entries() const {
    std::size_t n = wheel_.entries;
    for (const Wheel& lane : lanes_) n += lane.entries;
    return n;
  }

  /// True when no pipelined direction carries anything.
  bool idle() const { return pending_entries() == 0; }

  /// Flits that reached the end of a link so far (a 1-cycle link's as it is
  /// sent, a pipelined one's at the edge before it is seen).
  std::uint64_t flit_moves() const {
    std::uint64_t n = simple_moves_;
    for (const Counter& c : moves_) n += c.n;
    return n;
  }
  /// One flit moved, counted by lane `lane`.
  void count_move(unsigned lane) { ++moves_[lane].n; }
  /// One flit moved by a simple() send.
  void count_simple_move() { ++simple_moves_; }

 private:
  /// Per bucket, the links whose direction is listed.
  using Buckets = std::vector<std::vector<Link*>>;
  /// Pipelined links' directions by the edge their item is due at (bucket
  /// edge & mask_; a send is at most its latency - 1 edges ahead of its
  /// due edge, and mask_ + 1 is at least the longest latency).
  struct alignas(kLaneLine) Wheel {  // with lanes, written by its lane alone
    Buckets flits = Buckets(kMaxLinkLatency);    ///< flit directions
    Buckets credits = Buckets(kMaxLinkLatency);  ///< credit directions
    std::size_t entries = 0;
  };
  struct alignas(kLaneLine) Counter {
    std::uint64_t n = 0;
  };
  std::vector<Wheel*> wheels() {
    std::vector<Wheel*> all{&wheel_};
    for (Wheel& lane : lanes_) all.push_back(&lane);
    return all;
  }
  void commit_wheel(Wheel& w, unsigned lane) {
    std::vector<Link*>& flits = w.flits[edge_ & mask_];
    std::vector<Link*>& credits = w.credits[edge_ & mask_];
    for (Link* l : flits) l->commit_due(true, lane, edge_);
    for (Link* l : credits) l->commit_due(false, lane, edge_);
    w.entries -= flits.size() + credits.size();
    flits.clear();
    credits.clear();
  }

  ActivityList& activity_;
  std::uint64_t unwatched_[2] = {0, 0};
  Wheel wheel_;
  std::vector<Wheel> lanes_;  ///< one per lane; empty with one lane
  std::vector<Counter> moves_ = std::vector<Counter>(1);  ///< per lane
  std::uint64_t edge_ = 0;
  unsigned mask_ = 0;  ///< buckets in turn - 1 (need_latency)
  bool pipelined_flits_ = false, pipelined_credits_ = false;
  bool simple_ = true;
  std::uint64_t simple_seen_ = 1;  ///< simple_seen()
  std::uint64_t lanes_seen_ = 0;   ///< lanes_seen()
  std::uint64_t simple_moves_ = 0;  ///< flits moved by simple() sends (lane 0)
  void set_simple() {
    simple_ = lanes_.empty() && one_cycle();
    simple_seen_ = simple_ ? edge_ + 1 : 0;
    lanes_seen_ = !lanes_.empty() && one_cycle() ? edge_ + 1 : 0;
  }
};


inline Link::Link(LinkCommitter* committer, LinkEnd upstream, LinkEnd downstream, std::string name,
                  unsigned latency, unsigned credit_latency)
    : committer_(committer),
      flit_words_(committer->unwatched_words()),
      credit_words_(committer->unwatched_words()),
      up_slot_(static_cast<std::uint32_t>(upstream.slot)),
      down_slot_(static_cast<std::uint32_t>(downstream.slot)),
      up_node_(upstream.node),
      down_node_(downstream.node),
      up_port_(upstream.port),
      down_port_(downstream.port),
      up_is_router_(upstream.is_router),
      down_is_router_(downstream.is_router),
      name_(std::move(name)) {
  if (credit_latency == 0) credit_latency = latency;
  if (latency < 1 || latency > kMaxLinkLatency || credit_latency > kMaxLinkLatency)
    throw std::invalid_argument("Link: latency out of range");
  if (upstream.slot > UINT32_MAX || downstream.slot > UINT32_MAX)
    throw std::invalid_argument("Link: an end's activity slot past 2^32 - 1");
  flit_latency_ = static_cast<std::uint8_t>(latency);
  credit_latency_ = static_cast<std::uint8_t>(credit_latency);
  committer_->need_latency(std::max(latency, credit_latency));
  committer_->note_pipelined(latency > 1, credit_latency > 1);
  if (latency > 1) {
    const unsigned n = ring_size(latency);
    flit_ring_ = new_ring<FlitReg>(n);
    flit_mask_ = static_cast<std::uint8_t>(n - 1);
  }
  if (credit_latency > 1) {
    const unsigned n = ring_size(credit_latency);
    credit_ring_ = new_ring<CreditReg>(n);
    credit_mask_ = static_cast<std::uint8_t>(n - 1);
  }
  for (unsigned i = 0; i <= credit_mask_; ++i) credit_ring_[i].slot.valid = true;
}

inline Link::~Link() {
  if (flit_ring_ != flits_) free_ring(flit_ring_, flit_mask_ + 1u);
  if (credit_latency_ > 1) free_ring(credit_ring_, credit_mask_ + 1u);
}

static_assert(sizeof(Link) == 5 * 64 && alignof(Link) == 64, "a link is five whole cache lines");

inline std::uint64_t Link::now() const { return committer_->edge(); }

inline std::uint64_t Link::flits_carried() const {
  std::uint64_t n = flits_wrapped_;
  for (unsigned i = 0; i <= flit_mask_; ++i) n += flit_ring_[i].flits;
  return n;
}

inline std::uint32_t Link::heads_carried() const {
  std::uint32_t n = 0;
  for (unsigned i = 0; i <= flit_mask_; ++i) n += flit_ring_[i].heads;
  return n;
}

inline void Link::count_send(Link& link, FlitReg& r, const Flit& f) {
  count_with_wrap(r.flits, link.flits_wrapped_);
  r.heads += is_head(f.type) ? 1u : 0u;
}

inline void Link::put(Link& link, FlitReg& r, const Flit& f, VcId vc, std::uint64_t seen) {
  count_send(link, r, f);
  r.flit = f;
  r.flit.vc = vc;
  r.seen = seen;
}

inline FlitSlot Link::flit() const {
  const std::uint64_t t = now();
  const FlitReg& r = flit_ring_[t & flit_mask_];
  return r.seen == t ? FlitSlot{true, r.flit} : FlitSlot{};
}

inline CreditSlot Link::credit() const {
  const std::uint64_t t = now();
  const CreditReg& r = credit_ring_[t & credit_mask_];
  if (r.seen == t) return r.slot;
  CreditSlot c;
  if (const std::uint64_t bits = credit_bits(t); bits != 0) {
    c.valid = true;
    c.vc = static_cast<VcId>(__builtin_ctzll(bits));
    c.more = static_cast<std::uint16_t>(bits & (bits - 1));
  }
  return c;
}

inline const Flit* Link::flit_arrival() const {
  const std::uint64_t t = now();
  const FlitReg& r = flit_ring_[t & flit_mask_];
  return r.seen == t ? &r.flit : nullptr;
}

inline void Link::prefetch_send() const {
  const FlitReg* r = &flit_ring_[(now() + flit_latency_) & flit_mask_];
  __builtin_prefetch(r, 1);
  __builtin_prefetch(reinterpret_cast<const char*>(r + 1) - 1, 1);
}

inline void Link::prefetch_arrival() const {
  const FlitReg* r = &flit_ring_[now() & flit_mask_];
  __builtin_prefetch(r);
  __builtin_prefetch(reinterpret_cast<const char*>(r + 1) - 1);
}

inline const std::uint64_t* Link::committer_unwatched() const { return committer_->unwatched_words(); }

inline void Link::arrive_flit(std::uint64_t seen, unsigned lane) {
  committer_->count_move(lane);
  committer_->activity().arrive_in(down_slot_, lane, watched(flit_words_, seen), std::uint64_t{1} << flit_bit_);
}

inline void Link::arrive_credit(std::uint64_t seen, unsigned lane, std::uint64_t vcs) {
  committer_->activity().arrive_in(up_slot_, lane, watched(credit_words_, seen), vcs << credit_bit_);
}

// In a fabric of one-cycle links a direction writes its own pair of
// registers by parity and reads no ring pointer (with one lane, it also
// wakes and sets bits the single-lane way); otherwise it writes its ring
// (the pair, for a one-cycle direction) and lists a notice.
inline Link::FlitEnd Link::flit_end(std::uint64_t* wake) {
  const bool local = committer_->laned() && up_lane_ == down_lane_ && flit_words_ != committer_unwatched();
  return FlitEnd{flit_ring_, flit_words_, EndLink(this, local), wake, std::uint64_t{1} << (down_slot_ % 64),
                 std::uint64_t{1} << flit_bit_, flit_mask_, up_lane_};
}

inline Link::CreditEnd Link::credit_end(std::uint64_t* wake, CreditReg* regs, bool local) {
  return CreditEnd{credit_words_, wake, std::uint64_t{1} << (up_slot_ % 64), std::uint64_t{1} << credit_bit_, regs,
                   EndLink(this, local)};
}

inline void Link::unwatch_credits() {
  credit_words_ = committer_->unwatched_words();
  credit_bit_ = 0;
  credit_bits_ = false;
}

inline Link::FlitEnd Link::flit_end() { return flit_end(committer_->activity().wake_word(down_slot_)); }

// A watched one-cycle direction's credits may go as bits alone (its
// receiver clears them as it reads them), unless they cross to another
// lane, where the arrival waits in a list until the receiver's lane takes
// it; those and an unwatched one's stay in its registers, where credit()
// and credit_in_flight() find them between cycles.
inline Link::CreditEnd Link::credit_end() {
  const bool watched = credit_words_ != committer_unwatched();
  const bool local = committer_->laned() && up_lane_ == down_lane_ && watched;
  const bool bits = credit_latency_ == 1 && watched && (local || !committer_->laned());
  credit_bits_ = credit_bits_ || bits;
  return credit_end(committer_->activity().wake_word(up_slot_), bits ? nullptr : credit_ring_, local);
}

inline void Link::send_flit_simple(const FlitEnd& end, LinkCommitter& committer, const Flit& f, VcId vc,
                                   std::uint64_t seen) {
  put(*end.link, end.regs[seen & 1], f, vc, seen);
  committer.count_simple_move();
  *end.wake |= end.wake_mask;
  end.words[seen & 1] |= end.arrive;
}

inline void Link::send_credit_simple(const CreditEnd& end, VcId vc, std::uint64_t seen) {
  if (end.regs != nullptr) put(end.regs[seen & 1], vc, seen);
  *end.wake |= end.wake_mask;
  end.words[seen & 1] |= end.arrive << vc;
}

template <bool kLaned>
inline void Link::send_flit(const FlitEnd& end, LinkCommitter& committer, const Flit& f, VcId vc) {
  if constexpr (kLaned) {
    if (__builtin_expect(!send_flit_lane_local(end, committer, f, vc), 0)) end.link->send_flit_by_link(f, vc);
  } else {
    const std::uint64_t seen = committer.simple_seen();
    if (__builtin_expect(seen != 0, 1)) return send_flit_simple(end, committer, f, vc, seen);
    send_flit_by_lanes(end, committer, f, vc);
  }
}

template <bool kLaned>
inline void Link::send_credit(const CreditEnd& end, LinkCommitter& committer, VcId vc) {
  if constexpr (kLaned) {
    if (__builtin_expect(!send_credit_lane_local(end, committer, vc), 0))
      end.link->send_credit_by_link(vc, end.regs != nullptr);
  } else {
    const std::uint64_t seen = committer.simple_seen();
    if (__builtin_expect(seen != 0, 1)) return send_credit_simple(end, vc, seen);
    send_credit_by_lanes(end, committer, vc);
  }
}

inline bool Link::send_flit_lane_local(const FlitEnd& end, LinkCommitter& committer, const Flit& f, VcId vc) {
  const std::uint64_t seen = committer.lanes_seen();
  if (seen == 0 || !end.link.lane_local()) return false;
  put(*end.link, end.regs[seen & 1], f, vc, seen);
  committer.count_move(end.lane);
  *end.wake |= end.wake_mask;
  end.words[seen & 1] |= end.arrive;
  return true;
}

inline bool Link::send_credit_lane_local(const CreditEnd& end, LinkCommitter& committer, VcId vc) {
  const std::uint64_t seen = committer.lanes_seen();
  if (seen == 0 || !end.link.lane_local()) return false;
  send_credit_simple(end, vc, seen);
  return true;
}

inline void Link::send_flit(const Flit& f, VcId vc) {
  if (const std::uint64_t seen = committer_->simple_seen(); __builtin_expect(seen != 0, 1))
    return send_flit_simple(flit_end(committer_->activity().word_of(down_slot_)), *committer_, f, vc, seen);
  if (committer_->pipelined_flits()) {
    const std::uint64_t seen = now() + flit_latency_;
    put(*this, flit_ring_[seen & flit_mask_], f, vc, seen);
    committer_->schedule(this, up_lane_, true, seen - 1);
    return;
  }
  const std::uint64_t seen = now() + 1;
  put(*this, flits_[seen & 1], f, vc, seen);
  arrive_flit(seen, up_lane_);
}

inline void Link::send_flit(const Flit& f) { send_flit(f, f.vc); }

inline void Link::send_credit(VcId vc) {
  if (const std::uint64_t seen = committer_->simple_seen(); __builtin_expect(seen != 0, 1))
    return send_credit_simple(credit_end(committer_->activity().word_of(up_slot_), credit_ring_, false), vc, seen);
  if (committer_->pipelined_credits()) {
    const std::uint64_t seen = now() + credit_latency_;
    put(credit_ring_[seen & credit_mask_], vc, seen);
    committer_->schedule(this, down_lane_, false, seen - 1);
    return;
  }
  const std::uint64_t seen = now() + 1;
  put(credit_ring_[seen & 1], vc, seen);
  arrive_credit(seen, down_lane_, std::uint64_t{1} << vc);
}

inline void Link::send_credit_merged(VcId vc) {
  const std::uint64_t seen = now() + credit_latency_;
  CreditReg& r = credit_ring_[seen & credit_mask_];
  if (r.seen == seen) {  // a credit sent already this cycle
    r.slot.more = static_cast<std::uint16_t>(r.slot.more | 1u << vc);
    // Its arrival bit too, unless the wheel sets them all at the commit.
    if (!committer_->pipelined_credits()) arrive_credit(seen, down_lane_, std::uint64_t{1} << vc);
    return;
  }
  send_credit(vc);
}

inline void Link::commit_due(bool flit, unsigned lane, std::uint64_t edge) {
  if (flit) {
    arrive_flit(edge + 1, lane);
  } else {
    const CreditSlot& c = credit_ring_[(edge + 1) & credit_mask_].slot;
    arrive_credit(edge + 1, lane, (std::uint64_t{1} << c.vc) | c.more);
  }
}

}  // namespace wormsim
