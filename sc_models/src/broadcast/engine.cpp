#include <wormsim/broadcast/engine.h>

#include <algorithm>
#include <stdexcept>

namespace wormsim {

BroadcastEngine::BroadcastEngine(Simulation& sim, const BroadcastTiming& timing) : sim_(sim), timing_(timing) {
  sim_.on_packet_delivered([this](const Packet& p, Cycle c) { delivered(p, c); });
}

std::size_t BroadcastEngine::start(const Schedule& s, Cycle at) {
  if (at < sim_.cycle()) throw std::invalid_argument("a broadcast cannot start in the past");
  const std::size_t n = sim_.topology().num_nodes();
  Run run;
  run.ports = s.ports;
  run.plan.resize(n);
  for (const auto& round : s.rounds) {
    std::map<NodeId, std::vector<NodeId>> by_sender;
    for (const Transfer& x : round) by_sender[x.from].push_back(x.to);
    for (auto& [from, tos] : by_sender) run.plan[from].push_back(std::move(tos));
  }
  run.progress.start = at;
  run.progress.completion = at;
  run.progress.arrival.assign(n, 0);
  run.progress.arrival[s.source] = at;
  run.progress.receipts.assign(n, 0);
  runs_.push_back(std::move(run));
  if (n == 1) ++complete_;
  schedule_sends(runs_.size() - 1, s.source, at);
  return runs_.size() - 1;
}

void BroadcastEngine::schedule_sends(std::size_t k, NodeId v, Cycle base) {
  const Run& run = runs_[k];
  Cycle t = base;
  for (const auto& step : run.plan[v]) {
    if (run.ports == PortModel::All) t += timing_.startup;
    for (NodeId to : step) {
      if (run.ports == PortModel::One) t += timing_.startup;
      due_.emplace(t, Send{k, v, to});
    }
  }
}

void BroadcastEngine::before_tick() {
  while (!due_.empty() && due_.begin()->first <= sim_.cycle()) {
    const Send s = due_.begin()->second;
    due_.erase(due_.begin());
    worm_run_[sim_.inject(s.from, s.to, timing_.flits)] = s.run;
    ++in_flight_;
    ++runs_[s.run].progress.worms;
  }
}

void BroadcastEngine::delivered(const Packet& p, Cycle c) {
  const auto it = worm_run_.find(p.id);
  if (it == worm_run_.end()) return;  // the simulation's own traffic
  const std::size_t k = it->second;
  worm_run_.erase(it);
  --in_flight_;
  BroadcastProgress& g = runs_[k].progress;
  if (g.receipts[p.dst]++ != 0) return;
  g.arrival[p.dst] = c;
  g.completion = std::max(g.completion, c);
  if (++g.informed == g.arrival.size()) ++complete_;
  schedule_sends(k, p.dst, c + 1);  // the node reacts in the cycle after receipt
}

}  // namespace wormsim
