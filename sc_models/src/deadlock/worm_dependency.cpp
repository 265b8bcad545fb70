#include <wormsim/deadlock/worm_dependency.h>

#include <algorithm>

#include <wormsim/core/config_error.h>
#include <wormsim/multicast/dual_path.h>
#include <wormsim/multicast/hamiltonian.h>
#include <wormsim/topology/grid.h>

namespace wormsim {
namespace {

class WormGraph {
 public:
  WormGraph(const Topology& t, const WormCheckConfig& cfg)
      : t_(t), cfg_(cfg), ports_(t.num_ports + cfg.local_ports),
        succ_(t.num_nodes() * ports_ * cfg.vcs), used_(succ_.size(), 0) {}

  std::size_t net(NodeId n, PortId p, VcId v) const { return (std::size_t(n) * ports_ + p) * cfg_.vcs + v; }
  std::size_t size() const { return succ_.size(); }
  Channel channel(std::size_t i) const {
    return Channel{static_cast<NodeId>(i / (ports_ * cfg_.vcs)), static_cast<PortId>(i / cfg_.vcs % ports_),
                   static_cast<VcId>(i % cfg_.vcs)};
  }
  void add(std::size_t a, std::size_t b) {
    succ_[a].push_back(b);
    used_[a] = used_[b] = 1;
  }
  void finish() {
    for (auto& s : succ_) {
      std::sort(s.begin(), s.end());
      s.erase(std::unique(s.begin(), s.end()), s.end());
    }
  }
  const std::vector<std::size_t>& succ(std::size_t a) const { return succ_[a]; }
  bool used(std::size_t a) const { return used_[a] != 0; }

 private:
  const Topology& t_;
  const WormCheckConfig& cfg_;
  unsigned ports_;
  std::vector<std::vector<std::size_t>> succ_;
  std::vector<std::uint8_t> used_;
};

class Builder {
 public:
  Builder(const Topology& t, const WormCheckConfig& cfg, WormGraph& g)
      : t_(t), cfg_(cfg), g_(g), h_(hamiltonian_labeling(t)), arrivals_(2 * t.num_nodes()) {}

  // Every channel of the hop from u toward target v (all VCs).
  std::vector<std::size_t> hop(NodeId u, NodeId v) const {
    const NodeId w = dual_path_next_hop(t_, h_, u, v);
    const PortId p = static_cast<PortId>(port_towards(t_, u, w));
    std::vector<std::size_t> out;
    for (VcId x = 0; x < cfg_.vcs; ++x) out.push_back(g_.net(u, p, x));
    return out;
  }
  NodeId far_end(std::size_t c) const {
    const Channel ch = g_.channel(c);
    return t_.peer[ch.node][ch.port]->node;
  }

  // The consumption channels a class-c worm may take at node v.
  std::vector<std::size_t> ejection(NodeId v, WormClass c) const {
    std::vector<std::size_t> out;
    const PortId base = static_cast<PortId>(t_.num_ports);
    const bool shared = cfg_.consumption == ConsumptionPolicy::Shared || (cfg_.local_ports < 2 && cfg_.vcs < 2);
    for (unsigned l = 0; l < cfg_.local_ports; ++l)
      for (VcId x = 0; x < cfg_.vcs; ++x) {
        const bool allowed = shared || (cfg_.local_ports >= 2 ? l == c % cfg_.local_ports : x == c % cfg_.vcs);
        if (allowed) out.push_back(g_.net(v, static_cast<PortId>(base + l), x));
      }
    return out;
  }

  // Transit: from every source of the class toward target v; records the
  // channels the class arrives at v on.
  void transit(NodeId v) {
    for (WormClass c = 0; c < 2; ++c) {
      std::vector<std::size_t> stack;
      std::vector<std::uint8_t> seen(g_.size(), 0);
      for (NodeId s = 0; s < t_.num_nodes(); ++s)
        if (s != v && in_class(s, v, c))
          for (std::size_t f : hop(s, v))
            if (!seen[f]) {
              seen[f] = 1;
              stack.push_back(f);
            }
      while (!stack.empty()) {
        const std::size_t a = stack.back();
        stack.pop_back();
        const NodeId at = far_end(a);
        if (at == v) {
          arrivals_[2 * v + c].push_back(a);
          continue;
        }
        for (std::size_t b : hop(at, v)) {
          g_.add(a, b);
          if (!seen[b]) {
            seen[b] = 1;
            stack.push_back(b);
          }
        }
      }
    }
  }

  // Absorb at v, and fork toward every later target of the class.
  void absorb_and_fork(NodeId v) {
    for (WormClass c = 0; c < 2; ++c) {
      const std::vector<std::size_t> e = ejection(v, c);
      std::vector<std::size_t> forward;
      for (NodeId w = 0; w < t_.num_nodes(); ++w)
        if (w != v && in_class(v, w, c))
          for (std::size_t f : hop(v, w)) forward.push_back(f);
      std::sort(forward.begin(), forward.end());
      forward.erase(std::unique(forward.begin(), forward.end()), forward.end());
      link(arrivals_[2 * v + c], e, forward);
    }
  }

