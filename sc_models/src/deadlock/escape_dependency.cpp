#include <wormsim/deadlock/escape_dependency.h>

#include <stdexcept>

namespace wormsim {
namespace {

std::string cross_problem(const Topology& t, NodeId x, PortId p) {
  return "escape VC(s) of " + node_name(t, x) + ":" + t.port_names[p] +
         " are also offered as adaptive VCs (cross dependencies are not supported)";
}

// The extended graph, implicit: vertices 0 .. C-1 are escape channels
// (node, port, vc); C + y * N + d is the state "a packet for d arrived at y
// on an adaptive channel". Successors are generated on demand.
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

  /// Buckets: for every escape channel, the destinations R1 uses it for.
  /// Also verifies connectivity and the absence of cross dependencies.
  std::string build() {
    std::vector<std::uint32_t> count(channels_ + 1, 0);
    std::vector<std::uint32_t> escape_union(ports_), adaptive_union(ports_);
    for (int pass = 0; pass < 2; ++pass) {
      if (pass == 1) {
        for (std::size_t c = 0; c < channels_; ++c) count[c + 1] += count[c];
        first_ = count;
        dests_.resize(count[channels_]);
      }
      for (NodeId x = 0; x < n_; ++x) {
        std::fill(escape_union.begin(), escape_union.end(), 0);
        std::fill(adaptive_union.begin(), adaptive_union.end(), 0);
        for (NodeId d = 0; d < n_; ++d) {
          if (d == x) continue;
          routes_.clear();
          r_.escape_route(x, d, routes_);
          if (routes_.size() == 0)
            return "escape routing " + r_.name() + " offers no route at " + node_name(t_, x) + " to node " +
                   std::to_string(d) + " (not connected)";
          for (std::size_t i = 0; i < routes_.size(); ++i) {
            const RouteCandidate& c = routes_[i];
            escape_union[c.port] |= c.vc_mask;
            for (unsigned v = 0; v < vcs_; ++v) {
              if (!(c.vc_mask >> v & 1u)) continue;
              const std::size_t e = index(x, c.port, v);
              if (pass == 0) ++count[e + 1];
              else dests_[first_[e] + fill_[e]++] = d;
            }
          }
          if (pass == 1) continue;
          full(x, d);
          for (std::size_t i = 0; i < routes_.size(); ++i)
            if (!routes_[i].escape) adaptive_union[routes_[i].port] |= routes_[i].vc_mask;
        }
        if (pass == 1) continue;
        for (PortId p = 0; p < ports_; ++p)
          if (escape_union[p] & adaptive_union[p])
            return cross_problem(t_, x, p);
      }
      if (pass == 0) fill_.assign(channels_, 0);
    }
    return {};
  }

  bool used(std::size_t e) const { return first_[e + 1] > first_[e]; }

  /// Successor k of v (k counts from 0), or npos when there is none left.
  static constexpr std::size_t npos = ~std::size_t{0};
  std::size_t successor(std::size_t v, std::uint32_t& k) {
    if (is_channel(v)) {
      const Channel c = channel(v);
      const NodeId y = t_.peer[c.node][c.port]->node;
      if (!r_.escape_returns()) return escape_successor(v, y, k);
      while (first_[v] + k < first_[v + 1]) {
        const NodeId d = dests_[first_[v] + k++];
        if (d != y) return state(y, d);
      }
      return npos;
    }
    const NodeId y = static_cast<NodeId>((v - channels_) / n_);
    const NodeId d = static_cast<NodeId>((v - channels_) % n_);
    std::uint32_t i = 0;
    const std::size_t e = escape_channel(y, d, k, i);
    if (e != npos) {
      ++k;
      return e;
    }
    full(y, d);
    for (std::size_t c = 0; c < routes_.size(); ++c) {
      if (routes_[c].escape || routes_[c].vc_mask == 0) continue;
      const NodeId next = t_.peer[y][routes_[c].port]->node;
      if (next == d) continue;
      if (i++ == k) {
        ++k;
        return state(next, d);
      }
    }
    return npos;
  }

