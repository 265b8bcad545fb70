// Network interface of one node. Injection: an unbounded source queue of
// packets, served in order by K injection channels; each channel sends one
// packet at a time, flit by flit, on a VC picked round-robin among those with
// a credit when the packet starts, one flit per cycle while credits last.
// Ejection: K ejection channels, each with a buffer per VC (depth = router
// buffer depth) that the node consumes: each cycle, with probability
// `eject_probability` (1 = always, the default: ejection never back-pressures),
// one flit leaves that channel's buffers (round-robin over VCs) and its credit
// goes back to the router. A flit counts as delivered in the cycle it arrives
// on the ejection link.
#pragma once
#include <stdexcept>
#include <vector>

#include <wormsim/core/activity.h>
#include <wormsim/core/component.h>
#include <wormsim/core/fifo.h>
#include <wormsim/core/link.h>
#include <wormsim/core/ring_queue.h>
#include <wormsim/core/rng.h>
#include <wormsim/ni/packet.h>
#include <wormsim/router/round_robin.h>

namespace wormsim {

struct NiConfig {
  unsigned channels = 1;          ///< K injection and K ejection channels
  unsigned vcs = 2;               ///< VCs per channel (same as the router's)
  unsigned buffer_depth = 8;      ///< router input buffer depth = injection credits
  double eject_probability = 1.0;  ///< per channel and cycle, chance one flit is consumed
};

class NetworkInterface final : public Component {
 public:
  NetworkInterface(NodeId id, const NiConfig& config, DeliveryObserver& observer,
                   ActivityList& activity, std::size_t slot, Rng eject_rng);

  /// Where deliveries and injections are reported from now on.
  void set_observer(DeliveryObserver& observer) { observer_ = &observer; }

  /// The links of channel `channel` (at most 64 channels): they set bits
  /// in the interface's arrival words as a flit (ejection: the channel's
  /// bit) or a credit (injection: bit channel * V + vc, so channels x VCs
  /// at most 64, std::invalid_argument else) arrives, so an evaluation
  /// reads only the channels with one.
  void attach_injection(unsigned channel, Link* link) {
    if ((channel + 1) * cfg_.vcs > 64)
      throw std::invalid_argument("network interface: more than 64 injection channels x VCs");
    inject_[channel].link = link;
    link->notify_credit_to(credit_words_, channel * cfg_.vcs, cfg_.vcs);
    committer_ = link->committer();
    ends_taken_ = false;
  }
  void attach_ejection(unsigned channel, Link* link) {
    eject_[channel].link = link;
    link->notify_flit_to(flit_words_, channel);
    committer_ = link->committer();
    ends_taken_ = false;
  }

  /// Adds a packet to the source queue; it can leave from the next cycle on.
  void enqueue(const Packet& packet);

  void evaluate(Cycle cycle) override;
  /// Component::tag of an interface: a list evaluator may call its cycle
  /// directly (evaluate_cycle).
  static constexpr unsigned kTag = 0x4e49;
  /// evaluate(), inlined where a list evaluator calls it.
  [[gnu::always_inline]] inline void evaluate_cycle(Cycle cycle);

  NodeId id() const { return id_; }
  std::size_t queued_packets() const { return queue_.size(); }
  unsigned sending_channels() const;
  unsigned ejection_buffered() const;

 private:
  struct InjectChannel {
    Link* link = nullptr;
    Link::FlitEnd end;  ///< the link's flit direction (take_link_ends)
    bool busy = false;
    /// The packet being sent, as its next flit: the packet's fields are set
    /// when it starts, seq, type and vc per flit.
    Flit next;
    unsigned length = 0;
    std::vector<unsigned> credits;
    std::uint64_t credited = 0;  ///< bit v: credits[v] > 0
    RoundRobin vc_arb;
  };
  struct EjectChannel {
    Link* link = nullptr;
    /// The link's flit and credit directions (take_link_ends).
    Link::FlitEnd flits;
    Link::CreditEnd credit;
    /// Flits held per VC: the node has checked them in (delivered) and only
    /// their count matters until it consumes them and returns the credits.
    std::vector<unsigned> held;
    std::uint64_t holding = 0;  ///< bit v: held[v] > 0
    unsigned buffered = 0;
    RoundRobin vc_arb;
  };

  [[gnu::always_inline]] inline void inject();
  [[gnu::always_inline]] inline void consume();
  [[gnu::always_inline]] inline void receive(Cycle cycle);
  [[gnu::always_inline]] inline void count_credits();
  bool has_work() const { return !queue_.empty() || busy_channels_ != 0 || ejection_held_ != 0; }

