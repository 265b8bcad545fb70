#include <wormsim/topology/grid.h>
#include <wormsim/topology/petersen_torus.h>
#include <wormsim/broadcast/kim_lee.h>

#include <array>
#include <deque>
#include <functional>
#include <map>
#include <stdexcept>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/petersen_torus.h>

namespace wormsim {
namespace {

constexpr int kExt = -1;  ///< in a program: the node's own external edge
using Group = std::vector<int>;                 ///< sends in one step (one-port: one)
using Program = std::vector<Group>;             ///< in order
using ModulePrograms = std::array<Program, 10>;  ///< by node p

ModulePrograms one_port(std::array<std::vector<int>, 10> lists) {
  ModulePrograms m;
  for (int p = 0; p < 10; ++p)
    for (int x : lists[static_cast<std::size_t>(p)]) m[static_cast<std::size_t>(p)].push_back({x});
  return m;
}

// Modules of the source's z column: Condition 1 (ring along z through nodes
// 0 and 5), Condition 2 (inside the module), then Step 2 (every other node
// sends over its external edge to one of the eight xy neighbours).
ModulePrograms column_programs(PortModel ports) {
  if (ports == PortModel::One)
    return one_port({{{5, kExt, 4, 1}, {kExt}, {kExt}, {2, kExt}, {3, kExt},
                      {0, kExt, 9, 6}, {7, kExt}, {kExt}, {kExt}, {8, kExt}}});
  ModulePrograms m;
  m[0] = {{5, kExt, 4, 1}};
  m[5] = {{0, kExt, 9, 6}};
  m[4] = {{3, 7, kExt}};
  m[1] = {{2, 8, kExt}};
  for (int p : {2, 3, 6, 7, 8, 9}) m[static_cast<std::size_t>(p)] = {{kExt}};
  return m;
}

// Condition 3 for a module entered over an LU-edge at node 8 (node 7's
// external edge continues the diagonal). Steps (4) of SLA and (2) of MLA are
// missing from the text; ours: 7->6, 4->3, 1->2, 9->5 and 7=>w0, 7->4, 7->6,
// 1->0, 1->2, 9->5, 9->3.
ModulePrograms lu_template(PortModel ports) {
  if (ports == PortModel::One)
    return one_port({{{}, {0, 2}, {kExt}, {kExt}, {3, kExt}, {}, {kExt}, {kExt, 4, 6}, {7, 1, 9}, {5}}});
  ModulePrograms m;
  m[8] = {{7, 1, 9}};
  m[7] = {{kExt, 4, 6}};
  m[1] = {{0, 2}};
  m[9] = {{5, 3}};
  for (int p : {2, 3, 4, 6}) m[static_cast<std::size_t>(p)] = {{kExt}};
  return m;
}

bool adjacent(int a, int b) {
  for (unsigned q : petersen_neighbours(static_cast<unsigned>(a)))
    if (static_cast<int>(q) == b) return true;
  return false;
}

// An automorphism phi of the Petersen graph with phi(8) = entry,
// phi(7) = exit, phi({4, 6}) = axis and phi({2, 3}) = diag (sets).
std::array<int, 10> automorphism(int entry, int exit, std::array<int, 2> axis, std::array<int, 2> diag) {
  std::array<int, 10> phi{};
  phi.fill(-1);
  std::array<bool, 10> used{};
  auto allowed = [&](int q, int v) {
    if (q == 8) return v == entry;
    if (q == 7) return v == exit;
    if (q == 4 || q == 6) return v == axis[0] || v == axis[1];
    if (q == 2 || q == 3) return v == diag[0] || v == diag[1];
    return true;
  };
  std::function<bool(int)> place = [&](int q) {
    if (q == 10) return true;
    for (int v = 0; v < 10; ++v) {
      if (used[static_cast<std::size_t>(v)] || !allowed(q, v)) continue;
      bool ok = true;
      for (int r = 0; r < q && ok; ++r) ok = adjacent(q, r) == adjacent(v, phi[static_cast<std::size_t>(r)]);
      if (!ok) continue;
      phi[static_cast<std::size_t>(q)] = v;
      used[static_cast<std::size_t>(v)] = true;
      if (place(q + 1)) return true;
      used[static_cast<std::size_t>(v)] = false;
    }
    return false;
  };
  if (!place(0)) throw std::logic_error("kim-lee: no Petersen automorphism for this diagonal");
  return phi;
}

ModulePrograms mapped(const ModulePrograms& tpl, const std::array<int, 10>& phi) {
  ModulePrograms m;
  for (int q = 0; q < 10; ++q)
    for (const Group& g : tpl[static_cast<std::size_t>(q)]) {
      Group out;
      for (int x : g) out.push_back(x == kExt ? kExt : phi[static_cast<std::size_t>(x)]);
      m[static_cast<std::size_t>(phi[static_cast<std::size_t>(q)])].push_back(out);
    }
  return m;
}

// Step 5 for a module entered over a longitudinal or latitudinal edge: the
// Petersen one-to-all broadcast of Lemma 3 (4 steps one-port, 2 all-port)
// from the entry node; [8] is not in our papers, so the schedule is ours,
// found by exhaustive search.
ModulePrograms inner_broadcast(int entry, PortModel ports) {
  ModulePrograms m;
  if (ports == PortModel::All) {
    for (unsigned a : petersen_neighbours(static_cast<unsigned>(entry))) {
      m[static_cast<std::size_t>(entry)].resize(1);
      m[static_cast<std::size_t>(entry)][0].push_back(static_cast<int>(a));
      for (unsigned b : petersen_neighbours(a))
        if (static_cast<int>(b) != entry && !adjacent(static_cast<int>(b), entry)) {
          bool taken = false;
          for (unsigned c : petersen_neighbours(static_cast<unsigned>(entry)))
            for (const Group& g : m[c])
              for (int x : g) taken = taken || x == static_cast<int>(b);
          if (taken) continue;
          if (m[a].empty()) m[a].resize(1);
          m[a][0].push_back(static_cast<int>(b));
        }
    }
    return m;
  }
  // one-port: search 4 rounds of matchings from the entry
  std::vector<std::vector<std::pair<int, int>>> rounds;
  std::function<bool(unsigned, int)> search = [&](unsigned informed, int left) {
    if (informed == 0x3FF) return true;
    if (left == 0 || (__builtin_popcount(informed) << left) < 10) return false;
    std::vector<int> senders;
    for (int p = 0; p < 10; ++p)
      if (informed >> p & 1u) senders.push_back(p);
    std::vector<std::pair<int, int>> round;
    std::function<bool(std::size_t, unsigned)> pick = [&](std::size_t k, unsigned got) {
      if (k == senders.size()) {
        rounds.push_back(round);
        if (search(got, left - 1)) return true;
        rounds.pop_back();
        return false;
      }
      for (unsigned q : petersen_neighbours(static_cast<unsigned>(senders[k])))
        if (!(got >> q & 1u)) {
          round.push_back({senders[k], static_cast<int>(q)});
          if (pick(k + 1, got | 1u << q)) return true;
          round.pop_back();
        }
      return pick(k + 1, got);
    };
    return pick(0, informed);
  };
  if (!search(1u << entry, 4)) throw std::logic_error("kim-lee: no 4-step Petersen broadcast");
  for (const auto& round : rounds)
    for (const auto& [from, to] : round) m[static_cast<std::size_t>(from)].push_back({to});
  return m;
}

enum class Entry { Source, Column, Diagonal, Axis };

class Oaba {
 public:
  Oaba(const Topology& t, PortModel ports) : t_(t), ports_(ports), remaining_(t.num_nodes()) {
    const std::size_t n = t.num_nodes();
    informed_.assign(n, -1);
    module_has_.assign(n / 10, 0);
    queue_.resize(n);
    ready_.assign(n, 0);
    programs_.resize(n / 10);
    column_ = column_programs(ports);
    lu_ = lu_template(ports);
  }

