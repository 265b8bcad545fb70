#include <wormsim/deadlock/channel_dependency.h>

#include <algorithm>
#include <array>
#include <exception>
#include <optional>
#include <type_traits>
#include <stdexcept>

#include <wormsim/deadlock/escape_dependency.h>
#include <wormsim/network/worker_pool.h>

namespace wormsim {
namespace {

class Graph {
 public:
  Graph(const Topology& t, unsigned vcs)
      : t_(t), vcs_(vcs), width_(t.num_ports * vcs), words_((width_ + 63) / 64),
        succ_(t.num_nodes() * width_ * words_, 0), used_(t.num_nodes() * width_, 0) {}

  std::size_t index(NodeId n, PortId p, VcId v) const { return (std::size_t(n) * t_.num_ports + p) * vcs_ + v; }
  Channel channel(std::size_t i) const {
    return Channel{static_cast<NodeId>(i / width_), static_cast<PortId>(i % width_ / vcs_),
                   static_cast<VcId>(i % vcs_)};
  }
  void use(std::size_t c) { used_[c] = 1; }
  /// Adds a -> b, where b leaves the router a arrives at.
  void add(std::size_t a, unsigned local_b) { succ_[a * words_ + local_b / 64] |= 1ull << (local_b % 64); }
  /// Adds a -> every channel set in `local` (words() words, one bit per
  /// port x VC of the router a arrives at).
  void add_all(std::size_t a, const std::uint64_t* local) {
    for (unsigned w = 0; w < words_; ++w) succ_[a * words_ + w] |= local[w];
  }
  /// Empty successor rows (words() words per channel) for one lane to fill;
  /// merge() adds them.
  std::vector<std::uint64_t> successor_rows() const { return std::vector<std::uint64_t>(succ_.size(), 0); }
  void merge(const std::vector<std::uint64_t>& rows) {
    for (std::size_t i = 0; i < succ_.size(); ++i) succ_[i] |= rows[i];
  }
  std::size_t row_bytes() const { return succ_.size() * sizeof(std::uint64_t); }
  std::uint64_t* rows() { return succ_.data(); }
  unsigned words() const { return words_; }

  std::size_t size() const { return used_.size(); }
  bool used(std::size_t c) const { return used_[c] != 0; }
  /// Successors of a: channels of the router a leads to.
  template <typename F>
  void for_each_successor(std::size_t a, F f) const {
    const Channel ch = channel(a);
    const NodeId next = t_.peer[ch.node][ch.port]->node;
    for (unsigned w = 0; w < words_; ++w)
      for (std::uint64_t m = succ_[a * words_ + w]; m; m &= m - 1)
        f(std::size_t(next) * width_ + w * 64 + static_cast<unsigned>(__builtin_ctzll(m)));
  }
  std::size_t edges() const {
    std::size_t e = 0;
    for (auto m : succ_) e += static_cast<std::size_t>(__builtin_popcountll(m));
    return e;
  }

 private:
  const Topology& t_;
  unsigned vcs_, width_, words_;
  std::vector<std::uint64_t> succ_;
  std::vector<std::uint8_t> used_;
};

// Follows every route to `dst` from the given sources, recording dependencies.
class Explorer {
 public:
  Explorer(const Topology& t, const RoutingFunction& r, Graph& g)
      : t_(t), r_(r), g_(g), stamp_(g.size(), 0) {}

  void explore(NodeId dst, const std::vector<NodeId>& sources, NodeId src_field) {
    ++generation_;
    Flit head;
    head.dst = dst;
    head.src = src_field;
    head.type = FlitType::Head;
    const unsigned vcs = r_.vcs();
    for (NodeId s : sources) {
      if (s == dst) continue;
      routes_.clear();
      r_.route(s, static_cast<PortId>(t_.num_ports), 0, head, routes_);
      expand(s, routes_, vcs, nullptr);
    }
    while (!stack_.empty()) {
      const std::size_t c = stack_.back();
      stack_.pop_back();
      const Channel ch = g_.channel(c);
      const PortPeer& peer = *t_.peer[ch.node][ch.port];
      if (peer.node == dst) continue;  // ejects
      routes_.clear();
      r_.route(peer.node, peer.port, ch.vc, head, routes_);
      expand(peer.node, routes_, vcs, &c);
    }
  }

