#include <wormsim/topology/distances.h>

#include <algorithm>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/grid.h>

namespace wormsim {

// Breadth-first search from 64 sources at once: reached[v] has bit i set
// once source base + i has reached v. A level ORs, into every node, the
// frontier masks of the nodes with a link into it, so a batch costs
// (levels x links) word operations instead of 64 separate searches.
DistanceTable::DistanceTable(const Topology& t) : n_(t.num_nodes()) {
  if (n_ > kMaxNodes)
    throw ConfigError("topology", "distance tables support at most " + std::to_string(kMaxNodes) +
                                      " nodes, got " + std::to_string(n_));
  d_.assign(n_ * n_, kUnreachable);
  // Links into each node (compressed rows).
  std::vector<std::uint32_t> first(n_ + 1, 0);
  for (NodeId u = 0; u < n_; ++u)
    for (const auto& p : t.peer[u])
      if (p) ++first[p->node + 1];
  for (std::size_t v = 0; v < n_; ++v) first[v + 1] += first[v];
  std::vector<NodeId> from(first[n_]);
  {
    std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
    for (NodeId u = 0; u < n_; ++u)
      for (const auto& p : t.peer[u])
        if (p) from[fill[p->node]++] = u;
  }
  std::vector<std::uint64_t> reached(n_), frontier(n_), next(n_);
  double sum = 0;
  for (std::size_t base = 0; base < n_; base += 64) {
    const unsigned batch = static_cast<unsigned>(std::min<std::size_t>(64, n_ - base));
    const std::uint64_t all = batch == 64 ? ~0ull : (1ull << batch) - 1;
    std::fill(reached.begin(), reached.end(), 0);
    std::fill(frontier.begin(), frontier.end(), 0);
    for (unsigned i = 0; i < batch; ++i) {
      reached[base + i] = frontier[base + i] = 1ull << i;
      d_[(base + i) * n_ + base + i] = 0;
    }
    for (unsigned level = 1;; ++level) {
      bool grew = false;
      for (std::size_t v = 0; v < n_; ++v) {
        std::uint64_t m = 0;
        for (std::uint32_t k = first[v]; k < first[v + 1]; ++k) m |= frontier[from[k]];
        m &= ~reached[v];
        next[v] = m;
        if (m == 0) continue;
        if (level >= kUnreachable) throw ConfigError("topology", "diameter above 254 hops is not supported");
        grew = true;
        reached[v] |= m;
        sum += static_cast<double>(level) * __builtin_popcountll(m);
        if (level > diameter_) diameter_ = level;
        for (; m; m &= m - 1) d_[(base + static_cast<unsigned>(__builtin_ctzll(m))) * n_ + v] = static_cast<std::uint8_t>(level);
      }
      if (!grew) break;
      frontier.swap(next);
    }
    for (std::size_t v = 0; v < n_; ++v)
      if (reached[v] != all) connected_ = false;
  }
  if (n_ > 1) average_ = sum / (static_cast<double>(n_) * static_cast<double>(n_ - 1));
}

HopDistance::HopDistance(const Topology& t) {
  const auto* grid = t.as<GridKind>();
  if (grid == nullptr) {
    table_ = std::make_unique<DistanceTable>(t);
    return;
  }
  dims_ = grid->dims();
  wrap_ = grid->wrap();
  coords_ = grid_coord_table(dims_);
}

MinimalPorts::MinimalPorts(const Topology& t) : topo_(t), n_(t.num_nodes()) {
  if (t.as<GridKind>() != nullptr || t.num_ports > 8) {
    dist_.emplace(t);
    connected_ = dist_->connected();
    return;
  }
  const DistanceTable table(t);  // freed once the masks are built
  connected_ = table.connected();
  const std::size_t n = n_;
  masks_.assign(n * n, 0);
  const std::uint8_t* d = table.row(0);
  for (std::size_t u = 0; u < n; ++u) {
    const std::uint8_t* __restrict here = d + u * n;
    std::uint8_t* __restrict out = masks_.data() + u * n;
    for (PortId q = 0; q < t.num_ports; ++q) {
      const auto& p = t.peer[u][q];
      if (!p) continue;
      const std::uint8_t* __restrict there = d + std::size_t(p->node) * n;
      const std::uint8_t bit = static_cast<std::uint8_t>(1u << q);
      // The neighbour test, exactly: an unreachable 255 + 1 matches nothing.
      for (std::size_t v = 0; v < n; ++v)
        out[v] = static_cast<std::uint8_t>(out[v] | (there[v] + 1 == here[v] ? bit : 0));
    }
  }
}

}  // namespace wormsim
