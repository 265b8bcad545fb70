// What the RTL fabric benches compare, without SystemC: a fabric's
// configuration (scenario, which routers are RTL, broadcasts), the delivery
// cycle of every (packet, destination), the all-model reference run and the
// first difference between two runs. Shared by the SystemC bridge
// (mixed_fabric.h) and the direct drive (direct_fabric.h).
#pragma once
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <wormsim/broadcast/engine.h>
#include <wormsim/sim/simulation.h>

namespace wormsim::test {

struct MixedFabricConfig {
  Scenario scenario;
  std::vector<NodeId> rtl_nodes;  ///< routers that are the verilated RTL
  bool late_credits = false;      ///< test-only: the first RTL router sees credits a cycle late
  std::string vcd;                ///< links of the whole fabric (model and RTL routers alike)
  std::string fst;                ///< every signal of every RTL router
  /// Broadcasts started at the given cycles. With any, the scenario's
  /// phases must not end the run (set a huge warm-up): the run ends when
  /// every broadcast is complete and the background traffic, stopped at
  /// `traffic_until`, has drained.
  std::vector<std::pair<Cycle, WormSchedule>> broadcasts;
  BroadcastTiming timing;
  Cycle traffic_until = 0;
  Cycle limit = 1000000;  ///< broadcasts: give up after this many cycles
};

/// (packet id, node) -> delivery cycle of the tail at that node.
using DeliveryCycles = std::map<std::pair<std::uint64_t, NodeId>, Cycle>;

/// Runs the broadcasts of `cfg` on `sim` through `engine` one cycle at a
/// time: true while the run should go on.
inline bool broadcast_step(Simulation& sim, BroadcastEngine& engine, const MixedFabricConfig& cfg) {
  if (sim.cycle() == cfg.traffic_until) sim.stop_traffic();
  if (sim.done() || sim.cycle() >= cfg.limit) return false;
  return !(engine.idle() && sim.cycle() > cfg.traffic_until && sim.outstanding_packets() == 0);
}

struct MixedFabricResult {
  DeliveryCycles delivered;
  Results results;
  double wall_seconds = 0;
};

/// The all-model reference: plain C++, no SystemC kernel.
inline DeliveryCycles run_reference(const Scenario& s) {
  Simulation sim(s);
  DeliveryCycles d;
  sim.on_packet_delivered([&d](const Packet& p, Cycle c) { d[{p.id, p.dst}] = c; });
  sim.run_plain();
  return d;
}

/// The all-model reference of a run with broadcasts.
inline DeliveryCycles run_reference(const MixedFabricConfig& cfg) {
  Simulation sim(cfg.scenario);
  BroadcastEngine engine(sim, cfg.timing);
  DeliveryCycles d;
  engine.on_delivery([&d](const Packet& p, Cycle c) { d[{p.id, p.dst}] = c; });
  for (const auto& [at, s] : cfg.broadcasts) engine.start(s, at);
  while (broadcast_step(sim, engine, cfg)) {
    engine.before_tick();
    sim.tick();
  }
  return d;
}

/// "" when equal; otherwise the earliest delivery (by the model fabric's
/// cycle) that differs, and how many differ.
inline std::string first_difference(const DeliveryCycles& expected, const DeliveryCycles& got) {
  std::size_t differ = 0;
  Cycle earliest = ~Cycle{0};
  std::string text;
  for (const auto& [key, cycle] : expected) {
    const auto it = got.find(key);
    if (it != got.end() && it->second == cycle) continue;
    ++differ;
    if (cycle >= earliest) continue;
    earliest = cycle;
    std::ostringstream os;
    os << "packet " << key.first << " delivered to node " << key.second << " at cycle ";
    if (it == got.end()) os << cycle << " by the model fabric, never by the mixed one";
    else os << it->second << ", the model fabric at " << cycle;
    text = os.str();
  }
  if (differ) return text + " (" + std::to_string(differ) + " deliveries differ)";
  if (got.size() != expected.size()) return "the mixed fabric delivered packets the model fabric did not";
  return "";
}

}  // namespace wormsim::test