 private:
  void expand(NodeId at, const RouteSet& routes, unsigned vcs, const std::size_t* from) {
    if (routes.size() == 0)
      throw std::logic_error("routing " + r_.name() + " offers no route at " + node_name(t_, at));
    for (std::size_t i = 0; i < routes.size(); ++i) {
      const RouteCandidate& cand = routes[i];
      if (cand.port >= t_.num_ports || !t_.peer[at][cand.port])
        throw std::logic_error("routing " + r_.name() + " routes to a missing port at " + node_name(t_, at));
      for (unsigned v = 0; v < vcs; ++v) {
        if (!(cand.vc_mask >> v & 1u)) continue;
        const std::size_t next = g_.index(at, cand.port, static_cast<VcId>(v));
        if (from != nullptr) g_.add(*from, cand.port * vcs + v);
        g_.use(next);
        if (stamp_[next] != generation_) {
          stamp_[next] = generation_;
          stack_.push_back(next);
        }
      }
    }
  }

  const Topology& t_;
  const RoutingFunction& r_;
  Graph& g_;
  std::vector<unsigned long long> stamp_;
  unsigned long long generation_ = 0;
  std::vector<std::size_t> stack_;
  RouteSet routes_;
};

// Iterative depth-first search; returns one cycle if there is any.
std::vector<std::size_t> find_cycle(const Graph& g) {
  enum : std::uint8_t { kWhite, kGrey, kBlack };
  std::vector<std::uint8_t> colour(g.size(), kWhite);
  std::vector<std::size_t> path;
  std::vector<std::vector<std::size_t>> pending;
  for (std::size_t root = 0; root < g.size(); ++root) {
    if (!g.used(root) || colour[root] != kWhite) continue;
    path = {root};
    pending.assign(1, {});
    g.for_each_successor(root, [&](std::size_t s) { pending.back().push_back(s); });
    colour[root] = kGrey;
    while (!path.empty()) {
      if (pending.back().empty()) {
        colour[path.back()] = kBlack;
        path.pop_back();
        pending.pop_back();
        continue;
      }
      const std::size_t next = pending.back().back();
      pending.back().pop_back();
      if (colour[next] == kGrey) {
        std::size_t k = path.size();
        while (path[k - 1] != next) --k;
        return std::vector<std::size_t>(path.begin() + static_cast<std::ptrdiff_t>(k - 1), path.end());
      }
      if (colour[next] == kBlack) continue;
      colour[next] = kGrey;
      path.push_back(next);
      pending.emplace_back();
      g.for_each_successor(next, [&](std::size_t s) { pending.back().push_back(s); });
    }
  }
  return {};
}

DependencyVerdict verdict_of(const Graph& g) {
  DependencyVerdict v;
  for (std::size_t c = 0; c < g.size(); ++c) v.channels += g.used(c) ? 1 : 0;
  v.dependencies = g.edges();
  const auto cycle = find_cycle(g);
  v.acyclic = cycle.empty();
  for (std::size_t c : cycle) v.cycle.push_back(g.channel(c));
  return v;
}

// Router by router, only the destinations the routing names as
// representatives (RoutingFunction::destination_representatives): for each,
// the channels every in-neighbour w sends into x depend on what x offers.
std::size_t check_by_representatives(const Topology& t, const RoutingFunction& r, Graph& g,
                                     const std::vector<NodeId>& next) {
  const unsigned ports = t.num_ports, vcs = r.vcs();
  const NodeId n = static_cast<NodeId>(t.num_nodes());
  const std::uint32_t vc_bits = all_vcs_mask(vcs);
  constexpr NodeId kNone = ~NodeId{0};
  // Links into each router: (w, port of w).
  std::vector<std::uint32_t> first(std::size_t(n) + 1, 0);
  for (std::size_t k = 0; k < next.size(); ++k)
    if (next[k] != kNone) ++first[next[k] + 1];
  for (NodeId x = 0; x < n; ++x) first[x + 1] += first[x];
  std::vector<std::pair<NodeId, PortId>> into(first[n]);
  {
    std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
    for (std::size_t k = 0; k < next.size(); ++k)
      if (next[k] != kNone)
        into[fill[next[k]]++] = {static_cast<NodeId>(k / ports), static_cast<PortId>(k % ports)};
  }
  std::vector<NodeId> reps;
  std::vector<std::uint64_t> offered(g.words());
  RouteSet rs;
  Flit head;
  head.type = FlitType::Head;
  head.src = 0;
  auto route = [&](NodeId at, NodeId d) {
    head.dst = d;
    rs.clear();
    r.route(at, static_cast<PortId>(ports), 0, head, rs);
    if (rs.size() == 0) throw std::logic_error("routing " + r.name() + " offers no route at " + node_name(t, at));
  };
  std::size_t pairs = 0;
  for (NodeId x = 0; x < n; ++x) {
    reps.clear();
    r.destination_representatives(x, reps);
    pairs += reps.size();
    for (NodeId d : reps) {
      if (d == x || d >= n) throw std::logic_error("routing " + r.name() + " names a bad representative at " + node_name(t, x));
      route(x, d);
      std::fill(offered.begin(), offered.end(), 0);
      for (std::size_t i = 0; i < rs.size(); ++i) {
        const RouteCandidate& c = rs[i];
        if (c.port >= ports || next[std::size_t(x) * ports + c.port] == kNone)
          throw std::logic_error("routing " + r.name() + " routes to a missing port at " + node_name(t, x));
        for (std::uint32_t m = c.vc_mask & vc_bits; m; m &= m - 1) {
          const unsigned v = static_cast<unsigned>(__builtin_ctz(m));
          g.use(g.index(x, c.port, static_cast<VcId>(v)));
          offered[(c.port * vcs + v) / 64] |= 1ull << ((c.port * vcs + v) % 64);
        }
      }
      for (std::uint32_t k = first[x]; k < first[x + 1]; ++k) {
        const auto [w, p] = into[k];
        if (w == d) continue;
        route(w, d);
        for (std::size_t i = 0; i < rs.size(); ++i)
          if (rs[i].port == p)
            for (std::uint32_t m = rs[i].vc_mask & vc_bits; m; m &= m - 1)
              g.add_all(g.index(w, p, static_cast<VcId>(__builtin_ctz(m))), offered.data());
      }
    }
  }
  return pairs;
}

}  // namespace

DependencyVerdict check_pure_dependencies(const Topology& t, const RoutingFunction& r, bool escape_only,
                                          std::vector<std::uint32_t>* used_vcs, unsigned threads) {
  const unsigned ports = t.num_ports, vcs = r.vcs();
  const NodeId n = static_cast<NodeId>(t.num_nodes());
  Graph g(t, vcs);
  const unsigned words = g.words();
  const std::uint32_t vc_bits = all_vcs_mask(vcs);
  constexpr NodeId kNone = ~NodeId{0};
  std::vector<NodeId> next(std::size_t(n) * ports, kNone);  // flat copy of the peers, read once per candidate
  for (NodeId y = 0; y < n; ++y)
    for (PortId p = 0; p < ports; ++p)
      if (t.peer[y][p]) next[std::size_t(y) * ports + p] = t.peer[y][p]->node;
  std::vector<NodeId> reps;
  if (!escape_only && r.destination_representatives(0, reps)) {
    const std::size_t pairs = check_by_representatives(t, r, g, next);
    DependencyVerdict v = verdict_of(g);
    v.method = "the routing's representative destinations: " + std::to_string(pairs) +
               " (router, destination) pairs of " + std::to_string(std::size_t(n) * (n - 1));
    return v;
  }
  // offered[y * words ...]: what y offers for d, one bit per port x VC
  // (bit port * vcs + vc); used[y * words ...]: the union over d.
  const std::size_t width = std::size_t(ports) * vcs;
  std::vector<PortId> port_of(width);  // local bit -> port, without a division per bit
  for (unsigned b = 0; b < width; ++b) port_of[b] = static_cast<PortId>(b / vcs);
  // The destinations in blocks, one per lane, each lane with its own
  // successor rows (merged afterwards: the graph is their union, whatever
  // the cut), as many lanes as keep the copies within kLaneRowsBytes.
  constexpr std::size_t kLaneRowsBytes = std::size_t{256} << 20;
  const unsigned lanes = static_cast<unsigned>(std::max<std::size_t>(
      1, std::min<std::size_t>(threads, 1 + kLaneRowsBytes / std::max<std::size_t>(1, g.row_bytes()))));
  // A lane's first failure in its block: no route at (d, y) (escape_only),
  // or anything the routing threw. The lowest lane's is the first one
  // routing the destinations in order meets.
  struct Failure {
    NodeId d = 0, y = 0;
    std::exception_ptr thrown;
  };
  struct Lane {
    std::vector<std::uint64_t> rows, used;
    std::optional<Failure> failed;
  };
  std::vector<Lane> lane_state(lanes);
  // One body, compiled twice: with one word per router as a constant (up
  // to 64 channels per router, the common case, where the compiler unrolls
  // the word loops) and with the word count read at run time.
  auto build = [&, n, ports, vcs, width, vc_bits](auto words_c, Lane& lane, NodeId first_d, NodeId end_d) {
    const unsigned per_router = words_c;  // words per router
    // Plain locals: the word stores below may alias a size_t reached through
    // the closure, which would then be read again at every store.
    const std::size_t nodes = n, row_width = width, vc_count = vcs, port_count = ports;
    const std::uint64_t vc_mask_bits = vc_bits;
    std::uint64_t* const rows = lane.rows.empty() ? g.rows() : lane.rows.data();  // lane 0 fills g's own
    std::uint64_t* const used = lane.used.data();
    std::vector<std::uint64_t> offered(nodes * per_router);
    RouteSet rs;
    Flit head;
    head.type = FlitType::Head;
    head.src = 0;
    NodeId d = first_d, y = 0;
    try {
      for (; d < end_d; ++d) {
        head.dst = d;
        for (y = 0; y < nodes; ++y) {
          std::uint64_t* bits = &offered[std::size_t(y) * per_router];
          for (unsigned w = 0; w < per_router; ++w) bits[w] = 0;
          if (y == d) continue;
          rs.clear();
          if (escape_only) r.escape_route(y, d, rs);
          else r.route(y, static_cast<PortId>(port_count), 0, head, rs);
          if (rs.size() == 0) {
            if (!escape_only) throw std::logic_error("routing " + r.name() + " offers no route at " + node_name(t, y));
            lane.failed = Failure{d, y, nullptr};
            return;
          }
          for (std::size_t i = 0; i < rs.size(); ++i) {
            const PortId p = rs[i].port;
            if (p >= port_count || next[std::size_t(y) * port_count + p] == kNone)
              throw std::logic_error("routing " + r.name() + " routes to a missing port at " + node_name(t, y));
            // the VC mask lands at bit p * vcs, and may straddle two per_router
            const std::uint64_t mask = rs[i].vc_mask & vc_mask_bits;
            const std::size_t at = p * vc_count, off = at % 64;
            bits[at / 64] |= mask << off;
            if (off + vc_count > 64) bits[at / 64 + 1] |= mask >> (64 - off);
          }
        }
        for (NodeId x = 0; x < nodes; ++x)
          for (unsigned w = 0; w < per_router; ++w) {
            const std::uint64_t bits = offered[std::size_t(x) * per_router + w];
            used[std::size_t(x) * per_router + w] |= bits;
            for (std::uint64_t m = bits; m; m &= m - 1) {
              const unsigned local = w * 64 + static_cast<unsigned>(__builtin_ctzll(m));
              const NodeId z = next[std::size_t(x) * port_count + port_of[local]];
              if (z == d) continue;
              // x's channel `local` depends on every channel z offers for d
              std::uint64_t* const row = rows + (std::size_t(x) * row_width + local) * per_router;
              const std::uint64_t* const offers = &offered[std::size_t(z) * per_router];
              for (unsigned v = 0; v < per_router; ++v) row[v] |= offers[v];
            }
          }
      }
    } catch (...) {
      lane.failed = Failure{d, y, std::current_exception()};
    }
  };
  run_blocks(lanes, n, [&](unsigned k, std::size_t first_d, std::size_t end_d) {
    Lane& lane = lane_state[k];
    if (k != 0) lane.rows = g.successor_rows();
    lane.used.assign(std::size_t(n) * words, 0);
    if (words == 1)
      build(std::integral_constant<unsigned, 1>{}, lane, static_cast<NodeId>(first_d), static_cast<NodeId>(end_d));
    else
      build(unsigned{words}, lane, static_cast<NodeId>(first_d), static_cast<NodeId>(end_d));
  });
  for (const Lane& lane : lane_state)
    if (lane.failed) {
      if (lane.failed->thrown) std::rethrow_exception(lane.failed->thrown);
      DependencyVerdict v;
      v.acyclic = false;
      v.problem = "escape routing " + r.name() + " offers no route at " + node_name(t, lane.failed->y) +
                  " to node " + std::to_string(lane.failed->d) + " (not connected)";
      return v;
    }
  std::vector<std::uint64_t> used(std::size_t(n) * words, 0);
  for (Lane& lane : lane_state) {
    if (!lane.rows.empty()) g.merge(lane.rows);
    for (std::size_t i = 0; i < used.size(); ++i) used[i] |= lane.used[i];
    lane = Lane{};
  }
  for (NodeId y = 0; y < n; ++y)
    for (unsigned w = 0; w < words; ++w)
      for (std::uint64_t m = used[std::size_t(y) * words + w]; m; m &= m - 1)
        g.use(y * width + w * 64 + static_cast<unsigned>(__builtin_ctzll(m)));
  if (used_vcs != nullptr) {
    used_vcs->assign(std::size_t(n) * ports, 0);
    for (std::size_t c = 0; c < g.size(); ++c)
      if (g.used(c)) {
        const Channel ch = g.channel(c);
        (*used_vcs)[std::size_t(ch.node) * ports + ch.port] |= 1u << ch.vc;
      }
  }
  DependencyVerdict v = verdict_of(g);
  v.method = "one route per (router, destination) pair (the routing reads nothing else)";
  return v;
}

DependencyVerdict check_channel_dependencies(const Topology& t, const RoutingFunction& r, unsigned threads) {
  if (!r.depends_on_source() && !r.depends_on_input()) return check_pure_dependencies(t, r, false, nullptr, threads);
  Graph g(t, r.vcs());
  Explorer ex(t, r, g);
  const NodeId n = static_cast<NodeId>(t.num_nodes());
  std::vector<NodeId> all(n);
  for (NodeId i = 0; i < n; ++i) all[i] = i;
  for (NodeId d = 0; d < n; ++d) {
    if (r.depends_on_source()) {
      for (NodeId s = 0; s < n; ++s) ex.explore(d, {s}, s);
    } else {
      ex.explore(d, all, 0);
    }
  }
  DependencyVerdict v = verdict_of(g);
  v.method = r.depends_on_source() ? "followed every packet, per source and destination"
                                   : "followed every packet from every injection point, per destination";
  return v;
}

double proof_steps(const Topology& t, const RoutingFunction& r) {
  constexpr double kStepsPerRouteCall = 2.5;
  const double n = static_cast<double>(t.num_nodes());
  const double follow = n * static_cast<double>(t.num_links()) * r.vcs();
  if (r.has_escape()) {
    if (r.escape_returns()) return follow;
    bool bounded = true;
    for (PortId p = 0; p < t.num_ports; ++p) bounded = bounded && r.adaptive_vc_bound(p) != ~0u;
    return kStepsPerRouteCall * n * n * (bounded ? 1 : 2);
  }
  if (r.depends_on_source() || r.depends_on_input()) return follow;
  std::vector<NodeId> reps;
  if (t.num_nodes() > 0 && r.destination_representatives(0, reps))
    return kStepsPerRouteCall * n * static_cast<double>(reps.size()) * (1 + t.num_ports);
  return kStepsPerRouteCall * n * n;
}

DependencyVerdict check_routing_deadlock(const Topology& t, const RoutingFunction& r, unsigned threads) {
  return r.has_escape() ? check_escape_dependencies(t, r, threads) : check_channel_dependencies(t, r, threads);
}

std::string DependencyVerdict::cycle_text(const Topology& t) const {
  if (!problem.empty()) return problem;
  std::string s;
  for (std::size_t i = 0; i <= cycle.size() && !cycle.empty(); ++i) {
    const Channel& c = cycle[i % cycle.size()];
    if (i) s += (i - 1 < indirect.size() && indirect[i - 1]) ? " ~> " : " -> ";
    const std::string port = c.port < t.num_ports ? t.port_names[c.port]
                                                   : "local" + std::to_string(c.port - t.num_ports);
    s += node_name(t, c.node) + ":" + port + ":vc" + std::to_string(c.vc);
  }
  return s;
}

}  // namespace wormsim
