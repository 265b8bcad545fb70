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

/// A lane's scratch for its searches: n words each, and bytes of its caller's.
struct Scratch {
  std::vector<std::uint64_t> reached, frontier, next;
  std::vector<std::uint8_t> bytes;
};

/// Breadth-first search from the `batch` nodes base.. at once (64 at most:
/// reached[v] has bit i once node base + i has reached v, or v has reached
/// it, by the feeds), writing each distance into `out` through at(i, v),
/// which it fills with kUnreachable first (`out_size` bytes). A level ORs,
/// into every node, the frontier masks of its feeds, so a batch costs
/// (levels x links) word operations instead of 64 separate searches.
template <typename At>
void search_batch(std::size_t n, std::size_t base, unsigned batch, const Feeds& feeds, std::uint8_t* out,
                  std::size_t out_size, At at, Scratch& scratch, SearchTotals& totals) {
  const std::uint32_t* const first = feeds.first.data();
  const NodeId* const feed = feeds.node.data();
  std::uint64_t* const reached = scratch.reached.data();
  std::uint64_t* frontier = scratch.frontier.data();
  std::uint64_t* next = scratch.next.data();
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

/// Runs each(base, batch, scratch, totals) for every batch of 64 nodes
/// (the last may be smaller), in blocks of batches on `threads` threads,
/// each lane with its own scratch and totals; returns the totals merged.
template <typename Each>
SearchTotals search_in_batches(std::size_t n, unsigned threads, Each each) {
  std::vector<SearchTotals> lanes(std::max(1u, threads));
  run_blocks(threads, (n + 63) / 64, [&](unsigned lane, std::size_t first_batch, std::size_t end_batch) {
    Scratch scratch{std::vector<std::uint64_t>(n), std::vector<std::uint64_t>(n), std::vector<std::uint64_t>(n), {}};
    for (std::size_t b = first_batch; b < end_batch; ++b)
      each(b * 64, static_cast<unsigned>(std::min<std::size_t>(64, n - b * 64)), scratch, lanes[lane]);
  });
  SearchTotals all;
  for (const SearchTotals& l : lanes) {
    all.sum += l.sum;
    all.diameter = std::max(all.diameter, l.diameter);
    all.connected = all.connected && l.connected;
  }
  return all;
}

/// Throws ConfigError (field "topology") where an n x n byte table is too large.
void require_table_size(std::size_t n) {
  if (n > DistanceTable::kMaxNodes)
    throw ConfigError("topology", "distance tables support at most " + std::to_string(DistanceTable::kMaxNodes) +
                                      " nodes, got " + std::to_string(n));
}

}  // namespace

DistanceTable::DistanceTable(const Topology& t, unsigned threads) : n_(t.num_nodes()) {
  require_table_size(n_);
  d_.reset(new std::uint8_t[n_ * n_]);  // filled by the lanes, each batch its own rows
  const Feeds into(t, true);
  const std::size_t n = n_;
  const SearchTotals all =
      search_in_batches(n, threads, [&](std::size_t base, unsigned batch, Scratch& scratch, SearchTotals& totals) {
        search_batch(
            n, base, batch, into, d_.get() + base * n, batch * n,
            [n](unsigned i, std::size_t v) { return i * n + v; }, scratch, totals);
      });
  connected_ = all.connected;
  diameter_ = all.diameter;
  if (n_ > 1) average_ = all.sum / (static_cast<double>(n_) * static_cast<double>(n_ - 1));
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
  require_table_size(n_);
  // A batch of 64 destinations at a time: the distances toward them (a
  // search along reversed links), node by node (64 bytes per node), then
  // each node's minimal ports toward them. No n x n distance table is held.
  const std::size_t n = n_;
  masks_.reset(new std::uint8_t[n * n]);
  const Feeds out_of(t, false);
  connected_ =
      search_in_batches(n, threads, [&](std::size_t base, unsigned batch, Scratch& scratch, SearchTotals& totals) {
        std::vector<std::uint8_t>& toward = scratch.bytes;  // toward[v * 64 + i]: hops from v to base + i
        toward.resize(n * 64);
        search_batch(
            n, base, batch, out_of, toward.data(), toward.size(),
            [](unsigned i, std::size_t v) { return v * 64 + i; }, scratch, totals);
        for (std::size_t u = 0; u < n; ++u) {
          std::uint8_t* out = masks_.get() + u * n + base;
          std::fill(out, out + batch, 0);
          for (PortId q = 0; q < t.num_ports; ++q)
            if (const auto& p = t.peer[u][q])
              mark_minimal(out, toward.data() + u * 64, toward.data() + std::size_t(p->node) * 64, batch,
                           static_cast<std::uint8_t>(1u << q));
        }
      }).connected;
}

}  // namespace wormsim
