#include <wormsim/broadcast/engine.h>

#include <algorithm>
#include <stdexcept>
#include <tuple>

namespace wormsim {

BroadcastEngine::BroadcastEngine(Simulation& sim, const BroadcastTiming& timing) : sim_(sim), timing_(timing) {
  sim_.on_packet_delivered([this](const Packet& p, Cycle c) { delivered(p, c); });
}

std::size_t BroadcastEngine::start(const WormSchedule& s, Cycle at) {
  if (at < sim_.cycle()) throw std::invalid_argument("a broadcast cannot start in the past");
  const std::size_t n = sim_.topology().num_nodes();
  Run run;
  run.ports = s.ports;
  run.plan.resize(n);
  for (const auto& round : s.rounds) {
    std::map<NodeId, std::vector<WormRoute>> by_sender;
    for (const WormSend& x : round) {
      by_sender[x.from].push_back(x.route);
      run.progress.expected += x.route.destinations.size();
    }
    for (auto& [from, worms] : by_sender) run.plan[from].push_back(std::move(worms));
  }
  ++run.progress.expected;  // the source
  run.progress.start = at;
  run.progress.completion = at;
  run.progress.arrival.assign(n, 0);
  run.progress.arrival[s.source] = at;
  run.progress.receipts.assign(n, 0);
  runs_.push_back(std::move(run));
  if (runs_.back().progress.complete()) ++complete_;
  schedule_sends(runs_.size() - 1, s.source, at);
  return runs_.size() - 1;
}

void BroadcastEngine::schedule_sends(std::size_t k, NodeId v, Cycle base) {
  const Run& run = runs_[k];
  Cycle t = base;
  for (std::size_t step = 0; step < run.plan[v].size(); ++step) {
    if (run.ports == PortModel::All) t += timing_.startup;
    for (std::size_t i = 0; i < run.plan[v][step].size(); ++i) {
      if (run.ports == PortModel::One) t += timing_.startup;
      due_.emplace(t, Send{k, v, step, i});
    }
  }
}

// Sends due together are injected in a canonical order (broadcast, sender,
// step, index), so packet ids do not depend on the order in which the
// fabric happened to report this cycle's deliveries.
void BroadcastEngine::before_tick() {
  std::vector<Send> now;
  while (!due_.empty() && due_.begin()->first <= sim_.cycle()) {
    now.push_back(due_.begin()->second);
    due_.erase(due_.begin());
  }
  std::sort(now.begin(), now.end(), [](const Send& a, const Send& b) {
    return std::tie(a.run, a.from, a.step, a.index) < std::tie(b.run, b.from, b.step, b.index);
  });
  for (const Send& s : now) {
    const WormRoute& route = runs_[s.run].plan[s.from][s.step][s.index];
    const std::size_t k = route.destinations.size();
    const std::uint64_t id = k == 1 && route.form == HeaderForm::List
                                 ? sim_.inject(s.from, route.destinations[0], timing_.flits)
                                 : sim_.inject_worm(s.from, route, timing_.flits);
    worm_run_[id] = InFlight{s.run, k};
    in_flight_ += k;
    ++runs_[s.run].progress.worms;
  }
}

void BroadcastEngine::delivered(const Packet& p, Cycle c) {
  if (also_) also_(p, c);
  const auto it = worm_run_.find(p.id);
  if (it == worm_run_.end()) return;  // the simulation's own traffic
  const std::size_t k = it->second.run;
  if (--it->second.remaining == 0) worm_run_.erase(it);
  --in_flight_;
  BroadcastProgress& g = runs_[k].progress;
  if (g.receipts[p.dst]++ != 0) return;
  g.arrival[p.dst] = c;
  g.completion = std::max(g.completion, c);
  if (++g.informed == g.expected) ++complete_;
  schedule_sends(k, p.dst, c + 1);  // the node reacts in the cycle after receipt
}

}  // namespace wormsim