 private:
  // Escape is final: successor k of escape channel v into y is the k-th
  // channel of R1(y, d) over its destinations d (cursor: destination index
  // in the upper bits, channel within R1(y, d) in the low 5).
  std::size_t escape_successor(std::size_t v, NodeId y, std::uint32_t& k) {
    while (true) {
      const std::uint32_t at = k >> 5, sub = k & 31u;
      if (first_[v] + at >= first_[v + 1]) return npos;
      const NodeId d = dests_[first_[v] + at];
      std::uint32_t count = 0;
      const std::size_t e = d != y ? escape_channel(y, d, sub, count) : npos;
      if (count > 32) throw std::logic_error("escape routing offers more than 32 channels at one router");
      if (e != npos) {
        ++k;
        return e;
      }
      k = (at + 1) << 5;
    }
  }

  // Channel k (counting every VC of every candidate) of R1(y, d), or npos;
  // `count` is set to how many channels R1(y, d) has.
  std::size_t escape_channel(NodeId y, NodeId d, std::uint32_t k, std::uint32_t& count) {
    routes_.clear();
    r_.escape_route(y, d, routes_);
    std::size_t found = npos;
    count = 0;
    for (std::size_t c = 0; c < routes_.size(); ++c)
      for (unsigned w = 0; w < vcs_; ++w)
        if (routes_[c].vc_mask >> w & 1u) {
          if (count == k) found = index(y, routes_[c].port, w);
          ++count;
        }
    return found;
  }

  std::size_t index(NodeId x, PortId p, unsigned v) const { return (std::size_t(x) * ports_ + p) * vcs_ + v; }
  std::size_t state(NodeId y, NodeId d) const { return channels_ + std::size_t(y) * n_ + d; }
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
  std::vector<std::uint32_t> first_, fill_;
  std::vector<NodeId> dests_;
  RouteSet routes_;
};

// Escape is final: a packet on an escape channel is offered only R1, so the
// extended graph has no indirect dependencies and is the channel dependency
// graph of R1 alone, which R1's purity lets us build one route per (router,
// destination). Cross dependencies are ruled out by the routing's bound on
// its adaptive VCs, or (if it cannot say) by routing every pair.
DependencyVerdict check_final_escape(const Topology& t, const RoutingFunction& r) {
  std::vector<std::uint32_t> escape_vcs;  // [node * ports + port]
  DependencyVerdict verdict = check_pure_dependencies(t, r, /*escape_only=*/true, &escape_vcs);
  if (!verdict.problem.empty()) return verdict;
  const unsigned ports = t.num_ports;
  const NodeId n = static_cast<NodeId>(t.num_nodes());
  std::vector<std::uint32_t> bound(ports);
  bool bounded = true;
  for (PortId p = 0; p < ports; ++p) {
    bound[p] = r.adaptive_vc_bound(p);
    bounded = bounded && bound[p] != ~0u;
  }
  std::vector<std::uint32_t> adaptive(ports);
  RouteSet routes;
  Flit head;
  head.type = FlitType::Head;
  for (NodeId x = 0; x < n; ++x) {
    if (bounded) {
      adaptive = bound;
    } else {
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

DependencyVerdict check_escape_dependencies(const Topology& t, const RoutingFunction& r) {
  if (!r.has_escape()) throw std::logic_error("routing " + r.name() + " has no escape sub-network");
  if (!r.escape_returns()) return check_final_escape(t, r);
  DependencyVerdict verdict;
  ExtendedGraph g(t, r);
  verdict.problem = g.build();
  if (!verdict.problem.empty()) {
    verdict.acyclic = false;
    return verdict;
  }
  enum : std::uint8_t { kWhite, kGrey, kBlack };
  std::vector<std::uint8_t> colour(g.size(), kWhite);
  struct Frame {
    std::size_t v;
    std::uint32_t k;
  };
  std::vector<Frame> stack;
  std::size_t edges = 0;
  for (std::size_t root = 0; root < g.channels(); ++root) {
    if (!g.used(root) || colour[root] != kWhite) continue;
    ++verdict.channels;
    colour[root] = kGrey;
    stack.push_back(Frame{root, 0});
    while (!stack.empty()) {
      Frame& top = stack.back();
      const std::size_t next = g.successor(top.v, top.k);
      if (next == ExtendedGraph::npos) {
        colour[top.v] = kBlack;
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
      if (g.is_channel(next)) ++verdict.channels;
      else ++verdict.adaptive_states;
      stack.push_back(Frame{next, 0});
    }
  }
  verdict.dependencies = edges;
  verdict.method = "extended graph with a state per (router, destination) reached on adaptive channels";
  return verdict;
}

}  // namespace wormsim
