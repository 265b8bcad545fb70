#include <wormsim/deadlock/channel_dependency.h>

#include <stdexcept>

#include <wormsim/deadlock/escape_dependency.h>

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

}  // namespace

DependencyVerdict check_channel_dependencies(const Topology& t, const RoutingFunction& r) {
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
  DependencyVerdict v;
  for (std::size_t c = 0; c < g.size(); ++c) v.channels += g.used(c) ? 1 : 0;
  v.dependencies = g.edges();
  const auto cycle = find_cycle(g);
  v.acyclic = cycle.empty();
  for (std::size_t c : cycle) v.cycle.push_back(g.channel(c));
  return v;
}

DependencyVerdict check_routing_deadlock(const Topology& t, const RoutingFunction& r) {
  return r.has_escape() ? check_escape_dependencies(t, r) : check_channel_dependencies(t, r);
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
