#include <algorithm>

#include <wormsim/broadcast/algorithms.h>

namespace wormsim {

Schedule one_port_greedy(const Topology& t, NodeId source, Rng* jitter) {
  Schedule s;
  s.algorithm = "greedy-one-port";
  s.source = source;
  s.ports = PortModel::One;
  const std::size_t n = t.num_nodes();
  const std::vector<unsigned> dist = hop_distances(t, source);
  std::vector<bool> informed(n, false);
  informed[source] = true;
  std::size_t count = 1;
  while (count < n) {
    // senders: informed nodes with uninformed neighbours, fewest options first
    std::vector<std::pair<unsigned, NodeId>> senders;
    for (NodeId u = 0; u < n; ++u) {
      if (!informed[u]) continue;
      unsigned options = 0;
      for (PortId p = 0; p < t.num_ports; ++p)
        if (t.peer[u][p] && !informed[t.peer[u][p]->node]) ++options;
      if (options > 0) senders.push_back({options * 64 + (jitter ? static_cast<unsigned>(jitter->below(64)) : 0u), u});
    }
    std::sort(senders.begin(), senders.end());
    std::vector<bool> taken(n, false);
    std::vector<Transfer> round;
    for (const auto& [options, u] : senders) {
      // the uninformed neighbour with the most uninformed neighbours of its
      // own, then the farthest from the source: it opens the most ground
      int best = -1;
      unsigned best_key = 0;
      for (PortId p = 0; p < t.num_ports; ++p) {
        if (!t.peer[u][p]) continue;
        const NodeId w = t.peer[u][p]->node;
        if (informed[w] || taken[w]) continue;
        unsigned fresh = 0;
        for (PortId q = 0; q < t.num_ports; ++q)
          if (t.peer[w][q] && !informed[t.peer[w][q]->node]) ++fresh;
        const unsigned key = (fresh * 4096 + dist[w]) * 8 + (jitter ? static_cast<unsigned>(jitter->below(8)) : 0u);
        if (best < 0 || key > best_key) {
          best = static_cast<int>(w);
          best_key = key;
        }
      }
      if (best < 0) continue;
      taken[static_cast<NodeId>(best)] = true;
      round.push_back({u, static_cast<NodeId>(best)});
    }
    for (const Transfer& x : round) informed[x.to] = true;
    count += round.size();
    s.rounds.push_back(std::move(round));
  }
  return s;
}

}  // namespace wormsim
