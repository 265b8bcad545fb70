#include <wormsim/ni/network_interface.h>

#include <stdexcept>

namespace wormsim {

NetworkInterface::NetworkInterface(NodeId id, const NiConfig& config, DeliveryObserver& observer,
                                   ActivityList& activity, std::size_t slot, Rng eject_rng)
    : id_(id), cfg_(config), observer_(observer), activity_(activity), slot_(slot),
      rng_(eject_rng), inject_(config.channels), eject_(config.channels) {
  for (auto& ch : inject_) {
    ch.credits.assign(cfg_.vcs, cfg_.buffer_depth);
    ch.credited = cfg_.buffer_depth == 0 ? 0 : cfg_.vcs >= 64 ? ~0ull : (1ull << cfg_.vcs) - 1;
    ch.vc_arb = RoundRobin(cfg_.vcs);
  }
  for (auto& ch : eject_) {
    ch.held.assign(cfg_.vcs, 0);
    ch.vc_arb = RoundRobin(cfg_.vcs);
  }
}

void NetworkInterface::enqueue(const Packet& packet) {
  queue_.push_back(packet);
  activity_.wake(slot_);
}

unsigned NetworkInterface::sending_channels() const {
  unsigned n = 0;
  for (const auto& ch : inject_) n += ch.busy ? 1 : 0;
  return n;
}

unsigned NetworkInterface::ejection_buffered() const {
  unsigned n = 0;
  for (const auto& ch : eject_) n += ch.buffered;
  return n;
}

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
      observer_.on_injected(p);
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
    observer_.on_delivered(f, id_, k, cycle);
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

void NetworkInterface::take_link_ends() {
  for (auto& ch : inject_)
    if (ch.link != nullptr) ch.end = ch.link->flit_end();
  for (auto& ch : eject_) {
    if (ch.link == nullptr) continue;
    if (ch.link->credit_latency() == 1 && ch.link->credit_registers() != ch.credit_regs)
      ch.link->place_credit_registers(ch.credit_regs);
    ch.credit = ch.link->credit_end();
    ch.flits = ch.link->flit_end();
  }
  ends_taken_ = true;
}

void NetworkInterface::evaluate(Cycle cycle) {
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