  Schedule run(NodeId source) {
    Schedule s;
    s.algorithm = ports_ == PortModel::One ? "kim-lee-sla" : "kim-lee-mla";
    s.source = source;
    s.ports = ports_;
    inform(source, Entry::Source, 0, -1);
    for (int step = 1; remaining_ > 0; ++step) {
      if (step > 100000) throw std::logic_error("kim-lee: no progress");
      std::vector<Transfer> round;
      std::vector<std::pair<NodeId, NodeId>> sends;
      std::vector<std::uint8_t> receiving(t_.num_nodes(), 0), module_receiving(module_has_.size(), 0);
      for (NodeId u = 0; u < t_.num_nodes(); ++u) {
        if (informed_[u] < 0 || ready_[u] > step) continue;
        while (!queue_[u].empty()) {
          const Group g = queue_[u].front();
          queue_[u].pop_front();
          bool sent = false;
          for (int x : g) {
            const NodeId v = target(u, x);
            const std::size_t mod = v / 10;
            const bool external = x == kExt;
            if (informed_[v] >= 0 || receiving[v]) continue;
            if (external && (module_has_[mod] || module_receiving[mod])) continue;
            receiving[v] = 1;
            module_receiving[mod] = 1;
            sends.push_back({u, v});
            round.push_back(Transfer{u, v});
            sent = true;
          }
          if (sent) break;  // one group per step; skipped groups take no step
        }
      }
      if (round.empty() && remaining_ > 0) {
        bool waiting = false;
        for (NodeId u = 0; u < t_.num_nodes(); ++u) waiting = waiting || (!queue_[u].empty() && informed_[u] >= 0);
        if (!waiting)
          throw std::logic_error("kim-lee: the programs stop with " + std::to_string(remaining_) + " node(s) uninformed");
      }
      for (const auto& [u, v] : sends) inform(v, entry_kind(u, v), step, static_cast<int>(u));
      s.rounds.push_back(std::move(round));
    }
    while (!s.rounds.empty() && s.rounds.back().empty()) s.rounds.pop_back();
    return s;
  }

