#include <wormsim/topology/connectivity.h>

#include <algorithm>
#include <deque>
#include <functional>
#include <tuple>

namespace wormsim {
namespace {

std::vector<std::vector<NodeId>> neighbours(const Topology& t) {
  std::vector<std::vector<NodeId>> adj(t.num_nodes());
  for (NodeId u = 0; u < t.num_nodes(); ++u)
    for (const auto& p : t.peer[u])
      if (p && p->node != u && std::find(adj[u].begin(), adj[u].end(), p->node) == adj[u].end())
        adj[u].push_back(p->node);
  return adj;
}

// Node-disjoint s-t paths, at most `cap`: max-flow on the split graph
// (node v becomes in = 2v and out = 2v + 1 joined by capacity 1; a link u-v
// becomes out(u) -> in(v) and out(v) -> in(u)), by breadth-first augmenting.
class DisjointPaths {
 public:
  explicit DisjointPaths(const std::vector<std::vector<NodeId>>& adj) : head_(2 * adj.size(), -1) {
    for (NodeId v = 0; v < adj.size(); ++v) {
      add(2 * v, 2 * v + 1);
      for (NodeId w : adj[v]) add(2 * v + 1, 2 * w);
    }
    base_ = cap_;
  }

  unsigned count(NodeId s, NodeId t, unsigned limit) {
    cap_ = base_;
    const int src = static_cast<int>(2 * s + 1), dst = static_cast<int>(2 * t);
    unsigned flow = 0;
    std::vector<int> via(head_.size());
    while (flow < limit) {
      std::fill(via.begin(), via.end(), -1);
      std::deque<int> q{src};
      via[static_cast<std::size_t>(src)] = -2;
      while (!q.empty() && via[static_cast<std::size_t>(dst)] == -1) {
        const int x = q.front();
        q.pop_front();
        for (int e = head_[static_cast<std::size_t>(x)]; e >= 0; e = next_[static_cast<std::size_t>(e)]) {
          const int y = to_[static_cast<std::size_t>(e)];
          if (cap_[static_cast<std::size_t>(e)] > 0 && via[static_cast<std::size_t>(y)] == -1) {
            via[static_cast<std::size_t>(y)] = e;
            q.push_back(y);
          }
        }
      }
      if (via[static_cast<std::size_t>(dst)] == -1) break;
      for (int y = dst; y != src;) {
        const int e = via[static_cast<std::size_t>(y)];
        --cap_[static_cast<std::size_t>(e)];
        ++cap_[static_cast<std::size_t>(e ^ 1)];
        y = to_[static_cast<std::size_t>(e ^ 1)];
      }
      ++flow;
    }
    return flow;
  }

 private:
  void add(std::size_t a, std::size_t b) {
    for (auto [x, y, c] : {std::tuple<std::size_t, std::size_t, int>{a, b, 1}, {b, a, 0}}) {
      to_.push_back(static_cast<int>(y));
      cap_.push_back(c);
      next_.push_back(head_[x]);
      head_[x] = static_cast<int>(to_.size() - 1);
    }
  }

  std::vector<int> head_, to_, next_, cap_, base_;
};

}  // namespace

std::vector<NodeId> cut_vertices(const Topology& t) {
  const auto adj = neighbours(t);
  const std::size_t n = adj.size();
  std::vector<unsigned> disc(n, 0), low(n, 0);
  std::vector<char> cut(n, 0);
  unsigned time = 0;
  // Iterative depth-first search (Hopcroft and Tarjan).
  for (NodeId root = 0; root < n; ++root) {
    if (disc[root]) continue;
    struct Frame {
      NodeId v, parent;
      std::size_t next;
    };
    std::vector<Frame> stack{{root, root, 0}};
    disc[root] = low[root] = ++time;
    unsigned root_children = 0;
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next < adj[f.v].size()) {
        const NodeId w = adj[f.v][f.next++];
        if (!disc[w]) {
          disc[w] = low[w] = ++time;
          if (f.v == root) ++root_children;
          stack.push_back({w, f.v, 0});
        } else if (w != f.parent) {
          low[f.v] = std::min(low[f.v], disc[w]);
        }
        continue;
      }
      const Frame done = f;
      stack.pop_back();
      if (!stack.empty()) {
        Frame& up = stack.back();
        low[up.v] = std::min(low[up.v], low[done.v]);
        if (up.v != root && low[done.v] >= disc[up.v]) cut[up.v] = 1;
      }
    }
    if (root_children > 1) cut[root] = 1;
  }
  std::vector<NodeId> out;
  for (NodeId v = 0; v < n; ++v)
    if (cut[v]) out.push_back(v);
  return out;
}

std::optional<unsigned> vertex_connectivity(const Topology& t, bool vertex_transitive, std::size_t max_nodes) {
  const std::size_t n = t.num_nodes();
  if (n > max_nodes) return std::nullopt;
  const auto adj = neighbours(t);
  unsigned kappa = static_cast<unsigned>(n - 1);
  for (const auto& a : adj) kappa = std::min(kappa, static_cast<unsigned>(a.size()));
  DisjointPaths paths(adj);
  for (NodeId s = 0; s < n && s <= (vertex_transitive ? 0 : kappa); ++s)
    for (NodeId v = s + 1; v < n; ++v) {
      if (std::find(adj[s].begin(), adj[s].end(), v) != adj[s].end()) continue;
      kappa = std::min(kappa, paths.count(s, v, kappa));
    }
  return kappa;
}

}  // namespace wormsim
