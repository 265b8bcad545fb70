#include <wormsim/topology/grid.h>
#include <wormsim/topology/petersen_torus.h>
#include <wormsim/broadcast/all_to_all.h>

#include <set>

#include <wormsim/core/config_error.h>
#include <wormsim/multicast/hamiltonian.h>

namespace wormsim {

GossipReport run_gossip(const Topology& t, const GossipSchedule& s) {
  GossipReport r;
  const std::size_t n = t.num_nodes(), words = (n + 63) / 64;
  std::vector<std::uint64_t> known(n * words, 0), start;
  for (NodeId v = 0; v < n; ++v) known[v * words + v / 64] |= 1ull << (v % 64);
  auto complete = [&] {
    for (std::size_t v = 0; v < n; ++v)
      for (std::size_t w = 0; w < words; ++w) {
        const std::uint64_t full = (w + 1 < words || n % 64 == 0) ? ~0ull : (1ull << (n % 64)) - 1;
        if (known[v * words + w] != full) return false;
      }
    return true;
  };
  for (const auto& round : s.rounds) {
    ++r.steps;
    start = known;
    std::set<NodeId> senders;
    std::set<std::pair<NodeId, NodeId>> links;
    for (const Transfer& x : round) {
      const std::string what = "step " + std::to_string(r.steps) + ", " + std::to_string(x.from) + " -> " +
                               std::to_string(x.to) + ": ";
      if (x.from >= n || x.to >= n || port_towards(t, x.from, x.to) < 0) r.error = what + "no link";
      else if (s.ports == PortModel::One && !senders.insert(x.from).second) r.error = what + "a second send (one-port)";
      else if (!links.insert({x.from, x.to}).second) r.error = what + "a second message on one link";
      if (!r.error.empty()) return r;
      for (std::size_t w = 0; w < words; ++w) known[x.to * words + w] |= start[x.from * words + w];
    }
    if (r.complete_at == 0 && complete()) r.complete_at = r.steps;
  }
  for (std::size_t i = 0; i < known.size(); ++i) r.missing += static_cast<std::size_t>(64 - __builtin_popcountll(known[i]));
  r.missing -= n * (words * 64 - n);
  return r;
}

namespace {

// Builds rounds in which every module performs the same internal transfers
// (p -> q) or external ones (from node p over its external edge).
class Rounds {
 public:
  explicit Rounds(const Topology& t) : t_(t) {}
  /// A round of per-module transfers; q < 0: p's external edge.
  void add(const std::vector<std::pair<int, int>>& moves) {
    std::vector<Transfer> round;
    for (NodeId base = 0; base < t_.num_nodes(); base += 10)
      for (const auto& [p, q] : moves) {
        const NodeId u = base + static_cast<NodeId>(p);
        const NodeId v = q < 0 ? t_.peer[u][0]->node : base + static_cast<NodeId>(q);
        round.push_back(Transfer{u, v});
      }
    rounds.push_back(std::move(round));
  }
  std::vector<std::vector<Transfer>> rounds;

 private:
  const Topology& t_;
};

constexpr int kExt = -1;

// Algorithm 2 (SLA, 6 steps): four steps around each 5-cycle, then A -> B
// and B -> A over the spokes. Algorithm 3 (MLA, 3 steps): two steps both
// ways around each cycle, then both spoke directions at once.
void petersen_all_to_all(Rounds& r, PortModel ports) {
  const std::vector<std::pair<int, int>> outer{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}};
  const std::vector<std::pair<int, int>> inner{{5, 6}, {6, 7}, {7, 8}, {8, 9}, {9, 5}};
  const std::vector<std::pair<int, int>> a_to_b{{0, 5}, {1, 8}, {2, 6}, {3, 9}, {4, 7}};
  std::vector<std::pair<int, int>> ring = outer, back, b_to_a;
  ring.insert(ring.end(), inner.begin(), inner.end());
  for (const auto& [p, q] : ring) back.push_back({q, p});
  for (const auto& [p, q] : a_to_b) b_to_a.push_back({q, p});
  if (ports == PortModel::One) {
    for (int k = 0; k < 4; ++k) r.add(ring);
    r.add(a_to_b);
    r.add(b_to_a);
    return;
  }
  std::vector<std::pair<int, int>> both = ring, spokes = a_to_b;
  both.insert(both.end(), back.begin(), back.end());
  spokes.insert(spokes.end(), b_to_a.begin(), b_to_a.end());
  r.add(both);
  r.add(both);
  r.add(spokes);
}

}  // namespace

