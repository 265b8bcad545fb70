// wormsim::systemc::NetworkInterface: one node's network interface as a
// port-level SystemC module, wrapping the fast engine's network interface
// (link_ports.h). Toward its router, channel k has `out_ch<k>` (flits it
// injects) with `out_ch<k>_credit`, and `in_ch<k>` (flits the router ejects)
// with `in_ch<k>_credit`.
//
// send() hands it a packet at any time: a packet sent before the rising
// edge of cycle t (at an earlier simulation time) can leave in cycle t and
// counts as created in cycle t - 1, as in the fast engine; one sent at the
// very time of that edge waits for the next, whatever the process order.
// Every flit it receives is reported, in the cycle it arrives, to the
// on_flit handler.
#pragma once
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include <wormsim/core/rng.h>
#include <wormsim/ni/network_interface.h>
#include <wormsim/systemc/link_ports.h>

namespace wormsim::systemc {

class NetworkInterface : public LinkPortModule, private DeliveryObserver {
 public:
  using FlitHandler = std::function<void(const Flit& flit, NodeId node, unsigned channel, Cycle cycle)>;

  NetworkInterface(const sc_core::sc_module_name& name, NodeId id, const NiConfig& config, Rng eject_rng);

  /// Queues a packet (id, src = this node, dst, length, worm and header
  /// filled in by the caller; ids unique in the fabric).
  void send(const Packet& packet);
  void on_flit(FlitHandler handler) { handler_ = std::move(handler); }

  NodeId id() const { return id_; }
  /// The interface inside (queue length, buffered flits).
  const wormsim::NetworkInterface& core() const { return *core_; }
  /// Packets sent and not yet handed to the interface inside.
  std::size_t pending() const { return pending_.size(); }

 private:
  void build(LinkBridge& bridge) override;
  void before_evaluate() override;
  void on_delivered(const Flit& flit, NodeId node, unsigned channel, Cycle cycle) override;

  NodeId id_;
  NiConfig cfg_;
  Rng first_rng_;
  std::unique_ptr<wormsim::NetworkInterface> core_;
  std::vector<std::pair<sc_core::sc_time, Packet>> pending_;
  FlitHandler handler_;
};

}  // namespace wormsim::systemc
