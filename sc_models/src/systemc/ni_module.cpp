#include <wormsim/systemc/ni_module.h>

#include <algorithm>

namespace wormsim::systemc {
namespace {

std::vector<std::string> channel_labels(unsigned channels) {
  std::vector<std::string> labels;
  for (unsigned k = 0; k < channels; ++k) labels.push_back("ch" + std::to_string(k));
  return labels;
}

}  // namespace

NetworkInterface::NetworkInterface(const sc_core::sc_module_name& name, NodeId id, const NiConfig& config,
                                   Rng eject_rng)
    : LinkPortModule(name, channel_labels(config.channels)), id_(id), cfg_(config), first_rng_(eject_rng) {
  start();
}

void NetworkInterface::build(LinkBridge& bridge) {
  // A reset restarts the ejection stream too, so a run after reset repeats.
  DeliveryObserver& observer = *this;
  core_ = std::make_unique<wormsim::NetworkInterface>(id_, cfg_, observer, bridge.activity(), LinkBridge::kInnerSlot,
                                                      first_rng_);
  bridge.add_inner(*core_);
  for (unsigned k = 0; k < cfg_.channels; ++k) {
    core_->attach_injection(k, &bridge.out(k));
    core_->attach_ejection(k, &bridge.in(k));
  }
}

void NetworkInterface::send(const Packet& packet) { pending_.emplace_back(sc_core::sc_time_stamp(), packet); }

void NetworkInterface::before_evaluate() {
  if (pending_.empty()) return;
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  const Cycle created = cycle() == 0 ? 0 : cycle() - 1;
  auto keep = pending_.begin();
  for (auto it = pending_.begin(); it != pending_.end(); ++it) {
    if (it->first < now) {
      Packet p = it->second;
      p.created = created;
      core_->enqueue(p);
    } else {
      *keep++ = std::move(*it);
    }
  }
  pending_.erase(keep, pending_.end());
}

void NetworkInterface::on_delivered(const Flit& flit, NodeId node, unsigned channel, Cycle cycle) {
  if (handler_) handler_(flit, node, channel, cycle);
}

}  // namespace wormsim::systemc
