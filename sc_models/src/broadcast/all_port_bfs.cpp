#include <wormsim/broadcast/algorithms.h>

namespace wormsim {

Schedule all_port_bfs(const Topology& t, NodeId source) {
  Schedule s;
  s.algorithm = "bfs-all-port";
  s.source = source;
  s.ports = PortModel::All;
  std::vector<bool> informed(t.num_nodes(), false);
  informed[source] = true;
  std::vector<NodeId> frontier{source};
  while (!frontier.empty()) {
    std::vector<Transfer> round;
    std::vector<NodeId> next;
    for (NodeId u : frontier)
      for (PortId p = 0; p < t.num_ports; ++p) {
        if (!t.peer[u][p]) continue;
        const NodeId w = t.peer[u][p]->node;
        if (informed[w]) continue;
        informed[w] = true;
        round.push_back({u, w});
        next.push_back(w);
      }
    if (!round.empty()) s.rounds.push_back(std::move(round));
    frontier.swap(next);
  }
  return s;
}

}  // namespace wormsim
