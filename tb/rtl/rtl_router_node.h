// One verilated RTL router standing in for router n of a Network. It is
// clocked by the same sc_clock as the fabric and keeps the links' timing:
//   negedge: collect()  the RTL's registered outputs of the edge just past go
//                       onto router n's links (as a model Router writes them
//                       in evaluate), before the fabric's link commit;
//            present()  after the commit, the links' new contents (flits in,
//                       credits back) become the RTL's inputs for the next
//                       rising edge.
// The RTL gets router n's id, its Hamiltonian neighbours (the topology's
// labeling) and the ids behind its ports, from which it computes a worm's
// next destination; the fabric model is built with RouteDor=1, so it
// computes its own routes. Flits it sends carry no worm-table index: the
// `resolve` callback (Simulation::resolve_worm) restores it for the model
// routers downstream.
#pragma once
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <systemc>

#include <wormsim/multicast/hamiltonian.h>
#include <wormsim/network/network.h>

#include <wormsim/systemc/rtl_ports.h>

namespace wormsim::test {

using namespace wormsim::systemc::rtl;

template <class Rtl>
class RtlRouterNode : public sc_core::sc_module, public Component {
 public:
  sc_core::sc_in<bool> clk;

  /// late_credits (test-only perturbation): the RTL sees every credit one
  /// cycle after the link delivers it.
  RtlRouterNode(const sc_core::sc_module_name& name, Network& net, NodeId node,
                sc_core::sc_signal<bool>& rst_n, const HamiltonianLabeling& labels,
                std::function<void(Flit&)> resolve, const WormTable* worms, bool late_credits = false)
      : sc_core::sc_module(name), clk("clk"), net_(net), node_(node), late_credits_(late_credits),
        resolve_(std::move(resolve)), worms_(worms), ports_(net.router(node).config().total_ports()),
        vcs_(net.router(node).config().vcs), rtl_("rtl") {
    sig_.bind(rtl_, clk, rst_n);
    sig_.router_id.write(static_cast<port_value_t<decltype(Rtl::router_id_i)>>(node));
    const unsigned label = labels.label[node];
    const NodeId next = label + 1 < labels.node_at.size() ? labels.node_at[label + 1] : node;
    const NodeId prev = label > 0 ? labels.node_at[label - 1] : node;
    sig_.hp_next.write(static_cast<port_value_t<decltype(Rtl::hp_next_i)>>(next));
    sig_.hp_prev.write(static_cast<port_value_t<decltype(Rtl::hp_prev_i)>>(prev));
    port_value_t<decltype(Rtl::neighbor_id_i)> ids{};
    const Topology& t = net.topology();
    for (PortId p = 0; p < t.num_ports; ++p)
      if (t.peer[node][p]) set_field(ids, p * 32, 32, t.peer[node][p]->node);
    sig_.neighbor_id.write(ids);
    net.replace_router(node, *this);
  }

  Rtl& rtl() { return rtl_; }

  /// The RTL is clocked by SystemC; nothing to do when the fabric evaluates.
  void evaluate(Cycle) override {}

  /// RTL outputs of the edge just past -> router n's links.
  void collect() {
    const auto fv = sig_.flit_valid_out.read();
    const auto& fo = sig_.flit_out.read();
    const auto cv = sig_.credit_valid_out.read();
    const auto cvc = sig_.credit_vc_out.read();
    const int vc_w = index_width(vcs_);
    for (unsigned p = 0; p < ports_; ++p) {
      const PortId port = static_cast<PortId>(p);
      if (get_field(fv, static_cast<int>(p), 1)) {
        Link* out = net_.router_output(node_, port);
        if (out == nullptr) throw std::logic_error(where(p) + ": RTL sent a flit off the fabric");
        Flit f = decode_flit(fo, static_cast<int>(p) * FlitLayout::kWidth);
        if (f.mc.kind != 0 && resolve_) resolve_(f);
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
    port_value_t<decltype(Rtl::flit_valid_i)> fv{};
    port_value_t<decltype(Rtl::flit_i)> fi{};
    port_value_t<decltype(Rtl::credit_valid_i)> cv{};
    port_value_t<decltype(Rtl::credit_vc_i)> cvc{};
    const int vc_w = index_width(vcs_);
    for (unsigned p = 0; p < ports_; ++p) {
      const PortId port = static_cast<PortId>(p);
      if (const Link* in = net_.router_input(node_, port); in != nullptr && in->flit().valid) {
        set_field(fv, static_cast<int>(p), 1, 1);
        encode_flit(fi, static_cast<int>(p) * FlitLayout::kWidth, in->flit().flit, worms_, node_);
      }
      if (const Link* out = net_.router_output(node_, port); out != nullptr && out->credit().valid) {
        set_field(cv, static_cast<int>(p), 1, 1);
        set_field(cvc, static_cast<int>(p) * vc_w, vc_w, out->credit().vc);
      }
    }
    sig_.flit_valid_in.write(fv);
    sig_.flit_in.write(fi);
    if (late_credits_) {
      sig_.credit_valid_in.write(held_cv_);
      sig_.credit_vc_in.write(held_cvc_);
      held_cv_ = cv;
      held_cvc_ = cvc;
    } else {
      sig_.credit_valid_in.write(cv);
      sig_.credit_vc_in.write(cvc);
    }
  }

 private:
  std::string where(unsigned p) const {
    return "RTL router " + std::to_string(node_) + " port " + std::to_string(p);
  }

  Network& net_;
  NodeId node_;
  bool late_credits_;
  std::function<void(Flit&)> resolve_;
  const WormTable* worms_;
  port_value_t<decltype(Rtl::credit_valid_i)> held_cv_{};
  port_value_t<decltype(Rtl::credit_vc_i)> held_cvc_{};
  RtlRouterSignals<Rtl> sig_;
  unsigned ports_, vcs_;
  Rtl rtl_;
};

}  // namespace wormsim::test
