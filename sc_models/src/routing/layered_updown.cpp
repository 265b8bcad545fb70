#include <wormsim/routing/layered_updown.h>

#include <algorithm>

#include <wormsim/core/config_error.h>

namespace wormsim {
namespace {

constexpr std::uint8_t kInfinite = 250;

std::vector<std::uint32_t> identity_rank(std::size_t n) {
  std::vector<std::uint32_t> r(n);
  for (std::size_t i = 0; i < n; ++i) r[i] = static_cast<std::uint32_t>(i);
  return r;
}

// Rank = order of discovery in a breadth-first search from `root`.
std::vector<std::uint32_t> bfs_rank(const Topology& t, NodeId root) {
  const std::size_t n = t.num_nodes();
  std::vector<std::uint32_t> rank(n, ~0u);
  std::vector<NodeId> queue{root};
  rank[root] = 0;
  std::uint32_t next = 1;
  for (std::size_t h = 0; h < queue.size(); ++h)
    for (const auto& p : t.peer[queue[h]])
      if (p && rank[p->node] == ~0u) {
        rank[p->node] = next++;
        queue.push_back(p->node);
      }
  for (auto& r : rank)
    if (r == ~0u) r = next++;
  return rank;
}

}  // namespace

LayeredUpDownRouting::LayeredUpDownRouting(const Topology& t, unsigned vcs, unsigned threads)
    : topo_(t), dist_(t, threads), n_(t.num_nodes()) {
  if (!dist_.connected()) throw ConfigError("topology", t.spec + " is not connected");
  upstream_.assign(n_, std::vector<NodeId>(t.num_ports, 0));
  for (NodeId u = 0; u < n_; ++u)
    for (const auto& p : t.peer[u])
      if (p) upstream_[p->node][p->port] = u;
  // Try a few node orders; keep the one that needs the fewest layers.
  const std::vector<std::vector<std::uint32_t>> orders = {identity_rank(n_), bfs_rank(t, 0),
                                                          bfs_rank(t, static_cast<NodeId>(n_ / 2))};
  unsigned best = ~0u;
  std::size_t best_index = 0;
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const unsigned r = compute_need(orders[i]);
    if (r < best) {
      best = r;
      best_index = i;
    }
  }
  rank_ = orders[best_index];
  layers_ = compute_need(rank_);
  vcs_ = vcs == 0 ? std::max(2u, layers_) : vcs;
  if (vcs_ < layers_)
    throw ConfigError("vcs", "layered routing on " + t.spec + " needs at least " +
                                 std::to_string(layers_) + " VCs (one per up*/down* layer), got " +
                                 std::to_string(vcs_));
  layer_mask_.assign(layers_, 0);
  vc_layer_.assign(vcs_, 0);
  for (unsigned c = 0; c < layers_; ++c)
    for (unsigned v = c * vcs_ / layers_; v < (c + 1) * vcs_ / layers_; ++v) {
      layer_mask_[c] |= 1u << v;
      vc_layer_[v] = static_cast<std::uint8_t>(c);
    }
}

unsigned LayeredUpDownRouting::compute_need(const std::vector<std::uint32_t>& rank) {
  need_.assign(n_ * n_ * 2, kInfinite);
  unsigned worst = 0;
  std::vector<NodeId> by_distance(n_);
  for (NodeId d = 0; d < n_; ++d) {
    for (NodeId u = 0; u < n_; ++u) by_distance[u] = u;
    std::sort(by_distance.begin(), by_distance.end(),
              [&](NodeId a, NodeId b) { return dist_(a, d) < dist_(b, d); });
    std::uint8_t* row = &need_[std::size_t(d) * n_ * 2];
    row[d * 2] = row[d * 2 + 1] = 0;
    for (NodeId u : by_distance) {
      if (u == d) continue;
      for (unsigned down = 0; down < 2; ++down) {
        std::uint8_t best = kInfinite;
        for (const auto& p : topo_.peer[u]) {
          if (!p || dist_(p->node, d) + 1u != dist_(u, d)) continue;
          const NodeId w = p->node;
          const bool up = rank[w] > rank[u];
          const unsigned cost = up ? (down ? 1u : 0u) + row[w * 2] : row[w * 2 + 1];
          best = static_cast<std::uint8_t>(std::min<unsigned>(best, cost));
        }
        row[u * 2 + down] = best;
      }
      worst = std::max<unsigned>(worst, row[u * 2]);
    }
  }
  return worst + 1;
}

void LayeredUpDownRouting::route(NodeId u, PortId in_port, VcId in_vc, const Flit& head,
                                 RouteSet& out) const {
  const NodeId d = head.dst;
  unsigned layer = 0;
  unsigned down = 0;
  if (in_port < topo_.num_ports) {
    layer = vc_layer_[in_vc];
    down = rank_[upstream_[u][in_port]] > rank_[u] ? 1u : 0u;
  }
  const unsigned here = dist_(u, d);
  for (unsigned pass = 0; pass < 2; ++pass) {  // same layer first, then the next
    for (PortId q = 0; q < topo_.num_ports; ++q) {
      const auto& p = topo_.peer[u][q];
      if (!p || dist_(p->node, d) + 1u != here) continue;
      const NodeId w = p->node;
      const bool up = rank_[w] > rank_[u];
      const unsigned next_layer = layer + ((up && down) ? 1u : 0u);
      if ((next_layer != layer) != (pass == 1)) continue;
      if (next_layer + need(w, d, up ? 0u : 1u) >= layers_) continue;
      out.add(q, layer_mask_[next_layer]);
    }
  }
}

}  // namespace wormsim
