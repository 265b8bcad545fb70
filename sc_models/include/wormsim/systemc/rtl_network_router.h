// The verilated RTL router inside the fast engine's network (a Simulation
// and its Network, not the port-level Fabric): the bridge behind the mixed
// RTL/model fabric benches, for when the rest of the run (phases, broadcast
// engine, scoreboard) must stay the fast engine's.
//
//   RtlNetworkRouter<Rtl>  stands in for router n through
//                          Network::replace_router and converts at the
//                          falling edge: collect() puts the RTL's outputs of
//                          the rising edge just past onto router n's links
//                          (as a model router writes them in evaluate);
//                          present(), after the links commit, makes their
//                          new contents the RTL's inputs for the next edge.
//   RtlNetworkBridge       clocks it all from one sc_clock: at the rising
//                          edge the model routers and NIs evaluate
//                          (Simulation::tick_evaluate) while the RTL samples;
//                          at the falling edge collect, commit
//                          (Simulation::tick_commit), present. The RTL is held
//                          in reset for two rising edges before cycle 0.
//
//   Simulation sim(scenario);   // routing computed by the RTL: RouteAlgo=1
//   RtlNetworkBridge<V> bridge("bridge", sim);
//   RtlNetworkRouter<V> r5("rtl_r5", sim, 5, bridge.rst_n());
//   bridge.clk(clk); r5.clk(clk); bridge.add(r5);
//   bridge.after_cycle([&] { if (sim.done()) sc_core::sc_stop(); });
//
// Every packet is delivered in the same cycle as in the all-model fabric
// (tb/rtl/mixed_fabric_test.cpp). The bridge never stops the simulation
// itself.
#pragma once
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <systemc>

#include <wormsim/sim/simulation.h>
#include <wormsim/systemc/rtl_ports.h>

namespace wormsim::systemc {

template <class Rtl>
class RtlNetworkRouter : public sc_core::sc_module, public Component {
 public:
  sc_core::sc_in<bool> clk;
  using CreditValid = rtl::port_value_t<decltype(Rtl::credit_valid_i)>;
  using CreditVc = rtl::port_value_t<decltype(Rtl::credit_vc_i)>;

  RtlNetworkRouter(const sc_core::sc_module_name& name, Simulation& sim, NodeId node,
                   sc_core::sc_signal<bool>& rst_n, rtl::HwFlitFormat fmt = {})
      : sc_core::sc_module(name), clk("clk"), sim_(sim), net_(sim.network()), node_(node),
        ports_(net_.router(node).config().total_ports()), vcs_(net_.router(node).config().vcs),
        codec_(fmt, ports_, vcs_, &sim.worms()), rtl_("rtl") {
    sig_.bind(rtl_, clk, rst_n);
    sig_.configure(net_.topology(), node, fmt);
    net_.replace_router(node, *this);
  }

  Rtl& rtl() { return rtl_; }
  NodeId node() const { return node_; }

  /// The RTL is clocked by SystemC; nothing to do when the fabric evaluates.
  void evaluate(Cycle) override {}

  /// RTL outputs of the edge just past -> router n's links.
  void collect() {
    using namespace rtl;
    const auto fv = sig_.flit_valid_out.read();
    const auto fvc = sig_.flit_vc_out.read();
    const auto ft = sig_.flit_type_out.read();
    const auto& fd = sig_.flit_data_out.read();
    const auto cv = sig_.credit_valid_out.read();
    const auto cvc = sig_.credit_vc_out.read();
    const int vc_w = index_width(vcs_);
    for (unsigned p = 0; p < ports_; ++p) {
      const PortId port = static_cast<PortId>(p);
      if (get_field(fv, static_cast<int>(p), 1)) {
        Link* out = net_.router_output(node_, port);
        if (out == nullptr) throw std::logic_error(where(p) + ": RTL sent a flit off the fabric");
        Flit f = codec_.decode(ft, fd, p, static_cast<VcId>(get_field(fvc, static_cast<int>(p) * vc_w, vc_w)), node_);
        if (f.mc.kind != 0) sim_.resolve_worm(f);
        out->send_flit(f);
      }
      if (get_field(cv, static_cast<int>(p), 1)) {
        Link* in = net_.router_input(node_, port);
        if (in == nullptr) throw std::logic_error(where(p) + ": RTL returned a credit off the fabric");
        in->send_credit(static_cast<VcId>(get_field(cvc, static_cast<int>(p) * vc_w, vc_w)));
      }
    }
  }