  // Line worms: arriving from the previous node of a line, absorbing, and
  // going on to the next.
  void lines() {
    for (NodeId u = 0; u < t_.num_nodes(); ++u)
      for (unsigned dim = 0; dim < 3; ++dim)
        for (bool positive : {true, false}) {
          const int back = grid_port(t_, dim, !positive), ahead = grid_port(t_, dim, positive);
          if (back < 0 || !t_.peer[u][static_cast<PortId>(back)]) continue;
          const NodeId prev = t_.peer[u][static_cast<PortId>(back)]->node;
          const PortId into = static_cast<PortId>(port_towards(t_, prev, u));
          const WormClass c = h_.label[u] > h_.label[prev] ? 0 : 1;
          std::vector<std::size_t> arriving, forward;
          for (VcId x = 0; x < cfg_.vcs; ++x) arriving.push_back(g_.net(prev, into, x));
          if (ahead >= 0 && t_.peer[u][static_cast<PortId>(ahead)])
            for (VcId x = 0; x < cfg_.vcs; ++x) forward.push_back(g_.net(u, static_cast<PortId>(ahead), x));
          link(arriving, ejection(u, c), forward);
        }
  }

 private:
  bool in_class(NodeId from, NodeId to, WormClass c) const {
    return c == 0 ? h_.label[to] > h_.label[from] : h_.label[to] < h_.label[from];
  }
  void link(const std::vector<std::size_t>& arriving, const std::vector<std::size_t>& e,
            const std::vector<std::size_t>& forward) {
    for (std::size_t a : arriving) {
      for (std::size_t x : e) g_.add(a, x);
      for (std::size_t f : forward) g_.add(a, f);
    }
    for (std::size_t x : e)
      for (std::size_t f : forward) g_.add(x, f);
  }

  const Topology& t_;
  const WormCheckConfig& cfg_;
  WormGraph& g_;
  HamiltonianLabeling h_;
  std::vector<std::vector<std::size_t>> arrivals_;  ///< [2v + class]
};

std::vector<std::size_t> find_cycle(const WormGraph& g) {
  enum : std::uint8_t { kWhite, kGrey, kBlack };
  std::vector<std::uint8_t> colour(g.size(), kWhite);
  for (std::size_t root = 0; root < g.size(); ++root) {
    if (!g.used(root) || colour[root] != kWhite) continue;
    std::vector<std::size_t> path{root};
    std::vector<std::size_t> next_edge{0};
    colour[root] = kGrey;
    while (!path.empty()) {
      const std::size_t a = path.back();
      if (next_edge.back() == g.succ(a).size()) {
        colour[a] = kBlack;
        path.pop_back();
        next_edge.pop_back();
        continue;
      }
      const std::size_t b = g.succ(a)[next_edge.back()++];
      if (colour[b] == kGrey) {
        std::size_t k = path.size();
        while (path[k - 1] != b) --k;
        return std::vector<std::size_t>(path.begin() + static_cast<std::ptrdiff_t>(k - 1), path.end());
      }
      if (colour[b] == kBlack) continue;
      colour[b] = kGrey;
      path.push_back(b);
      next_edge.push_back(0);
    }
  }
  return {};
}

}  // namespace

const std::vector<WormFamilies>& worm_families() {
  static const std::vector<WormFamilies> table = {
      {"dual-path", "every worm dual-path routing can form", kDualPathWorms},
      {"lines", "3-DBS lines and 3-DBL columns (3D mesh)", kLineWorms},
      {"all", "both families together", kDualPathWorms | kLineWorms},
  };
  return table;
}

DependencyVerdict check_worm_dependencies(const Topology& t, const WormCheckConfig& cfg) {
  if (cfg.lines && (t.as<GridKind>() == nullptr || t.as<GridKind>()->wrap())) throw ConfigError("worms", "line worms (3-DBS, 3-DBL) need a mesh, got " + t.spec);
  WormGraph g(t, cfg);
  Builder b(t, cfg, g);
  // Transit and arrivals are needed by the dual-path family; lines add their own.
  if (cfg.dual_path) {
    for (NodeId v = 0; v < t.num_nodes(); ++v) b.transit(v);
    for (NodeId v = 0; v < t.num_nodes(); ++v) b.absorb_and_fork(v);
  }
  if (cfg.lines) b.lines();
  g.finish();
  DependencyVerdict v;
  for (std::size_t c = 0; c < g.size(); ++c) {
    v.channels += g.used(c) ? 1 : 0;
    v.dependencies += g.succ(c).size();
  }
  const auto cycle = find_cycle(g);
  v.acyclic = cycle.empty();
  for (std::size_t c : cycle) v.cycle.push_back(g.channel(c));
  return v;
}

}  // namespace wormsim
