#include <wormsim/topology/distances.h>

#include <wormsim/core/config_error.h>

namespace wormsim {

DistanceTable::DistanceTable(const Topology& t) : n_(t.num_nodes()) {
  if (n_ > kMaxNodes)
    throw ConfigError("topology", "distance tables support at most " + std::to_string(kMaxNodes) +
                                      " nodes, got " + std::to_string(n_));
  d_.assign(n_ * n_, kUnreachable);
  std::vector<NodeId> queue(n_);
  double sum = 0;
  for (NodeId s = 0; s < n_; ++s) {
    std::uint8_t* row = &d_[std::size_t(s) * n_];
    row[s] = 0;
    std::size_t head = 0, tail = 0;
    queue[tail++] = s;
    while (head < tail) {
      const NodeId u = queue[head++];
      for (const auto& p : t.peer[u]) {
        if (!p || row[p->node] != kUnreachable) continue;
        if (row[u] + 1 >= kUnreachable)
          throw ConfigError("topology", "diameter above 254 hops is not supported");
        row[p->node] = static_cast<std::uint8_t>(row[u] + 1);
        queue[tail++] = p->node;
      }
    }
    if (tail != n_) connected_ = false;
    for (NodeId v = 0; v < n_; ++v) {
      if (v == s || row[v] == kUnreachable) continue;
      sum += row[v];
      if (row[v] > diameter_) diameter_ = row[v];
    }
  }
  if (n_ > 1) average_ = sum / (static_cast<double>(n_) * static_cast<double>(n_ - 1));
}

}  // namespace wormsim
