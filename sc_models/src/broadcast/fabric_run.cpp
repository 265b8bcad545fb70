#include <wormsim/broadcast/fabric_run.h>

#include <stdexcept>

#include <wormsim/broadcast/engine.h>
#include <wormsim/topology/spec.h>

namespace wormsim {

FabricBroadcastResult run_in_fabric(const WormSchedule& s, const FabricBroadcastConfig& cfg) {
  Scenario sc;
  sc.topology = cfg.topology;
  sc.buffer = cfg.buffer;
  sc.packet = cfg.flits;
  sc.rate = 0.001;                       // the source is switched off below
  sc.warmup = cfg.limit + 1;             // phases never advance: this loop ends the run
  sc.cycles = 1;
  sc.seed = cfg.seed;
  if (s.ports == PortModel::All) sc.local_ports = make_topology(cfg.topology).num_ports;
  if (cfg.local_ports) sc.local_ports = cfg.local_ports;
  if (s.hamiltonian_routing) sc.routing = "hamiltonian";
  sc.vcs = cfg.vcs;
  sc.consumption = cfg.consumption;
  Simulation sim(sc);
  sim.stop_traffic();
  BroadcastEngine engine(sim, BroadcastTiming{cfg.flits, cfg.startup});
  engine.start(s, 0);
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
  const BroadcastProgress& g = engine.progress(0);
  FabricBroadcastResult r;
  r.completion = g.completion;
  r.arrival = g.arrival;
  r.receipts = g.receipts;
  r.worms = g.worms;
  return r;
}

}  // namespace wormsim
