#include <wormsim/ni/network_interface.h>

#include <stdexcept>

namespace wormsim {

NetworkInterface::NetworkInterface(NodeId id, const NiConfig& config, DeliveryObserver& observer,
                                   ActivityList& activity, std::size_t slot, Rng eject_rng)
    : id_(id), cfg_(config), observer_(&observer), activity_(activity), slot_(slot),
      rng_(eject_rng), inject_(config.channels), eject_(config.channels) {
  set_tag(kTag);
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

void NetworkInterface::take_link_ends() {
  for (auto& ch : inject_)
    if (ch.link != nullptr) ch.end = ch.link->flit_end();
  for (auto& ch : eject_) {
    if (ch.link == nullptr) continue;
    ch.credit = ch.link->credit_end();
    ch.flits = ch.link->flit_end();
  }
  ends_taken_ = true;
}

void NetworkInterface::evaluate(Cycle cycle) { evaluate_cycle(cycle); }

}  // namespace wormsim