 private:
  NodeId target(NodeId u, int x) const {
    if (x != kExt) return static_cast<NodeId>(u / 10 * 10 + static_cast<unsigned>(x));
    return t_.peer[u][0]->node;  // port 0 is the external link
  }
  bool same_module(NodeId a, NodeId b) const { return a / 10 == b / 10; }

  Entry entry_kind(NodeId from, NodeId to) const {
    if (same_module(from, to)) return Entry::Column;  // internal: the module's kind is already set
    const unsigned p = from % 10;
    if (p == 0 || p == 5) return Entry::Column;
    if (p == 2 || p == 3 || p == 7 || p == 8) return Entry::Diagonal;
    return Entry::Axis;
  }

  void inform(NodeId v, Entry how, int step, int from) {
    informed_[v] = step;
    ready_[v] = step + 1;
    --remaining_;
    const std::size_t mod = v / 10;
    const int p = static_cast<int>(v % 10);
    if (!module_has_[mod]) {
      module_has_[mod] = 1;
      if (how == Entry::Source || how == Entry::Column) programs_[mod] = column_;
      else if (how == Entry::Axis) programs_[mod] = inner_broadcast(p, ports_);
      else programs_[mod] = diagonal(p, static_cast<int>(static_cast<NodeId>(from) % 10));
    }
    if (how == Entry::Source) source_path(v);
    for (const Group& g : programs_[mod][static_cast<std::size_t>(p)]) queue_[v].push_back(g);
    flush_path(v);
  }

