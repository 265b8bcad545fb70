#include <wormsim/broadcast/fabric_run.h>

#include <map>
#include <stdexcept>

#include <wormsim/sim/simulation.h>
#include <wormsim/topology/spec.h>

namespace wormsim {

FabricBroadcastResult run_in_fabric(const Schedule& s, const FabricBroadcastConfig& cfg) {
  Scenario sc;
  sc.topology = cfg.topology;
  sc.buffer = cfg.buffer;
  sc.packet = cfg.flits;
  sc.rate = 0.001;                       // the source is switched off below
  sc.warmup = cfg.limit + 1;             // phases never advance: this loop ends the run
  sc.cycles = 1;
  sc.seed = cfg.seed;
  if (s.ports == PortModel::All) sc.local_ports = make_topology(cfg.topology).num_ports;
  Simulation sim(sc);
  sim.stop_traffic();
  const std::size_t n = sim.topology().num_nodes();

  // each node's sends, grouped by step
  std::vector<std::vector<std::vector<NodeId>>> plan(n);
  for (const auto& round : s.rounds) {
    std::map<NodeId, std::vector<NodeId>> by_sender;
    for (const Transfer& x : round) by_sender[x.from].push_back(x.to);
    for (auto& [from, tos] : by_sender) plan[from].push_back(std::move(tos));
  }

  FabricBroadcastResult r;
  r.arrival.assign(n, 0);
  r.receipts.assign(n, 0);
  std::multimap<Cycle, std::pair<NodeId, NodeId>> due;  // injection cycle -> (from, to)
  std::size_t informed = 1, in_flight = 0;
  auto schedule_sends = [&](NodeId v, Cycle c) {
    Cycle t = c;
    for (const auto& step : plan[v]) {
      if (s.ports == PortModel::All) t += cfg.startup;
      for (NodeId to : step) {
        if (s.ports == PortModel::One) t += cfg.startup;
        due.emplace(t, std::make_pair(v, to));
      }
    }
  };
  sim.on_packet_delivered([&](const Packet& p, Cycle c) {
    --in_flight;
    if (r.receipts[p.dst]++ == 0) {
      ++informed;
      r.arrival[p.dst] = c;
      r.completion = std::max(r.completion, c);
      schedule_sends(p.dst, c + 1);  // the node reacts in the cycle after receipt
    }
  });
  schedule_sends(s.source, 0);
  while (informed < n || in_flight > 0 || !due.empty()) {
    if (sim.cycle() >= cfg.limit)
      throw std::runtime_error("broadcast did not complete within " + std::to_string(cfg.limit) + " cycles");
    while (!due.empty() && due.begin()->first <= sim.cycle()) {
      sim.inject(due.begin()->second.first, due.begin()->second.second, cfg.flits);
      due.erase(due.begin());
      ++in_flight;
      ++r.worms;
    }
    sim.tick();
    if (sim.done()) throw std::runtime_error("the fabric stopped (deadlock or watchdog) during the broadcast");
  }
  return r;
}

}  // namespace wormsim
