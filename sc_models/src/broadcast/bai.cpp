#include <wormsim/broadcast/bai.h>

#include <algorithm>
#include <map>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/arrangement.h>

namespace wormsim {
namespace {

using Arr = std::vector<unsigned char>;

struct Task {
  NodeId rep;
  std::vector<unsigned> free;  ///< free positions (0-based), ascending
};
using Rounds = std::vector<std::vector<std::pair<NodeId, NodeId>>>;

const ArrangementKind& arrangement(const Topology& t, const char* algo) {
  const auto* k = t.as<ArrangementKind>();
  if (k == nullptr) throw ConfigError("algo", std::string(algo) + " needs arrangement:N,K, got " + t.spec);
  return *k;
}

bool uses(const Arr& p, unsigned e) { return std::find(p.begin(), p.end(), e) != p.end(); }

unsigned ceil_lg(unsigned v) {
  unsigned r = 0;
  while ((1u << r) < v) ++r;
  return r;
}

// One level of one subgraph, as both algorithms start it: the
// representative u, the partition position t = min F, the free positions
// after it, and the elements u does not use, ascending (z is the first).
struct Level {
  NodeId rep;
  const Arr& u;
  unsigned t;
  std::vector<unsigned> rest;
  std::vector<unsigned> ext;
  unsigned free_count() const { return static_cast<unsigned>(rest.size()) + 1; }
  /// F[i]: the i-th free position, ascending (F[0] = t).
  unsigned free_position(unsigned i) const { return i == 0 ? t : rest[i - 1]; }
};

class Levels {
 public:
  Levels(const Topology& t, const ArrangementKind& g, const char* name, NodeId source)
      : g_(g), b_(t, name, source, PortModel::One) {}

  template <class Step>
  Schedule run(NodeId source, Step step) {
    std::vector<unsigned> all(g_.k());
    for (unsigned i = 0; i < g_.k(); ++i) all[i] = i;
    std::vector<Task> tasks{{source, all}};
    while (!tasks.empty()) {
      Rounds rounds;
      std::vector<Task> next;
      for (const Task& task : tasks) {
        Rounds mine;
        Level level{task.rep, g_.arrangement(task.rep), task.free[0],
                    std::vector<unsigned>(task.free.begin() + 1, task.free.end()), {}};
        for (unsigned e = 1; e <= g_.n(); ++e)
          if (!uses(level.u, e)) level.ext.push_back(e);
        step(level, mine, next);
        if (rounds.size() < mine.size()) rounds.resize(mine.size());
        for (std::size_t r = 0; r < mine.size(); ++r) rounds[r].insert(rounds[r].end(), mine[r].begin(), mine[r].end());
      }
      for (const auto& round : rounds) {
        b_.next_round();
        for (const auto& [from, to] : round) b_.send(from, to);
      }
      tasks = std::move(next);
    }
    return b_.take();
  }

  NodeId with(NodeId id, unsigned pos, unsigned e) const {
    Arr p = g_.arrangement(id);
    p[pos] = static_cast<unsigned char>(e);
    return g_.id_of(p);
  }