GossipSchedule kim_lee_all_to_all(const Topology& t, PortModel ports, bool literal) {
  if (t.as<PetersenTorusKind>() == nullptr) throw ConfigError("algo", "kim-lee all-to-all needs a 3PT topology, got " + t.spec);
  const unsigned l = t.dims[0], m = t.dims[1], n = t.dims[2];
  Rounds r(t);
  petersen_all_to_all(r, ports);  // Step 1
  if (ports == PortModel::One) {
    // Step 2: x ring, 1 => (x+1).4 -> 0 -> 1 ...; the last module: 4 -> 7 -> 6
    // (the text's 4 -> 2 -> 6 is not a path: 4 and 2 are not adjacent).
    for (unsigned k = 1; k < m; ++k) {
      r.add({{1, kExt}});
      if (k + 1 < m) {
        r.add({{4, 0}});
        r.add({{0, 1}});
      } else {
        r.add({{4, 7}});
        r.add({{7, 6}});
      }
    }
    // Step 3: y ring, 6 => (y+1).9 -> 5 -> 6 ...; the last module: 9 -> 5,
    // and (our addition, same step) 6 -> 5: node 6 holds the module's own x
    // ring, which node 5 must carry round the z ring.
    for (unsigned k = 1; k < n; ++k) {
      r.add({{6, kExt}});
      if (k + 1 < n) {
        r.add({{9, 5}});
        r.add({{5, 6}});
      } else if (literal) {
        r.add({{9, 5}});
      } else {
        r.add({{9, 5}, {6, 5}});
      }
    }
    // Step 4: z ring, 5 => (z-1).0 -> 5 ...; the last module only receives.
    for (unsigned k = 1; k < l; ++k) {
      r.add({{5, kExt}});
      if (k + 1 < l) r.add({{0, 5}});
    }
  } else {
    // Condition 1: x ring both ways for |m/2| hops (+: 1 => 4 -> 0 -> 1,
    // ending 4 -> 7 -> 6; -: 4 => 1 -> 0 -> 4, ending 1 -> 8 -> 9).
    const unsigned hx = m / 2;
    for (unsigned k = 1; k <= hx; ++k) {
      r.add({{1, kExt}, {4, kExt}});
      if (k < hx) {
        r.add({{4, 0}, {1, 0}});
        r.add({{0, 1}, {0, 4}});
      } else if (literal) {
        r.add({{4, 7}, {1, 8}});
        r.add({{7, 6}, {8, 9}});
      } else {  // our addition: 4 -> 3 -> 9 and 1 -> 2 -> 6, so 6 and 9 both hold the whole x ring
        r.add({{4, 7}, {1, 8}, {4, 3}, {1, 2}});
        r.add({{7, 6}, {8, 9}, {2, 6}, {3, 9}});
      }
    }
    // Condition 2: y ring both ways (+: 6 => 9 -> 5 -> 6; -: 9 => 6 -> 5 -> 9),
    // |n/2| hops, ending at node 5.
    const unsigned hy = n / 2;
    for (unsigned k = 1; k <= hy; ++k) {
      r.add({{6, kExt}, {9, kExt}});
      r.add({{9, 5}, {6, 5}});
      if (k < hy) r.add({{5, 6}, {5, 9}});
    }
    // Condition 3: z ring both ways (+: 0 => 5 -> 0; -: 5 => 0 -> 5), |l/2| hops;
    // the first hop needs the layer's data at nodes 0 and 5: 5 -> 0 first.
    if (!literal) r.add({{5, 0}});
    const unsigned hz = l / 2;
    for (unsigned k = 1; k <= hz; ++k) {
      r.add({{0, kExt}, {5, kExt}});
      if (k < hz) r.add({{5, 0}, {0, 5}});
    }
  }
  petersen_all_to_all(r, ports);  // Step 5
  GossipSchedule s;
  s.algorithm = std::string(ports == PortModel::One ? "kim-lee-a2a-sla" : "kim-lee-a2a-mla") + (literal ? "-literal" : "");
  s.ports = ports;
  s.rounds = std::move(r.rounds);
  return s;
}

unsigned kim_lee_all_to_all_bound(unsigned l, unsigned m, unsigned n, PortModel ports) {
  if (ports == PortModel::One) return 3 * m + 3 * n + 2 * l + 2;
  if (l % 2 == 0 && m % 2 == 0 && n % 2 == 0) return 3 * m / 2 + 3 * n / 2 + l + 4;
  return 3 * (m / 2) + 3 * (n / 2) + 2 * (l / 2) + 4;
}

}  // namespace wormsim
