#include <wormsim/routing/spanning_tree.h>

#include <deque>

#include <wormsim/core/config_error.h>

namespace wormsim {

SpanningTreeRouting::SpanningTreeRouting(const Topology& t, unsigned vcs)
    : topo_(t), vcs_(vcs == 0 ? 1 : vcs), up_(t.num_nodes(), 0), enter_(t.num_nodes(), 0),
      leave_(t.num_nodes(), 0), children_(t.num_nodes()) {
  const std::size_t n = t.num_nodes();
  std::vector<char> seen(n, 0);
  std::deque<NodeId> q{0};
  seen[0] = 1;
  std::size_t reached = 1;
  while (!q.empty()) {
    const NodeId u = q.front();
    q.pop_front();
    for (PortId p = 0; p < t.num_ports; ++p) {
      const auto& peer = t.peer[u][p];
      if (!peer || seen[peer->node]) continue;
      seen[peer->node] = 1;
      ++reached;
      up_[peer->node] = peer->port;
      children_[u].emplace_back(peer->node, p);
      q.push_back(peer->node);
    }
  }
  if (reached != n) throw ConfigError("topology", t.spec + " is not connected");
  // Depth-first numbering: dst is below v iff enter_[v] <= enter_[dst] < leave_[v].
  unsigned clock = 0;
  std::vector<std::pair<NodeId, std::size_t>> stack{{0, 0}};
  enter_[0] = clock++;
  while (!stack.empty()) {
    auto& [v, next] = stack.back();
    if (next < children_[v].size()) {
      const NodeId c = children_[v][next++].first;
      enter_[c] = clock++;
      stack.emplace_back(c, 0);
    } else {
      leave_[v] = clock;
      stack.pop_back();
    }
  }
}

PortId SpanningTreeRouting::next_port(NodeId here, NodeId dst) const {
  if (enter_[here] < enter_[dst] && enter_[dst] < leave_[here])
    for (const auto& [c, port] : children_[here])
      if (enter_[c] <= enter_[dst] && enter_[dst] < leave_[c]) return port;
  return up_[here];
}

void SpanningTreeRouting::route(NodeId here, PortId, VcId, const Flit& head, RouteSet& out) const {
  out.add(next_port(here, head.dst), all_vcs_mask(vcs_));
}

}  // namespace wormsim
