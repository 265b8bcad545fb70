// A fabric in which any set of routers is the verilated RTL and the rest the
// fast engine's model, all on one sc_clock, through the library's bridge
// (wormsim/systemc/rtl_network_router.h). Delivery
// cycles are recorded per packet and destination (a worm is delivered to
// many), so two fabrics can be compared exactly. Broadcasts (worm or
// store-and-forward schedules) run through a BroadcastEngine in both.
#pragma once
#include <chrono>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <systemc>
#include <verilated.h>
#include <verilated_fst_sc.h>

#include <wormsim/broadcast/engine.h>
#include <wormsim/multicast/hamiltonian.h>
#include <wormsim/sim/simulation.h>
#include <wormsim/systemc/rtl_network_router.h>
#include <wormsim/systemc/waves.h>

#include "rtl/fabric_compare.h"


namespace wormsim::test {

/// The test-only perturbation: the RTL sees every credit one cycle after
/// the link delivers it.
template <class Rtl>
class LateCreditRtl : public systemc::RtlNetworkRouter<Rtl> {
 public:
  using systemc::RtlNetworkRouter<Rtl>::RtlNetworkRouter;
  using typename systemc::RtlNetworkRouter<Rtl>::CreditValid;
  using typename systemc::RtlNetworkRouter<Rtl>::CreditVc;

 protected:
  void credits_to_rtl(CreditValid& cv, CreditVc& cvc) override {
    std::swap(cv, held_cv_);
    std::swap(cvc, held_cvc_);
  }

 private:
  CreditValid held_cv_{};
  CreditVc held_cvc_{};
};

/// The bridge and the RTL routers under one module named "fabric", so the
/// RTL's signals are fabric.<router>.rtl.* in the waves.
template <class Rtl>
struct MixedFabric : sc_core::sc_module {
  systemc::RtlNetworkBridge<Rtl> bridge;
  std::vector<std::unique_ptr<systemc::RtlNetworkRouter<Rtl>>> nodes;

  MixedFabric(const sc_core::sc_module_name& name, Simulation& sim, const MixedFabricConfig& cfg,
              sc_core::sc_clock& clock)
      : sc_core::sc_module(name), bridge("bridge", sim) {
    bridge.clk(clock);
    for (std::size_t k = 0; k < cfg.rtl_nodes.size(); ++k) {
      const NodeId n = cfg.rtl_nodes[k];
      const std::string inst = node_name(sim.topology(), n);
      if (cfg.late_credits && k == 0)
        nodes.push_back(std::make_unique<LateCreditRtl<Rtl>>(inst.c_str(), sim, n, bridge.rst_n()));
      else
        nodes.push_back(std::make_unique<systemc::RtlNetworkRouter<Rtl>>(inst.c_str(), sim, n, bridge.rst_n()));
      nodes.back()->clk(clock);
      bridge.add(*nodes.back());
    }
  }
};

/// Runs the scenario once with cfg.rtl_nodes as RTL. Once per process
/// (SystemC elaborates once).
template <class Rtl>
MixedFabricResult run_mixed(const MixedFabricConfig& cfg) {
  Simulation sim(cfg.scenario);
  MixedFabricResult r;
  std::unique_ptr<BroadcastEngine> engine;
  auto record = [&r](const Packet& p, Cycle c) { r.delivered[{p.id, p.dst}] = c; };
  if (cfg.broadcasts.empty()) {
    sim.on_packet_delivered(record);
  } else {
    engine = std::make_unique<BroadcastEngine>(sim, cfg.timing);
    engine->on_delivery(record);
    for (const auto& [at, s] : cfg.broadcasts) engine->start(s, at);
  }
  if (!cfg.fst.empty()) Verilated::traceEverOn(true);
  sc_core::sc_clock clock("clk", 1, sc_core::SC_NS);
  MixedFabric<Rtl> fabric("fabric", sim, cfg, clock);
  systemc::RtlNetworkBridge<Rtl>& bridge = fabric.bridge;
  if (engine) bridge.before_cycle([&engine] { engine->before_tick(); });
  bridge.after_cycle([&] {
    if (engine ? !broadcast_step(sim, *engine, cfg) : sim.done()) sc_core::sc_stop();
  });
  std::unique_ptr<LinkTrace> vcd = cfg.vcd.empty() ? nullptr : std::make_unique<LinkTrace>(cfg.vcd, sim.network());
  std::unique_ptr<VerilatedFstSc> fst;
  if (!cfg.fst.empty()) {
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    fst = std::make_unique<VerilatedFstSc>();
    for (auto& n : fabric.nodes) n->rtl().trace(fst.get(), 99);
    fst->open(cfg.fst.c_str());
  }
  const auto start = std::chrono::steady_clock::now();
  sc_core::sc_start();
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (fst) fst->close();
  if (vcd) vcd->close();
  r.results = sim.results(r.wall_seconds);
  return r;
}

}  // namespace wormsim::test
