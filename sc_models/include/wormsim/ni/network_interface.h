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

class NetworkInterface : public Component {
 public:
  NetworkInterface(NodeId id, const NiConfig& config, DeliveryObserver& observer,
                   ActivityList& activity, std::size_t slot, Rng eject_rng);

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
    /// The link's flit and credit directions (take_link_ends), a
    /// one-cycle credit direction's registers placed here.
    Link::FlitEnd flits;
    Link::CreditEnd credit;
    Link::CreditReg credit_regs[2];
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
  DeliveryObserver& observer_;
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
  /// The channels' ends hold their links' (Link::End; taken at the first
  /// evaluation after an attach), for sends by the single-lane way.
  bool ends_taken_ = false;
  void take_link_ends();
};

}  // namespace wormsim
