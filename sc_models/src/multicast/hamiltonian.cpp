#include <wormsim/multicast/hamiltonian.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include <wormsim/core/config_error.h>

#include <wormsim/topology/grid.h>
#include <wormsim/topology/petersen_torus.h>

namespace wormsim {

unsigned boustrophedon_label(unsigned X, unsigned x, unsigned y) {
  return y % 2 == 0 ? y * X + x : y * X + X - 1 - x;
}

namespace {

HamiltonianLabeling from_order(std::string name, const std::vector<NodeId>& order) {
  HamiltonianLabeling h;
  h.name = std::move(name);
  h.node_at = order;
  h.label.assign(order.size(), 0);
  for (unsigned i = 0; i < order.size(); ++i) h.label[order[i]] = i;
  return h;
}

}  // namespace

HamiltonianLabeling mesh_snake(const Topology& t) {
  const unsigned X = t.dims[0], Y = t.dims[1];
  std::vector<NodeId> order(t.num_nodes());
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    const Coord c = coord_of(t.dims, n);
    const unsigned in_layer = boustrophedon_label(X, c.x, c.y);
    order[c.z * X * Y + (c.z % 2 == 0 ? in_layer : X * Y - 1 - in_layer)] = n;
  }
  return from_order("snake", order);
}

int port_towards(const Topology& t, NodeId from, NodeId to) {
  for (PortId p = 0; p < t.num_ports; ++p)
    if (t.peer[from][p] && t.peer[from][p]->node == to) return p;
  return -1;
}

namespace {

// --- 3PT: modules of ten nodes, node p of module k is 10k + p ---

constexpr unsigned kP = 10;

bool petersen_adjacent(const Topology& t, unsigned a, unsigned b) {
  return port_towards(t, a, b) >= 0;  // module 0 stands for every module
}

// Hamiltonian path of the Petersen graph (module 0 of t) from `from` to `to`
// (to == kP: any end), by depth-first search over 10 nodes.
bool petersen_path(const Topology& t, unsigned from, unsigned to, std::vector<unsigned>& path,
                   unsigned used) {
  path.push_back(from);
  used |= 1u << from;
  if (path.size() == kP) {
    if (to == kP || from == to) return true;
    path.pop_back();
    return false;
  }
  for (unsigned q = 0; q < kP; ++q) {
    if ((used >> q) & 1u) continue;
    if (!petersen_adjacent(t, from, q)) continue;
    if (q == to && path.size() + 1 != kP) continue;
    if (petersen_path(t, q, to, path, used)) return true;
  }
  path.pop_back();
  return false;
}

// Moves between modules are named by the exit node p (its external link):
// 0 = z+, 1 = x+, 6 = y+, 9 = y-, 2 = (x+1, y+1), 8 = (x+1, y-1). A module
// entered at e may be left at p only if p != e and p is not adjacent to e
// (the Petersen graph has a Hamiltonian path between exactly those pairs).
//
// One layer (fixed z) of m x n modules, from its first module, in
// coordinates relative to it (x and y wrap):
//   general:        x+, then columns 1..m-1 by y (column 1 up, 2 down, ...)
//                   joined by x+, then the rest of column 0 by y-, reached
//                   by x+ (m even) or by the diagonal (x+1, y-1) (m odd);
//   n = 2, m even:  diagonal (x+1, y+1), then columns 1..m-1 by one y+ each
//                   joined by x+, then the diagonal (x+1, y+1) to (0, 1).
// Every layer is entered at node 5 (by z+) and its first move is x+ or a
// diagonal (allowed after entry 5); its last move is y- or a diagonal, after
// which z+ (exit 0) is allowed. Layers follow in z order.
std::vector<unsigned> layer_moves(unsigned m, unsigned n) {
  std::vector<unsigned> mv;
  if (n == 2 && m % 2 == 0) {
    mv.push_back(2);
    for (unsigned j = 1; j < m; ++j) {
      mv.push_back(6);
      if (j + 1 < m) mv.push_back(1);
    }
    mv.push_back(2);
    return mv;
  }
  mv.push_back(1);
  for (unsigned j = 1; j < m; ++j) {
    mv.insert(mv.end(), n - 1, j % 2 == 1 ? 6u : 9u);
    if (j + 1 < m) mv.push_back(1);
  }
  mv.push_back(m % 2 == 0 ? 1u : 8u);
  mv.insert(mv.end(), n - 2, 9u);
  return mv;
}

}  // namespace

