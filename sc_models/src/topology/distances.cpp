#include <wormsim/topology/distances.h>

#include <algorithm>

#include <wormsim/core/config_error.h>
#include <wormsim/network/worker_pool.h>
#include <wormsim/topology/grid.h>

namespace wormsim {

namespace {

/// Per lane of a search: its batches' sums, diameter and connectivity.
struct SearchTotals {
  double sum = 0;  ///< whole numbers, exact in a double: the lanes' order does not matter
  unsigned diameter = 0;
  bool connected = true;
};

/// Compressed rows of the nodes whose frontier feeds each node: for a search
/// from sources (forward), the nodes with a link into it; toward
/// destinations (backward), the nodes it has a link to.
struct Feeds {
  std::vector<std::uint32_t> first;  ///< node v's feeds are node[first[v] .. first[v + 1])
  std::vector<NodeId> node;
  Feeds(const Topology& t, bool forward) : first(t.num_nodes() + 1, 0) {
    const std::size_t n = t.num_nodes();
    for (NodeId u = 0; u < n; ++u)
      for (const auto& p : t.peer[u])
        if (p) ++first[(forward ? p->node : u) + 1];
    for (std::size_t v = 0; v < n; ++v) first[v + 1] += first[v];
    node.resize(first[n]);
    std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
    for (NodeId u = 0; u < n; ++u)
      for (const auto& p : t.peer[u])
        if (p) node[fill[forward ? p->node : u]++] = forward ? u : p->node;
  }
};

/// Breadth-first search from the `batch` nodes base.. at once (64 at most:
/// reached[v] has bit i once node base + i has reached v, or v has reached
/// it, by the feeds), writing each distance into `out` through at(i, v),
/// which it fills with kUnreachable first (`out_size` bytes). A level ORs,
/// into every node, the frontier masks of its feeds, so a batch costs
/// (levels x links) word operations instead of 64 separate searches.
/// Scratch: n words each.
template <typename At>
void search_batch(std::size_t n, std::size_t base, unsigned batch, const Feeds& feeds, std::uint8_t* out,
                  std::size_t out_size, At at, std::uint64_t* reached, std::uint64_t* frontier,
                  std::uint64_t* next, SearchTotals& totals) {
  const std::uint32_t* const first = feeds.first.data();
  const NodeId* const feed = feeds.node.data();
  const std::uint64_t all = batch == 64 ? ~0ull : (1ull << batch) - 1;
  std::fill(out, out + out_size, DistanceTable::kUnreachable);
  std::fill(reached, reached + n, 0);
  std::fill(frontier, frontier + n, 0);
  for (unsigned i = 0; i < batch; ++i) {
    reached[base + i] = frontier[base + i] = 1ull << i;
    out[at(i, base + i)] = 0;
  }
  std::uint64_t pairs_by_level = 0;  // the sum of distances: level x pairs reached at it
  unsigned diameter = 0;
  for (unsigned level = 1;; ++level) {
    bool grew = false;
    std::uint64_t pairs = 0;
    for (std::size_t v = 0; v < n; ++v) {
      std::uint64_t m = 0;
      for (std::uint32_t k = first[v]; k < first[v + 1]; ++k) m |= frontier[feed[k]];
      m &= ~reached[v];
      next[v] = m;
      if (m == 0) continue;
      if (level >= DistanceTable::kUnreachable)
        throw ConfigError("topology", "diameter above 254 hops is not supported");
      grew = true;
      reached[v] |= m;
      for (; m; m &= m - 1, ++pairs) out[at(static_cast<unsigned>(__builtin_ctzll(m)), v)] = static_cast<std::uint8_t>(level);
    }
    if (!grew) break;
    pairs_by_level += level * pairs;
    diameter = level;
    std::swap(frontier, next);
  }
  totals.sum += static_cast<double>(pairs_by_level);
  totals.diameter = std::max(totals.diameter, diameter);
  for (std::size_t v = 0; v < n; ++v)
    if (reached[v] != all) totals.connected = false;
}

/// out[i] |= bit for each of the `batch` destinations i where the
/// neighbour's distance there[i] is one less than here[i].
void mark_minimal(std::uint8_t* __restrict out, const std::uint8_t* __restrict here,
                  const std::uint8_t* __restrict there, unsigned batch, std::uint8_t bit) {
  // The neighbour test, exactly: an unreachable 255 + 1 matches nothing.
  for (unsigned i = 0; i < batch; ++i) out[i] = static_cast<std::uint8_t>(out[i] | (there[i] + 1 == here[i] ? bit : 0));
}

}  // namespace

DistanceTable::DistanceTable(const Topology& t, unsigned threads) : n_(t.num_nodes()) {
  if (n_ > kMaxNodes)
    throw ConfigError("topology", "distance tables support at most " + std::to_string(kMaxNodes) +
                                      " nodes, got " + std::to_string(n_));
  d_.reset(new std::uint8_t[n_ * n_]);  // filled by the lanes, each its own rows
  const Feeds into(t, true);
  // Each batch of 64 sources fills its own rows; the lanes' totals are
  // merged in lane order.
  std::vector<SearchTotals> lanes(std::max(1u, threads));
  run_blocks(threads, (n_ + 63) / 64, [&](unsigned lane, std::size_t first_batch, std::size_t end_batch) {
    std::vector<std::uint64_t> reached(n_), frontier(n_), next(n_);
    const std::size_t n = n_;
    for (std::size_t b = first_batch; b < end_batch; ++b) {
      const unsigned batch = static_cast<unsigned>(std::min<std::size_t>(64, n - b * 64));
      search_batch(
          n, b * 64, batch, into, d_.get() + b * 64 * n, batch * n,
          [n](unsigned i, std::size_t v) { return i * n + v; }, reached.data(), frontier.data(), next.data(),
          lanes[lane]);
    }
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
  if (n_ > DistanceTable::kMaxNodes)
    throw ConfigError("topology", "distance tables support at most " + std::to_string(DistanceTable::kMaxNodes) +
                                      " nodes, got " + std::to_string(n_));
  // A batch of 64 destinations at a time: the distances toward them (a
  // search along reversed links), node by node (64 bytes per node), then
  // each node's minimal ports toward them. No n x n distance table is held.
  const std::size_t n = n_;
  masks_.reset(new std::uint8_t[n * n]);
  const Feeds out_of(t, false);
  std::vector<SearchTotals> lanes(std::max(1u, threads));
  run_blocks(threads, (n + 63) / 64, [&](unsigned lane, std::size_t first_batch, std::size_t end_batch) {
    std::vector<std::uint64_t> reached(n), frontier(n), next(n);
    std::vector<std::uint8_t> toward(n * 64);  // toward[v * 64 + i]: hops from v to destination base + i
    for (std::size_t b = first_batch; b < end_batch; ++b) {
      const std::size_t base = b * 64;
      const unsigned batch = static_cast<unsigned>(std::min<std::size_t>(64, n - base));
      search_batch(
          n, base, batch, out_of, toward.data(), toward.size(),
          [](unsigned i, std::size_t v) { return v * 64 + i; }, reached.data(), frontier.data(), next.data(),
          lanes[lane]);
      for (std::size_t u = 0; u < n; ++u) {
        std::uint8_t* out = masks_.get() + u * n + base;
        std::fill(out, out + batch, 0);
        for (PortId q = 0; q < t.num_ports; ++q)
          if (const auto& p = t.peer[u][q])
            mark_minimal(out, toward.data() + u * 64, toward.data() + std::size_t(p->node) * 64, batch,
                         static_cast<std::uint8_t>(1u << q));
      }
    }
  });
  for (const SearchTotals& l : lanes) connected_ = connected_ && l.connected;
}

}  // namespace wormsim