  // Condition 1 (1): the source's message reaches nodes 0 and 5 of its module
  // first (one-port: p0 -> p1 -> 0 or 5 -> the other; all-port: both paths
  // at once). p1 is the lower-numbered neighbour that is next to 0 or 5.
  void source_path(NodeId v) {
    const int p0 = static_cast<int>(v % 10);
    const NodeId base = v / 10 * 10;
    auto toward = [&](int from, int goal) {  // next node from `from` toward goal (0 or 5)
      if (adjacent(from, goal) || from == goal) return goal;
      for (unsigned q : petersen_neighbours(static_cast<unsigned>(from)))
        if (adjacent(static_cast<int>(q), goal)) return static_cast<int>(q);
      return goal;
    };
    auto walk = [&](int goal) {
      std::vector<int> path{p0};
      while (path.back() != goal) path.push_back(toward(path.back(), goal));
      return path;
    };
    if (p0 == 0 || p0 == 5) return;  // the column program sends 0 <-> 5 first
    if (ports_ == PortModel::One) {
      int goal = adjacent(p0, 0) ? 0 : 5;
      if (!adjacent(p0, 0) && !adjacent(p0, 5)) goal = adjacent(toward(p0, 0), 0) && toward(p0, 0) <= toward(p0, 5) ? 0 : 5;
      const std::vector<int> path = walk(goal);
      for (std::size_t k = 0; k + 1 < path.size(); ++k) path_sends_[base + static_cast<unsigned>(path[k])] = path[k + 1];
    } else {
      for (int goal : {0, 5}) {
        const std::vector<int> path = walk(goal);
        for (std::size_t k = 0; k + 1 < path.size(); ++k)
          path_groups_[base + static_cast<unsigned>(path[k])].push_back(path[k + 1]);
      }
    }
  }
  void flush_path(NodeId v) {
    if (auto it = path_sends_.find(v); it != path_sends_.end()) queue_[v].push_front({it->second});
    if (auto it = path_groups_.find(v); it != path_groups_.end()) queue_[v].push_front(it->second);
  }

  ModulePrograms diagonal(int entry, int from_p) {
    // The sender's node names the direction; the exit node continues it.
    // from 7 (LU) enter 8 exit 7; from 8 (RD) enter 7 exit 8;
    // from 2 (RU) enter 3 exit 2; from 3 (LD) enter 2 exit 3.
    std::array<int, 2> axis{}, diag{};
    switch (from_p) {
      case 7: axis = {4, 6}; diag = {2, 3}; break;  // (x-1, y+1): x-, y+
      case 8: axis = {1, 9}; diag = {2, 3}; break;  // (x+1, y-1): x+, y-
      case 2: axis = {1, 6}; diag = {7, 8}; break;  // (x+1, y+1): x+, y+
      default: axis = {4, 9}; diag = {7, 8}; break; // (x-1, y-1): x-, y-
    }
    return mapped(lu_, automorphism(entry, from_p, axis, diag));
  }

  const Topology& t_;
  PortModel ports_;
  std::vector<int> informed_;
  std::vector<std::uint8_t> module_has_;
  std::vector<std::deque<Group>> queue_;
  std::vector<int> ready_;
  std::vector<ModulePrograms> programs_;
  ModulePrograms column_, lu_;
  std::size_t remaining_ = 0;
  std::map<NodeId, int> path_sends_;
  std::map<NodeId, Group> path_groups_;
};

}  // namespace

Schedule kim_lee_one_to_all(const Topology& t, NodeId source, PortModel ports) {
  if (t.as<PetersenTorusKind>() == nullptr) throw ConfigError("algo", "kim-lee needs a 3PT topology, got " + t.spec);
  return Oaba(t, ports).run(source);
}

unsigned kim_lee_theorem_bound(unsigned l, unsigned m, PortModel ports) {
  const unsigned sla = l % 2 ? 2 * (l / 2) + 2 * (m / 2) + 15 : l + 2 * (m / 2) + 14;
  return ports == PortModel::One ? sla : sla - 8;
}

}  // namespace wormsim