  NodeId id_;
  NiConfig cfg_;
  DeliveryObserver* observer_;
  ActivityList& activity_;
  std::size_t slot_;
  Rng rng_;
  RingQueue<Packet> queue_;
  std::vector<InjectChannel> inject_;
  std::vector<EjectChannel> eject_;
  unsigned busy_channels_ = 0;  ///< injection channels in the middle of a packet
  unsigned ejection_held_ = 0;  ///< flits held over all ejection channels
  /// Channels whose link brings a flit (ejection) or a credit (injection),
  /// by the parity of the cycle it is seen in (Link::notify_*_to).
  ArrivalWords flit_words_ = {0, 0}, credit_words_ = {0, 0};
  LinkCommitter* committer_ = nullptr;  ///< the attached links' (their cycle count)
  // The channels' ends hold their links' once ends_taken_ (Component):
  // taken at the first evaluation after an attach or a lane.
  void take_link_ends();
};

// Channels in index order take packets from the queue head; a packet starts
// on the first VC (round-robin) with a credit and its head leaves at once.
inline void NetworkInterface::inject() {
  if (queue_.empty() && busy_channels_ == 0) return;
  for (auto& ch : inject_) {
    if (!ch.busy) {
      if (queue_.empty()) continue;
      const int v = ch.vc_arb.pick(ch.credited);
      if (v < 0) continue;
      ch.vc_arb.advance_past(static_cast<unsigned>(v));
      ch.busy = true;
      ++busy_channels_;
      const Packet& p = queue_.front();
      observer_->on_injected(p);
      Flit& f = ch.next;
      f = Flit{};
      f.packet = p.id;
      f.src = p.src;
      f.dst = p.dst;
      f.vc = static_cast<VcId>(v);
      f.worm = p.worm;
      f.mc = p.mc;
      f.created = p.created;
      ch.length = p.length;
      queue_.pop_front();
    }
    Flit& f = ch.next;
    if (!(ch.credited >> f.vc & 1u)) continue;
    f.type = flit_type_for(f.seq, ch.length);
    if (--ch.credits[f.vc] == 0) ch.credited &= ~(1ull << f.vc);
    Link::send_flit(ch.end, *committer_, f, f.vc);
    if (++f.seq == ch.length) {
      ch.busy = false;
      --busy_channels_;
    }
  }
}

inline void NetworkInterface::consume() {
  if (ejection_held_ == 0) return;
  for (auto& ch : eject_) {
    if (ch.buffered == 0) continue;
    if (cfg_.eject_probability < 1.0 && !rng_.bernoulli(cfg_.eject_probability)) continue;
    const unsigned v = static_cast<unsigned>(ch.vc_arb.pick(ch.holding));
    ch.vc_arb.advance_past(v);
    if (--ch.held[v] == 0) ch.holding &= ~(1ull << v);
    --ch.buffered;
    --ejection_held_;
    Link::send_credit(ch.credit, *committer_, static_cast<VcId>(v));
  }
}

inline void NetworkInterface::receive(Cycle cycle) {
  const Cycle now = committer_->edge();
  std::uint64_t& word = flit_words_[now & 1];
  for (std::uint64_t arrived = word; arrived; arrived &= arrived - 1) {
    const unsigned k = static_cast<unsigned>(__builtin_ctzll(arrived));
    auto& ch = eject_[k];
    const Flit& f = Link::arrived_flit(ch.flits, now);
    observer_->on_delivered(f, id_, k, cycle);
    if (++ch.held[f.vc] > cfg_.buffer_depth)
      throw std::logic_error("network interface: ejection buffer overflow: credit protocol violated");
    ch.holding |= 1ull << f.vc;
    ++ch.buffered;
    ++ejection_held_;
  }
  word = 0;
}

inline void NetworkInterface::count_credits() {
  const Cycle now = committer_->edge();
  std::uint64_t& word = credit_words_[now & 1];
  // The links set a bit per VC credited (channel * V + vc).
  for (std::uint64_t arrived = word; arrived; arrived &= arrived - 1) {
    const unsigned bit = static_cast<unsigned>(__builtin_ctzll(arrived));
    const unsigned c = inject_.size() == 1 ? 0u : bit / cfg_.vcs;  // no division with one channel
    auto& ch = inject_[c];
    const unsigned v = bit - c * cfg_.vcs;
    if (++ch.credits[v] > cfg_.buffer_depth) throw std::logic_error("network interface: credit overflow");
    ch.credited |= 1ull << v;
  }
  word = 0;
}

inline void NetworkInterface::evaluate_cycle(Cycle cycle) {
  if (__builtin_expect(!ends_taken_, 0)) take_link_ends();
  inject();
  consume();
  if (committer_ != nullptr) {
    receive(cycle);
    count_credits();
  }
  if (has_work()) activity_.wake(slot_);
}

}  // namespace wormsim