HamiltonianLabeling petersen_torus_path(const Topology& t) {
  if (t.as<PetersenTorusKind>() == nullptr) throw std::invalid_argument("petersen_torus_path needs a 3PT topology");
  const unsigned l = t.dims[0], m = t.dims[1], n = t.dims[2];
  std::vector<unsigned> moves;
  for (unsigned z = 0; z < l; ++z) {
    const std::vector<unsigned> layer = layer_moves(m, n);
    moves.insert(moves.end(), layer.begin(), layer.end());
    if (z + 1 < l) moves.push_back(0);
  }
  std::vector<NodeId> order;
  order.reserve(t.num_nodes());
  unsigned module = 0, entry = 5;
  for (std::size_t i = 0; i <= moves.size(); ++i) {
    const unsigned exit = i < moves.size() ? moves[i] : kP;
    if (exit == entry || (exit < kP && petersen_adjacent(t, entry, exit)))
      throw std::logic_error("3PT path construction: exit adjacent to entry (cannot happen)");
    std::vector<unsigned> inner;
    if (!petersen_path(t, entry, exit, inner, 0))
      throw std::logic_error("no Petersen path between non-adjacent nodes (cannot happen)");
    for (unsigned p : inner) order.push_back(module * kP + p);
    if (exit == kP) break;
    const PortPeer& peer = *t.peer[module * kP + exit][0];
    module = peer.node / kP;
    entry = peer.node % kP;
  }
  return from_order("3pt-layers", order);
}

HamiltonianLabeling hamiltonian_labeling(const Topology& t) {
  std::string why;
  const auto order = t.kind->hamiltonian_path(t, why);
  if (!order) throw ConfigError("topology", why);
  return from_order(t.kind->name() + "-path", *order);
}

namespace {

// One depth-first attempt from `start`; ties of Warnsdorff's rule broken by a
// hash of (node, attempt), so attempts explore different orders.
std::optional<std::vector<NodeId>> search_from(const Topology& t, NodeId start, std::uint64_t attempt,
                                               std::size_t budget) {
  const std::size_t n = t.num_nodes();
  std::vector<char> used(n, 0);
  std::vector<NodeId> path;
  // Unvisited neighbours of u.
  auto free_degree = [&](NodeId u) {
    unsigned d = 0;
    for (const auto& p : t.peer[u]) d += p && !used[p->node] ? 1 : 0;
    return d;
  };
  // Warnsdorff's rule (fewest onward moves first) with backtracking; each
  // frame keeps its sorted candidates and the next one to try.
  struct Frame {
    std::vector<NodeId> next;
    std::size_t tried = 0;
  };
  std::vector<Frame> stack;
  auto push = [&](NodeId u) {
    used[u] = 1;
    path.push_back(u);
    Frame f;
    for (const auto& p : t.peer[u])
      if (p && !used[p->node]) f.next.push_back(p->node);
    auto tie = [attempt](NodeId v) { return (v + 1) * 0x9E3779B97F4A7C15ull ^ attempt * 0xBF58476D1CE4E5B9ull; };
    std::stable_sort(f.next.begin(), f.next.end(), [&](NodeId a, NodeId b) {
      const unsigned da = free_degree(a), db = free_degree(b);
      return da != db ? da < db : tie(a) < tie(b);
    });
    stack.push_back(std::move(f));
  };
  std::size_t steps = 0;
  push(start);
  while (!stack.empty() && steps++ < budget) {
    if (path.size() == n) return path;
    Frame& f = stack.back();
    if (f.tried < f.next.size()) {
      const NodeId v = f.next[f.tried++];
      if (!used[v]) push(v);
      continue;
    }
    used[path.back()] = 0;
    path.pop_back();
    stack.pop_back();
  }
  if (path.size() == n) return path;
  return std::nullopt;
}

}  // namespace

std::optional<std::vector<NodeId>> search_hamiltonian_path(const Topology& t, std::size_t budget) {
  // Up to 16 attempts from different start nodes and tie orders, each with
  // an equal share of the budget (deterministic).
  const std::size_t attempts = std::min<std::size_t>(16, t.num_nodes());
  for (std::size_t k = 0; k < attempts; ++k)
    if (auto path = search_from(t, static_cast<NodeId>(k * t.num_nodes() / attempts), k, budget / attempts))
      return path;
  return std::nullopt;
}

std::string verify_hamiltonian(const Topology& t, const HamiltonianLabeling& h) {
  const std::size_t n = t.num_nodes();
  if (h.node_at.size() != n || h.label.size() != n) return "wrong number of labels";
  std::vector<bool> seen(n, false);
  for (unsigned i = 0; i < n; ++i) {
    const NodeId v = h.node_at[i];
    if (v >= n) return "label " + std::to_string(i) + " names no node";
    if (seen[v]) return "node " + std::to_string(v) + " has two labels";
    seen[v] = true;
    if (h.label[v] != i) return "label and node_at disagree at node " + std::to_string(v);
    if (i > 0 && port_towards(t, h.node_at[i - 1], v) < 0)
      return "labels " + std::to_string(i - 1) + " and " + std::to_string(i) + " are not neighbours";
  }
  return "";
}

}  // namespace wormsim
