#include <wormsim/topology/distances.h>

#include <algorithm>

#include <wormsim/core/config_error.h>
#include <wormsim/network/worker_pool.h>
#include <wormsim/topology/grid.h>

namespace wormsim {

namespace {

/// Per lane of a DistanceTable's search: its batches' sums, diameter and connectivity.
struct SearchTotals {
  double sum = 0;  ///< whole numbers, exact in a double: the lanes' order does not matter
  unsigned diameter = 0;
  bool connected = true;
};

/// Breadth-first search from the `batch` sources base.. at once, writing their
/// rows of d (n x n bytes, which it fills first). first_in/from_node: the
/// links into each node (compressed rows). Scratch: n words each.
void search_batch(std::size_t n, std::size_t base, unsigned batch, const std::uint32_t* first_in,
                  const NodeId* from_node, std::uint8_t* d, std::uint64_t* reached, std::uint64_t* frontier,
                  std::uint64_t* next, SearchTotals& totals) {
  const std::uint64_t all = batch == 64 ? ~0ull : (1ull << batch) - 1;
  std::fill(d + base * n, d + (base + batch) * n, DistanceTable::kUnreachable);
  std::fill(reached, reached + n, 0);
  std::fill(frontier, frontier + n, 0);
  for (unsigned i = 0; i < batch; ++i) {
    reached[base + i] = frontier[base + i] = 1ull << i;
    d[(base + i) * n + base + i] = 0;
  }
  double sum = 0;
  unsigned diameter = 0;
  for (unsigned level = 1;; ++level) {
    bool grew = false;
    for (std::size_t v = 0; v < n; ++v) {
      std::uint64_t m = 0;
      for (std::uint32_t k = first_in[v]; k < first_in[v + 1]; ++k) m |= frontier[from_node[k]];
      m &= ~reached[v];
      next[v] = m;
      if (m == 0) continue;
      if (level >= DistanceTable::kUnreachable)
        throw ConfigError("topology", "diameter above 254 hops is not supported");
      grew = true;
      reached[v] |= m;
      sum += static_cast<double>(level) * __builtin_popcountll(m);
      if (level > diameter) diameter = level;
      for (; m; m &= m - 1)
        d[(base + static_cast<unsigned>(__builtin_ctzll(m))) * n + v] = static_cast<std::uint8_t>(level);
    }
    if (!grew) break;
    std::swap(frontier, next);
  }
  totals.sum += sum;
  totals.diameter = std::max(totals.diameter, diameter);
  for (std::size_t v = 0; v < n; ++v)
    if (reached[v] != all) totals.connected = false;
}

/// out[v] |= bit where the neighbour's distance there[v] is one less than here[v].
void mark_minimal(std::uint8_t* __restrict out, const std::uint8_t* __restrict here,
                  const std::uint8_t* __restrict there, std::size_t n, std::uint8_t bit) {
  // The neighbour test, exactly: an unreachable 255 + 1 matches nothing.
  for (std::size_t v = 0; v < n; ++v) out[v] = static_cast<std::uint8_t>(out[v] | (there[v] + 1 == here[v] ? bit : 0));
}

}  // namespace

// Breadth-first search from 64 sources at once: reached[v] has bit i set
// once source base + i has reached v. A level ORs, into every node, the
// frontier masks of the nodes with a link into it, so a batch costs
// (levels x links) word operations instead of 64 separate searches.
DistanceTable::DistanceTable(const Topology& t, unsigned threads) : n_(t.num_nodes()) {
  if (n_ > kMaxNodes)
    throw ConfigError("topology", "distance tables support at most " + std::to_string(kMaxNodes) +
                                      " nodes, got " + std::to_string(n_));
  d_.reset(new std::uint8_t[n_ * n_]);  // filled by the lanes, each its own rows
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
  // Each batch writes its own 64 rows; the lanes' totals are merged in lane order.
  std::vector<SearchTotals> lanes(std::max(1u, threads));
  run_blocks(threads, (n_ + 63) / 64, [&](unsigned lane, std::size_t first_batch, std::size_t end_batch) {
    std::vector<std::uint64_t> reached(n_), frontier(n_), next(n_);
    for (std::size_t b = first_batch; b < end_batch; ++b)
      search_batch(n_, b * 64, static_cast<unsigned>(std::min<std::size_t>(64, n_ - b * 64)), first.data(),
                   from.data(), d_.get(), reached.data(), frontier.data(), next.data(), lanes[lane]);
  });
  double sum = 0;
  for (const SearchTotals& l : lanes) {
    sum += l.sum;
    diameter_ = std::max(diameter_, l.diameter);
    connected_ = connected_ && l.connected;
  }
  if (n_ > 1) average_ = sum / (static_cast<double>(n_) * static_cast<double>(n_ - 1));
}

HopDistance::HopDistance(const Topology& t, unsigned threads) {
  const auto* grid = t.as<GridKind>();
  if (grid == nullptr) {
    table_ = std::make_unique<DistanceTable>(t, threads);
    return;
  }
  dims_ = grid->dims();
  wrap_ = grid->wrap();
  coords_ = grid_coord_table(dims_);
}

MinimalPorts::MinimalPorts(const Topology& t, unsigned threads) : topo_(t), n_(t.num_nodes()) {
  if (t.as<GridKind>() != nullptr || t.num_ports > 8) {
    dist_.emplace(t, threads);
    connected_ = dist_->connected();
    return;
  }
  const DistanceTable table(t, threads);  // freed once the masks are built
  connected_ = table.connected();
  const std::size_t n = n_;
  masks_.reset(new std::uint8_t[n * n]);  // zeroed by the lanes, each its own rows
  const std::uint8_t* d = table.row(0);
  run_blocks(threads, n, [&](unsigned, std::size_t first_row, std::size_t end_row) {
    std::fill(masks_.get() + first_row * n, masks_.get() + end_row * n, 0);
    for (std::size_t u = first_row; u < end_row; ++u)
      for (PortId q = 0; q < t.num_ports; ++q)
        if (const auto& p = t.peer[u][q])
          mark_minimal(masks_.get() + u * n, d + u * n, d + std::size_t(p->node) * n, n,
                       static_cast<std::uint8_t>(1u << q));
  });
}

}  // namespace wormsim
