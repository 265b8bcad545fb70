#include <wormsim/broadcast/fabric_run.h>

#include <stdexcept>

#include <wormsim/broadcast/engine.h>
#include <wormsim/topology/spec.h>

namespace wormsim {

std::vector<FabricBroadcastResult> run_in_fabric(const std::vector<std::pair<Cycle, WormSchedule>>& runs,
                                                 const FabricBroadcastConfig& cfg) {
  Scenario sc;
  sc.topology = cfg.topology;
  sc.buffer = cfg.buffer;
  sc.packet = cfg.flits;
  sc.rate = 0.001;                       // the source is switched off below
  sc.warmup = cfg.limit + 1;             // phases never advance: this loop ends the run
  sc.cycles = 1;
  sc.seed = cfg.seed;
  sc.eject_rate = cfg.eject_rate;
  const bool all_port = !runs.empty() && runs.front().second.ports == PortModel::All;
  if (all_port) sc.local_ports = make_topology(cfg.topology).num_ports;
  if (cfg.local_ports) sc.local_ports = cfg.local_ports;
  if (!runs.empty() && runs.front().second.hamiltonian_routing) sc.routing = "hamiltonian";
  sc.vcs = cfg.vcs;
  sc.consumption = cfg.consumption;
  Simulation sim(sc);
  sim.stop_traffic();
  BroadcastEngine engine(sim, BroadcastTiming{cfg.flits, cfg.startup});
  for (const auto& [at, s] : runs) engine.start(s, at);
  while (!engine.idle()) {
    if (sim.cycle() >= cfg.limit)
      throw std::runtime_error("broadcast did not complete within " + std::to_string(cfg.limit) + " cycles");
    engine.before_tick();
    sim.tick();
    if (sim.done()) {
      const Results res = sim.results(0);
      throw BroadcastDeadlock(res.deadlock_kind + ": " + res.deadlock_report);
    }
  }
  std::vector<FabricBroadcastResult> out;
  for (std::size_t k = 0; k < engine.broadcasts(); ++k) {
    const BroadcastProgress& g = engine.progress(k);
    out.push_back(FabricBroadcastResult{g.completion, g.arrival, g.receipts, g.worms});
  }
  return out;
}

FabricBroadcastResult run_in_fabric(const WormSchedule& s, const FabricBroadcastConfig& cfg) {
  return run_in_fabric(std::vector<std::pair<Cycle, WormSchedule>>{{0, s}}, cfg).front();
}

}  // namespace wormsim
