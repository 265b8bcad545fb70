// wormsim::systemc::Fabric: a whole network as port-level SystemC modules,
// built from a scenario's network fields (topology, routing, VCs, buffers,
// local ports, allocation policies, ejection rate, seed; setup_network
// validates them exactly as for the fast engine). It holds
//   fabric.<router>            a systemc::Router per node (e.g. fabric.r1_2_3,
//                              ports in_xp, in_xp_credit, out_xp, ...),
//   fabric.ni_<router>         a systemc::NetworkInterface per node,
//   fabric.<router>_<port>     the flit signal of the link leaving <router>
//                              by <port>, with <router>_<port>_credit the
//                              credits flowing back (local links: _inj<k>,
//                              _ej<k>; ports without a neighbour: _open_<port>_*);
//                              a direction longer than a cycle gets a
//                              DelayLine (<router>_<port>_pipe, _credit_pipe)
//                              and the reader's side is <router>_<port>_far
//                              (_far_credit): link latency D, plus the
//                              traversal delay on flits and the credit delay
//                              on credits (ejection links: 1 plus them).
// It owns only the network: no traffic source, no run phases; it never
// calls sc_stop(). Traffic is what the user sends (send, send_worm, or a
// TrafficGenerator module); deliveries go to the handlers.
//
// Leaving a router out: name it in `external`; the fabric builds no model
// for it, and bind(n, module) (or the signals of signals(n)) connects any
// module with the same port vectors (in, in_credit, out, out_credit), such
// as your own router or the verilated RTL through RtlRouter (rtl_router.h).
#pragma once
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <systemc>

#include <wormsim/multicast/worm.h>
#include <wormsim/sim/network_setup.h>
#include <wormsim/systemc/link_pipeline.h>
#include <wormsim/systemc/ni_module.h>
#include <wormsim/systemc/router_module.h>

namespace wormsim::systemc {

/// The four signals at one router port (the open ones where the topology
/// has no neighbour).
struct PortSignals {
  sc_core::sc_signal<FlitSlot>* in = nullptr;
  sc_core::sc_signal<CreditSlot>* in_credit = nullptr;
  sc_core::sc_signal<FlitSlot>* out = nullptr;
  sc_core::sc_signal<CreditSlot>* out_credit = nullptr;
};

/// A packet's tail reached `node` (a worm reaches many) in `cycle`.
struct Delivery {
  std::uint64_t packet = 0;
  NodeId src = 0, node = 0;
  unsigned length = 0;  ///< the tail's sequence number + 1
  Cycle cycle = 0;
};

class Fabric : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<bool> rst_n;  ///< active low; every router and NI takes part

  /// Throws ConfigError (bad field) or StaticDeadlockError, as the fast engine.
  Fabric(const sc_core::sc_module_name& name, const Scenario& scenario, std::vector<NodeId> external = {});

  const Topology& topology() const { return *setup_.topology; }
  const Scenario& scenario() const { return setup_.scenario; }
  const RouterConfig& router_config() const { return setup_.network.router; }
  const RoutingFunction& routing() const { return *setup_.routing; }
  std::size_t num_nodes() const { return nis_.size(); }
  /// Null for a router left out.
  Router* router(NodeId n) { return routers_[n].get(); }
  NetworkInterface& ni(NodeId n) { return *nis_[n]; }
  const std::vector<PortSignals>& signals(NodeId n) const { return ports_[n]; }

  /// Binds a stand-in for a router left out: any module with the port
  /// vectors in, in_credit, out, out_credit (one element per router port).
  template <class M>
  void bind(NodeId n, M& m) {
    for (std::size_t p = 0; p < ports_[n].size(); ++p) {
      m.in[p](*ports_[n][p].in);
      m.in_credit[p](*ports_[n][p].in_credit);
      m.out[p](*ports_[n][p].out);
      m.out_credit[p](*ports_[n][p].out_credit);
    }
  }

  /// Sends a unicast packet of `length` flits; returns its id. Ids count
  /// from 2^62 in call order, as the fast engine's Simulation::inject.
  std::uint64_t send(NodeId src, NodeId dst, unsigned length);
  /// Sends a multi-destination worm (delivered to every destination in
  /// order); returns its id. Throws ConfigError for a bad route.
  std::uint64_t send_worm(NodeId src, WormRoute route, unsigned payload);
  /// Sends a packet as given (its id must be unique; worm 0 = unicast).
  void send_packet(const Packet& p);
  const WormTable& worms() const { return worms_; }
  /// Fills f.worm and f.hop for a flit of a worm sent through this fabric
  /// that crossed a router which does not carry them (the RTL).
  bool resolve_worm(Flit& f) const;

  /// Every flit delivered, in the cycle it arrives.
  void on_flit(NetworkInterface::FlitHandler h) { flit_handlers_.push_back(std::move(h)); }
  /// Every packet tail delivered (per destination for worms).
  void on_delivery(std::function<void(const Delivery&)> h) { delivery_handlers_.push_back(std::move(h)); }

  /// Traces every link signal into the user's trace file, under
  /// <prefix>.<signal name>.<field> (link_payload.h).
  void trace(sc_core::sc_trace_file* tf, const std::string& prefix) const;

 private:
  sc_core::sc_signal<FlitSlot>* flit_signal(const std::string& name);
  sc_core::sc_signal<CreditSlot>* credit_signal(const std::string& name);
  void delivered(const Flit& f, NodeId node, unsigned channel, Cycle cycle);

  NetworkSetup setup_;
  WormTable worms_;
  std::unordered_map<std::uint64_t, std::uint32_t> worm_of_packet_;
  std::uint64_t next_id_ = 1ull << 62;
  std::vector<std::unique_ptr<Router>> routers_;
  std::vector<std::unique_ptr<NetworkInterface>> nis_;
  std::deque<LinkSignal<FlitSlot>> flit_signals_;
  std::deque<LinkSignal<CreditSlot>> credit_signals_;
  std::vector<std::pair<const sc_core::sc_signal<FlitSlot>*, const sc_core::sc_signal<CreditSlot>*>> links_;
  std::vector<std::vector<PortSignals>> ports_;  ///< [node][port]
  std::vector<std::unique_ptr<DelayLine<FlitSlot>>> flit_lines_;      ///< one per flit direction longer than 1 cycle
  std::vector<std::unique_ptr<DelayLine<CreditSlot>>> credit_lines_;  ///< one per credit direction longer than 1 cycle
  /// A DelayLine `name` from signal `from` to signal `to`, `latency` >= 2
  /// cycles, kept in `lines`.
  template <typename Slot>
  void join(std::vector<std::unique_ptr<DelayLine<Slot>>>& lines, sc_core::sc_signal<Slot>* from,
            sc_core::sc_signal<Slot>* to, const std::string& name, unsigned latency) {
    auto& line = lines.emplace_back(std::make_unique<DelayLine<Slot>>(name.c_str(), latency));
    line->clk(clk);
    line->in(*from);
    line->out(*to);
  }
  std::vector<NetworkInterface::FlitHandler> flit_handlers_;
  std::vector<std::function<void(const Delivery&)>> delivery_handlers_;
};

}  // namespace wormsim::systemc