  /// Router n's links after the clock edge -> RTL inputs for the next edge.
  void present() {
    using namespace rtl;
    port_value_t<decltype(Rtl::flit_valid_i)> fv{};
    port_value_t<decltype(Rtl::flit_vc_i)> fvc{};
    port_value_t<decltype(Rtl::flit_type_i)> ft{};
    port_value_t<decltype(Rtl::flit_data_i)> fd{};
    CreditValid cv{};
    CreditVc cvc{};
    const int vc_w = index_width(vcs_);
    for (unsigned p = 0; p < ports_; ++p) {
      const PortId port = static_cast<PortId>(p);
      if (const Link* in = net_.router_input(node_, port); in != nullptr && in->flit().valid) {
        set_field(fv, static_cast<int>(p), 1, 1);
        set_field(fvc, static_cast<int>(p) * vc_w, vc_w, in->flit().flit.vc);
        codec_.encode(ft, fd, p, in->flit().flit, node_);
      }
      if (const Link* out = net_.router_output(node_, port); out != nullptr && out->credit().valid) {
        set_field(cv, static_cast<int>(p), 1, 1);
        set_field(cvc, static_cast<int>(p) * vc_w, vc_w, out->credit().vc);
      }
    }
    credits_to_rtl(cv, cvc);
    sig_.flit_valid_in.write(fv);
    sig_.flit_vc_in.write(fvc);
    sig_.flit_type_in.write(ft);
    sig_.flit_data_in.write(fd);
    sig_.credit_valid_in.write(cv);
    sig_.credit_vc_in.write(cvc);
  }

 protected:
  /// The credits the RTL will see at the next rising edge, to be changed by
  /// a derived class that models a different credit path (a no-op here).
  virtual void credits_to_rtl(CreditValid&, CreditVc&) {}

 private:
  std::string where(unsigned p) const { return "RTL router " + std::to_string(node_) + " port " + std::to_string(p); }

  Simulation& sim_;
  Network& net_;
  NodeId node_;
  unsigned ports_, vcs_;
  rtl::FlitCodec codec_;
  rtl::RtlRouterSignals<Rtl> sig_;
  Rtl rtl_;
};

template <class Rtl>
class RtlNetworkBridge : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;

  RtlNetworkBridge(const sc_core::sc_module_name& name, Simulation& sim) : sc_core::sc_module(name), clk("clk"), sim_(sim) {
    SC_HAS_PROCESS(RtlNetworkBridge);
    SC_METHOD(on_posedge);
    sensitive << clk.pos();
    dont_initialize();
    SC_METHOD(on_negedge);
    sensitive << clk.neg();
    dont_initialize();
  }

  /// The RTL routers' reset (low for the first two rising edges).
  sc_core::sc_signal<bool>& rst_n() { return rst_n_; }
  void add(RtlNetworkRouter<Rtl>& r) { nodes_.push_back(&r); }
  /// Called at every rising edge from cycle 0, before the fabric evaluates.
  void before_cycle(std::function<void()> f) { before_ = std::move(f); }
  /// Called after every cycle's commit (the place to decide to stop).
  void after_cycle(std::function<void()> f) { after_ = std::move(f); }

 private:
  void on_posedge() {
    if (reset_edges_ < 2) return;
    if (before_) before_();
    sim_.tick_evaluate();
  }

  void on_negedge() {
    if (reset_edges_ < 2) {
      if (++reset_edges_ == 2) rst_n_.write(true);
      return;
    }
    for (auto* n : nodes_) n->collect();
    sim_.tick_commit();
    for (auto* n : nodes_) n->present();
    if (after_) after_();
  }

  Simulation& sim_;
  std::vector<RtlNetworkRouter<Rtl>*> nodes_;
  sc_core::sc_signal<bool> rst_n_{"rst_n", false};
  unsigned reset_edges_ = 0;
  std::function<void()> before_, after_;
};

}  // namespace wormsim::systemc
