// Direct drive: the verilated RTL as Verilator's plain C++ model (no SystemC
// kernel, no signals) inside the fast engine's network, clocked by a loop
// that calls eval() once per clock edge. Two shapes:
//   DirectRouters<Rtl>  one model of wormsim_router per RTL router, standing
//                       in through Network::replace_router (any subset);
//   DirectMesh<Mesh>    one model of the whole fabric (wormsim_mesh: every
//                       router, the links between them inside the model),
//                       the network interfaces on its local ports.
// Per cycle, as the SystemC bridge (RtlNetworkBridge) does it: the model
// routers and NIs evaluate and the RTL takes its rising edge (one eval with
// the inputs presented last cycle); the RTL's outputs go onto the links
// (collect), the links commit, their new contents become its inputs
// (present) and it takes its falling edge (an eval: nothing is clocked on
// it, but the inputs settle there, as under SystemC, and the assertions
// sample them from it). The RTL is held in reset for two cycles first. Every delivery lands in the same cycle as in the all-model fabric
// (tb/rtl/direct_fabric_test.cpp); scripts/bench --rtl measures the speed.
#pragma once
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <verilated.h>

#include <wormsim/sim/simulation.h>
#include <wormsim/systemc/rtl_ports.h>

#include "rtl/fabric_compare.h"

namespace wormsim::test {

namespace direct {

using systemc::rtl::FlitCodec;
using systemc::rtl::get_field;
using systemc::rtl::HwFlitFormat;
using systemc::rtl::index_width;
using systemc::rtl::set_field;

/// Stands in for a router in the Network: the RTL is clocked by the loop.
struct Placeholder : Component {
  void evaluate(Cycle) override {}
};

}  // namespace direct

/// One Verilator C++ model of wormsim_router per RTL router.
template <class Rtl>
class DirectRouters {
 public:
  DirectRouters(VerilatedContext& ctx, Simulation& sim, const std::vector<NodeId>& nodes,
                direct::HwFlitFormat fmt = {})
      : sim_(sim), net_(sim.network()) {
    for (NodeId n : nodes) {
      auto r = std::make_unique<Node>(ctx, sim, n, fmt);
      net_.replace_router(n, r->placeholder);
      nodes_.push_back(std::move(r));
    }
  }

  void set_reset(bool active) {
    for (auto& n : nodes_) n->rtl.rst_ni = !active;
  }
  void rise() {
    for (auto& n : nodes_) {
      n->rtl.clk_i = 1;
      n->rtl.eval();
    }
  }
  void fall() {
    for (auto& n : nodes_) {
      n->rtl.clk_i = 0;
      n->rtl.eval();
    }
  }

  /// RTL outputs of the rising edge -> the routers' links.
  void collect() {
    using namespace direct;
    for (auto& np : nodes_) {
      Node& n = *np;
      const int vc_w = index_width(n.vcs);
      for (unsigned p = 0; p < n.ports; ++p) {
        const PortId port = static_cast<PortId>(p);
        if (get_field(n.rtl.flit_valid_o, static_cast<int>(p), 1)) {
          Link* out = net_.router_output(n.node, port);
          if (out == nullptr) throw std::logic_error("RTL router " + std::to_string(n.node) + " sent a flit off the fabric");
          Flit f = n.codec.decode(n.rtl.flit_type_o, n.rtl.flit_data_o, p,
                                  static_cast<VcId>(get_field(n.rtl.flit_vc_o, static_cast<int>(p) * vc_w, vc_w)), n.node);
          if (f.mc.kind != 0) sim_.resolve_worm(f);
          out->send_flit(f);
        }
        if (get_field(n.rtl.credit_valid_o, static_cast<int>(p), 1)) {
          Link* in = net_.router_input(n.node, port);
          if (in == nullptr) throw std::logic_error("RTL router " + std::to_string(n.node) + " returned a credit off the fabric");
          in->send_credit(static_cast<VcId>(get_field(n.rtl.credit_vc_o, static_cast<int>(p) * vc_w, vc_w)));
        }
      }
    }
  }

  /// The links' contents after the commit -> RTL inputs for the next edge.
  void present() {
    using namespace direct;
    for (auto& np : nodes_) {
      Node& n = *np;
      const int vc_w = index_width(n.vcs);
      n.rtl.flit_valid_i = 0;
      n.rtl.credit_valid_i = 0;
      for (unsigned p = 0; p < n.ports; ++p) {
        const PortId port = static_cast<PortId>(p);
        if (const Link* in = net_.router_input(n.node, port); in != nullptr && in->flit().valid) {
          set_field(n.rtl.flit_valid_i, static_cast<int>(p), 1, 1);
          set_field(n.rtl.flit_vc_i, static_cast<int>(p) * vc_w, vc_w, in->flit().flit.vc);
          n.codec.encode(n.rtl.flit_type_i, n.rtl.flit_data_i, p, in->flit().flit, n.node);
        }
        if (const Link* out = net_.router_output(n.node, port); out != nullptr && out->credit().valid) {
          set_field(n.rtl.credit_valid_i, static_cast<int>(p), 1, 1);
          set_field(n.rtl.credit_vc_i, static_cast<int>(p) * vc_w, vc_w, out->credit().vc);
        }
      }
    }
  }

