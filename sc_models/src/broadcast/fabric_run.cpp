#include <wormsim/broadcast/fabric_run.h>

#include <algorithm>
#include <stdexcept>

#include <wormsim/broadcast/engine.h>
#include <wormsim/router/router_config.h>
#include <wormsim/routing/registry.h>
#include <wormsim/topology/spec.h>

namespace wormsim {

namespace {

/// cfg.limit, or when it is 0 a bound no correct run reaches: the last
/// start, plus every worm's start-up and injection one after another, plus
/// kLimitSlack cycles for the flits themselves.
Cycle limit_of(const std::vector<std::pair<Cycle, WormSchedule>>& runs, const FabricBroadcastConfig& cfg) {
  if (cfg.limit != 0) return cfg.limit;
  constexpr Cycle kLimitSlack = 10000000;
  Cycle last_start = 0, worms = 0;
  for (const auto& [at, s] : runs) {
    last_start = std::max(last_start, at);
    for (const auto& round : s.rounds) worms += round.size();
  }
  return last_start + kLimitSlack + worms * (cfg.startup + cfg.flits + 1);
}

}  // namespace

std::vector<FabricBroadcastResult> run_in_fabric(const std::vector<std::pair<Cycle, WormSchedule>>& runs,
                                                 const FabricBroadcastConfig& cfg) {
  const Cycle limit = limit_of(runs, cfg);
  Scenario sc;
  sc.topology = cfg.topology;
  sc.buffer = cfg.buffer;
  sc.packet = cfg.flits;
  sc.rate = 0.001;                       // the source is switched off below
  sc.warmup = limit + 1;                 // phases never advance: this loop ends the run
  sc.cycles = 1;
  sc.seed = cfg.seed;
  sc.eject_rate = cfg.eject_rate;
  const bool all_port = !runs.empty() && runs.front().second.ports == PortModel::All;
  if (!runs.empty() && runs.front().second.follows_worm_routing) sc.routing = worm_routing().name;
  sc.vcs = cfg.vcs;
  if (cfg.local_ports) {
    sc.local_ports = cfg.local_ports;
  } else if (all_port) {
    // One injection and ejection channel per network port, as many as the
    // router's kMaxPortVcs (port, VC) pairs leave room for: the defaults
    // always form a valid fabric.
    const Topology t = make_topology(cfg.topology);
    const unsigned vcs = make_routing(sc.routing.empty() ? default_routing(t) : sc.routing, t, sc.vcs)->vcs();
    const unsigned room = kMaxPortVcs / vcs > t.num_ports ? kMaxPortVcs / vcs - t.num_ports : 1;
    sc.local_ports = std::max(1u, std::min(t.num_ports, room));
  }
  sc.consumption = cfg.consumption;
  Simulation sim(sc);
  sim.stop_traffic();
  BroadcastEngine engine(sim, BroadcastTiming{cfg.flits, cfg.startup});
  for (const auto& [at, s] : runs) engine.start(s, at);
  while (!engine.idle()) {
    if (sim.cycle() >= limit)
      throw std::runtime_error("broadcast did not complete within " + std::to_string(limit) + " cycles");
    sim.skip_idle(std::min(engine.next_due(), limit));  // start-ups of idle fabrics pass at once
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
