#include <wormsim/broadcast/schedule.h>

#include <algorithm>
#include <deque>
#include <set>

#include <wormsim/multicast/hamiltonian.h>

namespace wormsim {

StepReport run_steps(const Topology& t, const Schedule& s) {
  StepReport r;
  const std::size_t n = t.num_nodes();
  r.error = start_informed(t, s.source, r.informed_at);
  if (!r.error.empty()) return r;
  for (unsigned step = 1; step <= s.rounds.size(); ++step) {
    std::set<NodeId> senders;
    std::set<std::pair<NodeId, NodeId>> links;
    for (const Transfer& x : s.rounds[step - 1]) {
      const std::string what = "step " + std::to_string(step) + ", " + std::to_string(x.from) + " -> " +
                               std::to_string(x.to) + ": ";
      if (x.from >= n || x.to >= n) r.error = what + "not a node";
      else if (port_towards(t, x.from, x.to) < 0) r.error = what + "no link";
      else if (r.informed_at[x.from] >= step) r.error = what + "the sender does not hold the message yet";
      else if (r.informed_at[x.to] != kNotInformed) r.error = what + "the receiver already has it (received twice)";
      else if (s.ports == PortModel::One && !senders.insert(x.from).second)
        r.error = what + "a second send by one node in one step (one-port)";
      else if (!links.insert({x.from, x.to}).second) r.error = what + "a second message on one link in one step";
      if (!r.error.empty()) return r;
      r.informed_at[x.to] = step;
      ++r.transfers;
    }
    if (!s.rounds[step - 1].empty()) r.steps = step;
  }
  for (NodeId v = 0; v < n; ++v)
    if (r.informed_at[v] == kNotInformed) {
      r.error = "node " + std::to_string(v) + " never receives the message";
      return r;
    }
  return r;
}

ScheduleBuilder::ScheduleBuilder(const Topology& t, std::string algorithm, NodeId source, PortModel ports)
    : informed_(t.num_nodes(), 0) {
  s_.algorithm = std::move(algorithm);
  s_.source = source;
  s_.ports = ports;
  if (source < t.num_nodes()) informed_[source] = 1;
}

void ScheduleBuilder::send(NodeId from, NodeId to) {
  if (s_.rounds.empty()) next_round();
  if (informed_[to]) {
    ++s_.dropped;
    return;
  }
  informed_[to] = 1;
  s_.rounds.back().push_back(Transfer{from, to});
}

Schedule ScheduleBuilder::take() {
  while (!s_.rounds.empty() && s_.rounds.back().empty()) s_.rounds.pop_back();
  return std::move(s_);
}

std::string start_informed(const Topology& t, NodeId source, std::vector<unsigned>& informed_at) {
  informed_at.assign(t.num_nodes(), kNotInformed);
  if (source >= t.num_nodes()) return "source " + std::to_string(source) + " is not a node";
  informed_at[source] = 0;
  return "";
}

std::vector<unsigned> hop_distances(const Topology& t, NodeId source) {
  std::vector<unsigned> d(t.num_nodes(), ~0u);
  std::deque<NodeId> q{source};
  d[source] = 0;
  while (!q.empty()) {
    const NodeId u = q.front();
    q.pop_front();
    for (PortId p = 0; p < t.num_ports; ++p) {
      if (!t.peer[u][p]) continue;
      const NodeId w = t.peer[u][p]->node;
      if (d[w] != ~0u) continue;
      d[w] = d[u] + 1;
      q.push_back(w);
    }
  }
  return d;
}

unsigned broadcast_lower_bound(const Topology& t, NodeId source, PortModel ports) {
  const std::vector<unsigned> d = hop_distances(t, source);
  unsigned bound = *std::max_element(d.begin(), d.end());
  if (ports == PortModel::One) {
    unsigned doubling = 0;
    while ((std::size_t{1} << doubling) < t.num_nodes()) ++doubling;
    bound = std::max(bound, doubling);
  }
  return bound;
}

}  // namespace wormsim
