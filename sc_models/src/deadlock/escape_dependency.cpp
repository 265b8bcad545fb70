#include <wormsim/deadlock/escape_dependency.h>

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace wormsim {
namespace {

std::string cross_problem(const Topology& t, NodeId x, PortId p) {
  return "escape VC(s) of " + node_name(t, x) + ":" + t.port_names[p] +
         " are also offered as adaptive VCs (cross dependencies are not supported)";
}

// The extended graph when packets may return from escape to adaptive VCs,
// implicit: vertices 0 .. C-1 are escape channels (node, port, vc);
// C + d * N + y is the state "a packet for d arrived at y on an adaptive
// channel" (destination-major, so the states a search visits for one
// destination lie together). R1 is read from route()'s escape candidates
// (the same as escape_route(), RoutingFunction's contract), so each
// (router, destination) pair costs one route call.
class ExtendedGraph {
 public:
  ExtendedGraph(const Topology& t, const RoutingFunction& r)
      : t_(t), r_(r), n_(t.num_nodes()), ports_(t.num_ports), vcs_(r.vcs()),
        channels_(n_ * ports_ * vcs_) {}

  std::size_t channels() const { return channels_; }
  std::size_t size() const { return channels_ + n_ * n_; }
  bool is_channel(std::size_t v) const { return v < channels_; }
  Channel channel(std::size_t v) const {
    return Channel{static_cast<NodeId>(v / (ports_ * vcs_)), static_cast<PortId>(v / vcs_ % ports_),
                   static_cast<VcId>(v % vcs_)};
  }

  /// Buckets: for every escape channel, the destinations R1 uses it for
  /// (ascending). Also verifies connectivity and the absence of cross
  /// dependencies. One route call per (router, destination), node by node.
  std::string build() {
    const unsigned local = ports_ * vcs_;
    first_.assign(channels_ + 1, 0);
    std::vector<std::uint32_t> escape_union(ports_), adaptive_union(ports_), count(local), fill(local);
    std::vector<std::pair<std::uint16_t, NodeId>> uses;  // (local channel, destination) of node x
    for (NodeId x = 0; x < n_; ++x) {
      std::fill(escape_union.begin(), escape_union.end(), 0);
      std::fill(adaptive_union.begin(), adaptive_union.end(), 0);
      std::fill(count.begin(), count.end(), 0);
      uses.clear();
      for (NodeId d = 0; d < n_; ++d) {
        if (d == x) continue;
        full(x, d);
        bool escape = false;
        for (std::size_t i = 0; i < routes_.size(); ++i) {
          const RouteCandidate& c = routes_[i];
          if (!c.escape) {
            adaptive_union[c.port] |= c.vc_mask;
            continue;
          }
          escape_union[c.port] |= c.vc_mask;
          for (unsigned v = 0; v < vcs_; ++v)
            if (c.vc_mask >> v & 1u) {
              escape = true;
              uses.emplace_back(static_cast<std::uint16_t>(c.port * vcs_ + v), d);
              ++count[c.port * vcs_ + v];
            }
        }
        if (!escape)
          return "escape routing " + r_.name() + " offers no route at " + node_name(t_, x) + " to node " +
                 std::to_string(d) + " (not connected)";
      }
      for (PortId p = 0; p < ports_; ++p)
        if (escape_union[p] & adaptive_union[p]) return cross_problem(t_, x, p);
      const std::size_t base = std::size_t(x) * local;
      for (unsigned l = 0; l < local; ++l) {
        fill[l] = first_[base + l];
        first_[base + l + 1] = first_[base + l] + count[l];
      }
      dests_.resize(first_[base + local]);
      for (const auto& [l, d] : uses) dests_[fill[l]++] = d;
    }
    return {};
  }

  bool used(std::size_t e) const { return first_[e + 1] > first_[e]; }

  static constexpr std::size_t npos = ~std::size_t{0};
  /// Successor k of escape channel v (k counts from 0): the state (y, d) for
  /// the k-th destination of its bucket that is not y itself; npos at the end.
  std::size_t channel_successor(std::size_t v, std::uint32_t& k) const {
    const NodeId y = t_.peer[channel(v).node][channel(v).port]->node;
    while (first_[v] + k < first_[v + 1]) {
      const NodeId d = dests_[first_[v] + k++];
      if (d != y) return state(y, d);
    }
    return npos;
  }

  /// Appends every successor of state v: the channels of R1(y, d) (each VC
  /// of each escape candidate, in order), then the states of its adaptive
  /// next hops (each adaptive candidate with a VC, unless it reaches d).
  void state_successors(std::size_t v, std::vector<std::size_t>& out) {
    const NodeId y = static_cast<NodeId>((v - channels_) % n_);
    const NodeId d = static_cast<NodeId>((v - channels_) / n_);
    full(y, d);
    for (std::size_t c = 0; c < routes_.size(); ++c)
      if (routes_[c].escape)
        for (unsigned w = 0; w < vcs_; ++w)
          if (routes_[c].vc_mask >> w & 1u) out.push_back(index(y, routes_[c].port, w));
    for (std::size_t c = 0; c < routes_.size(); ++c) {
      if (routes_[c].escape || routes_[c].vc_mask == 0) continue;
      const NodeId next = t_.peer[y][routes_[c].port]->node;
      if (next != d) out.push_back(state(next, d));
    }
  }

 private:
  std::size_t index(NodeId x, PortId p, unsigned v) const { return (std::size_t(x) * ports_ + p) * vcs_ + v; }
  std::size_t state(NodeId y, NodeId d) const { return channels_ + std::size_t(d) * n_ + y; }
  void full(NodeId x, NodeId d) {
    Flit head;
    head.src = x;
    head.dst = d;
    head.type = FlitType::Head;
    routes_.clear();
    r_.route(x, static_cast<PortId>(ports_), 0, head, routes_);
  }

  const Topology& t_;
  const RoutingFunction& r_;
  std::size_t n_;
  unsigned ports_, vcs_;
  std::size_t channels_;
  std::vector<std::uint32_t> first_;
  std::vector<NodeId> dests_;
  RouteSet routes_;
};

// Escape is final: a packet on an escape channel is offered only R1, so the
// extended graph has no indirect dependencies and is the channel dependency
// graph of R1 alone, which R1's purity lets us build one route per (router,
// destination). Cross dependencies are ruled out by the routing's bound on
// its adaptive VCs, or (if it cannot say) by routing every pair.
DependencyVerdict check_final_escape(const Topology& t, const RoutingFunction& r, unsigned threads) {
  std::vector<std::uint32_t> escape_vcs;  // [node * ports + port]
  DependencyVerdict verdict = check_pure_dependencies(t, r, /*escape_only=*/true, &escape_vcs, threads);
  if (!verdict.problem.empty()) return verdict;
  const unsigned ports = t.num_ports;
  const NodeId n = static_cast<NodeId>(t.num_nodes());
  std::vector<std::uint32_t> bound(ports);
  bool bounded = true;
  for (PortId p = 0; p < ports; ++p) {
    bound[p] = r.adaptive_vc_bound(p);
    bounded = bounded && bound[p] != ~0u;
  }
  std::vector<std::uint32_t> adaptive = bound;  // per port; with a bound, the same at every router
  RouteSet routes;
  Flit head;
  head.type = FlitType::Head;
  for (NodeId x = 0; x < n; ++x) {
    if (!bounded) {
      std::fill(adaptive.begin(), adaptive.end(), 0);
      head.src = x;
      for (NodeId d = 0; d < n; ++d) {
        if (d == x) continue;
        head.dst = d;
        routes.clear();
        r.route(x, static_cast<PortId>(ports), 0, head, routes);
        for (std::size_t i = 0; i < routes.size(); ++i)
          if (!routes[i].escape) adaptive[routes[i].port] |= routes[i].vc_mask;
      }
    }
    for (PortId p = 0; p < ports; ++p)
      if (escape_vcs[std::size_t(x) * ports + p] & adaptive[p]) {
        DependencyVerdict bad;
        bad.acyclic = false;
        bad.problem = cross_problem(t, x, p);
        return bad;
      }
  }
  verdict.indirect.assign(verdict.cycle.size(), false);
  verdict.method = std::string("escape is final: R1's own channel graph, one R1 route per (router, destination) "
                               "pair; cross dependencies ruled out by ") +
                   (bounded ? "the routing's adaptive VC bound" : "routing every pair");
  return verdict;
}

}  // namespace

DependencyVerdict check_escape_dependencies(const Topology& t, const RoutingFunction& r, unsigned threads) {
  if (!r.has_escape()) throw std::logic_error("routing " + r.name() + " has no escape sub-network");
  if (!r.escape_returns()) return check_final_escape(t, r, threads);
  DependencyVerdict verdict;
  ExtendedGraph g(t, r);
  verdict.problem = g.build();
  if (!verdict.problem.empty()) {
    verdict.acyclic = false;
    return verdict;
  }
  enum : std::uint8_t { kWhite, kGrey, kBlack };
  std::vector<std::uint8_t> colour(g.size(), kWhite);
  // A state's successors are listed once, when it is entered, into `pool`
  // (its frame owns pool[begin, end), freed when it is left); a channel's
  // are read from its bucket one at a time.
  struct Frame {
    std::size_t v;
    std::uint32_t k;
    std::size_t begin, end;
  };
  std::vector<Frame> stack;
  std::vector<std::size_t> pool;
  std::size_t edges = 0;
  for (std::size_t root = 0; root < g.channels(); ++root) {
    if (!g.used(root) || colour[root] != kWhite) continue;
    ++verdict.channels;
    colour[root] = kGrey;
    stack.push_back(Frame{root, 0, 0, 0});
    while (!stack.empty()) {
      Frame& top = stack.back();
      const std::size_t next = g.is_channel(top.v)            ? g.channel_successor(top.v, top.k)
                               : top.begin + top.k < top.end ? pool[top.begin + top.k++]
                                                             : ExtendedGraph::npos;
      if (next == ExtendedGraph::npos) {
        colour[top.v] = kBlack;
        if (!g.is_channel(top.v)) pool.resize(top.begin);
        stack.pop_back();
        continue;
      }
      ++edges;
      if (colour[next] == kBlack) continue;
      if (colour[next] == kGrey) {
        std::size_t k = stack.size();
        while (stack[k - 1].v != next) --k;
        std::vector<std::size_t> loop;
        for (std::size_t i = k - 1; i < stack.size(); ++i) loop.push_back(stack[i].v);
        std::size_t start = 0;
        while (!g.is_channel(loop[start])) ++start;  // a cycle holds at least one channel
        unsigned states = 0;
        for (std::size_t i = 1; i <= loop.size(); ++i) {
          const std::size_t v = loop[(start + i) % loop.size()];
          if (!g.is_channel(v)) {
            ++states;
            continue;
          }
          verdict.cycle.push_back(g.channel(loop[(start + i - 1 - states) % loop.size()]));
          verdict.indirect.push_back(states >= 2);  // one state: the packet took v right where it arrived
          states = 0;
        }
        verdict.acyclic = false;
        verdict.dependencies = edges;
        return verdict;
      }
      colour[next] = kGrey;
      if (g.is_channel(next)) {
        ++verdict.channels;
        stack.push_back(Frame{next, 0, 0, 0});
      } else {
        ++verdict.adaptive_states;
        const std::size_t begin = pool.size();
        g.state_successors(next, pool);
        stack.push_back(Frame{next, 0, begin, pool.size()});
      }
    }
  }
  verdict.dependencies = edges;
  verdict.method = "extended graph with a state per (router, destination) reached on adaptive channels";
  return verdict;
}

}  // namespace wormsim