 private:
  struct Node {
    Node(VerilatedContext& ctx, Simulation& sim, NodeId n, direct::HwFlitFormat fmt)
        : node(n), ports(sim.network().router(n).config().total_ports()),
          vcs(sim.network().router(n).config().vcs), codec(fmt, ports, vcs, &sim.worms()), rtl(&ctx) {
      const auto c = systemc::rtl::router_constants(sim.topology(), n);
      const int nb = static_cast<int>(fmt.node_bits);
      rtl.router_id_i = n;
      rtl.coord_i = c.coord;
      rtl.hp_next_i = c.hp_next;
      rtl.hp_prev_i = c.hp_prev;
      for (std::size_t p = 0; p < c.neighbors.size(); ++p)
        direct::set_field(rtl.neighbor_id_i, static_cast<int>(p) * nb, nb, c.neighbors[p]);
      rtl.table_we_i = 0;
      rtl.clk_i = 0;
      rtl.rst_ni = 0;
    }
    NodeId node;
    unsigned ports, vcs;
    direct::FlitCodec codec;
    direct::Placeholder placeholder;
    Rtl rtl;
  };

  Simulation& sim_;
  Network& net_;
  std::vector<std::unique_ptr<Node>> nodes_;
};

/// One Verilator C++ model of the whole fabric (wormsim_mesh); node n's
/// network interface on its local port n.
template <class Mesh>
class DirectMesh {
 public:
  DirectMesh(VerilatedContext& ctx, Simulation& sim, direct::HwFlitFormat fmt = {})
      : sim_(sim), net_(sim.network()), nodes_(static_cast<NodeId>(sim.topology().num_nodes())),
        local_(sim.topology().num_ports), vcs_(sim.network().router(0).config().vcs),
        codec_(fmt, nodes_, vcs_, &sim.worms()), rtl_(&ctx), placeholders_(nodes_) {
    const int nb = static_cast<int>(fmt.node_bits);
    for (NodeId n = 0; n < nodes_; ++n) {
      net_.replace_router(n, placeholders_[n]);
      const auto c = systemc::rtl::router_constants(sim.topology(), n);
      direct::set_field(rtl_.hp_next_i, static_cast<int>(n) * nb, nb, c.hp_next);
      direct::set_field(rtl_.hp_prev_i, static_cast<int>(n) * nb, nb, c.hp_prev);
    }
    rtl_.clk_i = 0;
    rtl_.rst_ni = 0;
  }

  void set_reset(bool active) { rtl_.rst_ni = !active; }
  void rise() {
    rtl_.clk_i = 1;
    rtl_.eval();
  }
  void fall() {
    rtl_.clk_i = 0;
    rtl_.eval();
  }

  void collect() {
    using namespace direct;
    const int vc_w = index_width(vcs_);
    const PortId port = static_cast<PortId>(local_);
    for (NodeId n = 0; n < nodes_; ++n) {
      const int i = static_cast<int>(n);
      if (get_field(rtl_.local_flit_valid_o, i, 1)) {
        Flit f = codec_.decode(rtl_.local_flit_type_o, rtl_.local_flit_data_o, n,
                               static_cast<VcId>(get_field(rtl_.local_flit_vc_o, i * vc_w, vc_w)), n);
        if (f.mc.kind != 0) sim_.resolve_worm(f);
        net_.router_output(n, port)->send_flit(f);
      }
      if (get_field(rtl_.local_credit_valid_o, i, 1))
        net_.router_input(n, port)->send_credit(static_cast<VcId>(get_field(rtl_.local_credit_vc_o, i * vc_w, vc_w)));
    }
  }

  void present() {
    using namespace direct;
    const int vc_w = index_width(vcs_);
    const PortId port = static_cast<PortId>(local_);
    for (NodeId n = 0; n < nodes_; ++n) {
      const int i = static_cast<int>(n);
      const Link* in = net_.router_input(n, port);
      const bool fv = in->flit().valid;
      set_field(rtl_.local_flit_valid_i, i, 1, fv);
      if (fv) {
        set_field(rtl_.local_flit_vc_i, i * vc_w, vc_w, in->flit().flit.vc);
        codec_.encode(rtl_.local_flit_type_i, rtl_.local_flit_data_i, n, in->flit().flit, n);
      }
      const Link* out = net_.router_output(n, port);
      set_field(rtl_.local_credit_valid_i, i, 1, out->credit().valid);
      if (out->credit().valid) set_field(rtl_.local_credit_vc_i, i * vc_w, vc_w, out->credit().vc);
    }
  }

 private:
  Simulation& sim_;
  Network& net_;
  NodeId nodes_;
  unsigned local_, vcs_;
  direct::FlitCodec codec_;
  Mesh rtl_;
  std::vector<direct::Placeholder> placeholders_;
};

/// Runs `cfg` (unicast traffic) with `Fabric` (DirectRouters or DirectMesh)
/// built by `make(ctx, sim)`; the deliveries and the wall time.
template <class Make>
MixedFabricResult run_direct(const MixedFabricConfig& cfg, Make make) {
  Simulation sim(cfg.scenario);
  MixedFabricResult r;
  sim.on_packet_delivered([&r](const Packet& p, Cycle c) { r.delivered[{p.id, p.dst}] = c; });
  VerilatedContext ctx;
  auto fabric = make(ctx, sim);
  fabric->set_reset(true);
  for (int k = 0; k < 2; ++k) {  // two rising edges in reset
    fabric->rise();
    fabric->fall();
  }
  fabric->set_reset(false);
  const auto start = std::chrono::steady_clock::now();
  while (!sim.done()) {
    sim.tick_evaluate();
    fabric->rise();
    fabric->collect();
    sim.tick_commit();
    fabric->present();
    fabric->fall();
  }
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.results = sim.results(r.wall_seconds);
  return r;
}

}  // namespace wormsim::test