 private:
  const ArrangementKind& g_;
  ScheduleBuilder b_;
};

}  // namespace

Schedule bai_okn_broadcast(const Topology& t, NodeId source) {
  const ArrangementKind& g = arrangement(t, "bai-okn");
  Levels levels(t, g, "bai-okn", source);
  return levels.run(source, [&](const Level& lv, Rounds& rounds, std::vector<Task>& next) {
    const Arr& u = lv.u;
    const unsigned pos_t = lv.t;
    const std::vector<unsigned>& rest = lv.rest;
    const std::vector<unsigned>& ext = lv.ext;
    const NodeId rep = lv.rep;
    if (!rest.empty()) next.push_back(Task{rep, rest});
    for (unsigned e : ext) {  // (1) the external subgraphs, one per step
      const NodeId v = levels.with(rep, pos_t, e);
      rounds.push_back({{rep, v}});
      if (!rest.empty()) next.push_back(Task{v, rest});
    }
    if (rest.empty()) return;
    const unsigned z = ext.front();
    std::vector<std::pair<NodeId, NodeId>> third;
    for (unsigned f : rest) {  // (2) the mediates, one per step; (3) all at once
      const NodeId m = levels.with(rep, f, z);
      rounds.push_back({{rep, m}});
      const NodeId v = levels.with(m, pos_t, u[f]);
      third.emplace_back(m, v);
      next.push_back(Task{v, rest});
    }
    rounds.push_back(third);
  });
}

Schedule bai_oklgn_broadcast(const Topology& t, NodeId source) {
  const ArrangementKind& g = arrangement(t, "bai-oklgn");
  Levels levels(t, g, "bai-oklgn", source);
  return levels.run(source, [&](const Level& lv, Rounds& rounds, std::vector<Task>& next) {
    const Arr& u = lv.u;
    const unsigned pos_t = lv.t;
    const unsigned kk = lv.free_count();
    const std::vector<unsigned>& rest = lv.rest;
    const std::vector<unsigned>& ext = lv.ext;
    const NodeId rep = lv.rep;
    // Subgraph representatives, in the order they are reached.
    std::vector<NodeId> reps{rep};
    std::vector<unsigned> pending_ext(ext.begin(), ext.end());
    std::map<NodeId, unsigned> internal;  // mediate -> element it carries into position t
    if (kk >= 2) {
      // Phase 1: doubling creates the mediates p^1..p^k'.
      const unsigned z = ext.front();
      std::vector<NodeId> p(kk + 1, rep);
      for (unsigned m = 1; m <= ceil_lg(kk + 1); ++m) {
        rounds.emplace_back();
        const unsigned half = 1u << (m - 1);
        for (unsigned x = 0; x < half && x + half <= kk; ++x) {
          const unsigned j = x + half;
          p[j] = levels.with(p[x], lv.free_position(j - 1), x == 0 ? z : u[lv.free_position(x - 1)]);
          rounds.back().emplace_back(p[x], p[j]);
        }
      }
      reps.push_back(p[1]);  // p^1 = u[t <- z] is in subgraph z
      pending_ext.erase(pending_ext.begin());
      for (unsigned j = 2; j <= kk; ++j) internal[p[j]] = u[lv.free_position(j - 1)];
    }
    // Phase 2 (k' >= 2) or the binomial broadcast of K_n' (k' = 1): every
    // holder sends into one more subgraph per step.
    std::vector<NodeId> mediates;
    for (const auto& [m, e] : internal) mediates.push_back(m);
    while (!pending_ext.empty() || !internal.empty()) {
      rounds.emplace_back();
      std::vector<NodeId> reached;
      for (NodeId m : mediates) {
        auto it = internal.find(m);
        if (it != internal.end()) {
          const NodeId v = levels.with(m, pos_t, it->second);
          rounds.back().emplace_back(m, v);
          reached.push_back(v);
          internal.erase(it);
        } else if (!pending_ext.empty()) {
          const NodeId v = levels.with(m, pos_t, pending_ext.front());
          pending_ext.erase(pending_ext.begin());
          rounds.back().emplace_back(m, v);
          reached.push_back(v);
        }
      }
      for (NodeId r : reps) {
        if (pending_ext.empty()) break;
        const NodeId v = levels.with(r, pos_t, pending_ext.front());
        pending_ext.erase(pending_ext.begin());
        rounds.back().emplace_back(r, v);
        reached.push_back(v);
      }
      reps.insert(reps.end(), reached.begin(), reached.end());
    }
    if (!rest.empty())
      for (NodeId r : reps) next.push_back(Task{r, rest});
  });
}

unsigned bai_okn_paper_steps(unsigned n, unsigned k) {
  unsigned l = k * (n - k) + (k - 1);
  for (unsigned j = 0; j + 2 <= k; ++j) l += k - j;
  return l;
}

unsigned bai_oklgn_paper_steps(unsigned n, unsigned k) {
  unsigned l = 0;
  for (unsigned kk = k; kk >= 2; --kk) {
    const unsigned nn = n - (k - kk);
    l += ceil_lg(kk + 1) + ceil_lg((nn - 1 + kk + kk - 1) / kk);
  }
  return l + ceil_lg(n - k + 1);
}

}  // namespace wormsim
