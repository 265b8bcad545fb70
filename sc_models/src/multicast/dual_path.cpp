#include <wormsim/multicast/dual_path.h>

#include <algorithm>
#include <stdexcept>

namespace wormsim {

NodeId dual_path_next_hop(const Topology& t, const HamiltonianLabeling& h, NodeId u, NodeId v) {
  const unsigned lu = h.label[u], lv = h.label[v];
  const bool up = lv > lu;
  bool found = false;
  NodeId best = u;
  for (PortId p = 0; p < t.num_ports; ++p) {
    if (!t.peer[u][p]) continue;
    const NodeId w = t.peer[u][p]->node;
    const unsigned lw = h.label[w];
    const bool fits = up ? (lw > lu && lw <= lv) : (lw < lu && lw >= lv);
    if (!fits) continue;
    if (!found || (up ? lw > h.label[best] : lw < h.label[best])) best = w;
    found = true;
  }
  if (!found) throw std::logic_error("dual-path: no neighbour toward the destination (not a Hamiltonian labeling)");
  return best;
}

std::vector<Worm> dual_path(const Topology& t, const HamiltonianLabeling& h, NodeId source,
                            const std::vector<NodeId>& destinations) {
  Worm high, low;
  low.high = false;
  std::vector<NodeId> d = destinations;
  std::sort(d.begin(), d.end(), [&h](NodeId a, NodeId b) { return h.label[a] < h.label[b]; });
  d.erase(std::unique(d.begin(), d.end()), d.end());
  for (NodeId v : d) {
    if (h.label[v] > h.label[source]) high.destinations.push_back(v);
    if (h.label[v] < h.label[source]) low.destinations.insert(low.destinations.begin(), v);
  }
  std::vector<Worm> worms;
  for (Worm* w : {&high, &low}) {
    if (w->destinations.empty()) continue;
    w->path.push_back(source);
    for (NodeId v : w->destinations) {
      while (w->path.back() != v) w->path.push_back(dual_path_next_hop(t, h, w->path.back(), v));
    }
    worms.push_back(std::move(*w));
  }
  return worms;
}

}  // namespace wormsim
