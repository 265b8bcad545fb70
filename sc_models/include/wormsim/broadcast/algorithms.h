// Broadcast algorithms as schedule builders, one per file, listed here.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include <wormsim/broadcast/schedule.h>
#include <wormsim/broadcast/worm_schedule.h>
#include <wormsim/core/rng.h>

namespace wormsim {

struct BroadcastAlgorithm {
  std::string name;
  std::string description;
  PortModel ports = PortModel::All;
  /// Store-and-forward schedules (checked by run_steps); empty for worm algorithms.
  std::function<Schedule(const Topology&, NodeId source)> build;
  /// Multi-destination worm algorithms (checked by check_phases); empty otherwise.
  std::function<WormSchedule(const Topology&, NodeId source)> build_worms;
  /// Where it applies, for people ("any", "3pt", ...), and the test; empty: any.
  std::string topologies = "any";
  std::function<bool(const Topology&)> applies;
  bool applies_to(const Topology& t) const { return !applies || applies(t); }
  /// The step count its paper claims (a theorem's bound or a formula), if
  /// the paper gives one.
  std::function<unsigned(const Topology&)> claimed_steps;
  /// Its multicast form (worms to a set of destinations), if it has one;
  /// empty otherwise.
  std::function<WormSchedule(const Topology&, NodeId source, const std::vector<NodeId>& destinations)>
      build_multicast;

  bool store_and_forward() const { return static_cast<bool>(build); }

  /// Named builders for the table's rows (registry.cpp).
  static BroadcastAlgorithm steps(std::string name, std::string description, PortModel ports,
                                  std::function<Schedule(const Topology&, NodeId)> build);
  static BroadcastAlgorithm worm(std::string name, std::string description, PortModel ports,
                                 std::function<WormSchedule(const Topology&, NodeId)> build);
  BroadcastAlgorithm on(std::string where, std::function<bool(const Topology&)> test) const;
  BroadcastAlgorithm claims(std::function<unsigned(const Topology&)> bound) const;
  BroadcastAlgorithm multicast(
      std::function<WormSchedule(const Topology&, NodeId, const std::vector<NodeId>&)> form) const;
  WormSchedule worms(const Topology& t, NodeId source) const {
    return build_worms ? build_worms(t, source) : as_worms(build(t, source));
  }
};

/// All-port: every informed node sends to all its uninformed neighbours in
/// the next step (breadth-first). Takes exactly eccentricity(source) steps,
/// which no schedule can beat: optimal.
Schedule all_port_bfs(const Topology& t, NodeId source);

/// One-port: in each step every informed node sends to at most one
/// uninformed neighbour; the pairs are a greedy matching that serves first
/// the receivers farthest from the source and, among senders, the one with
/// the fewest choices. A heuristic: the step count is reported against the
/// lower bound max(eccentricity, ceil(log2 N)).
/// With `jitter`, ties and near-ties are broken at random (see
/// one_port_best).
Schedule one_port_greedy(const Topology& t, NodeId source, Rng* jitter = nullptr);

/// One-port: the plain greedy and 64 randomized variants of it (fixed seeds,
/// so deterministic), the fewest steps wins; stops early at the lower bound.
Schedule one_port_best(const Topology& t, NodeId source);

const std::vector<BroadcastAlgorithm>& broadcast_algorithms();

/// nullptr if unknown.
const BroadcastAlgorithm* find_broadcast_algorithm(const std::string& name);

/// The names of the algorithms with a multicast form, comma-separated.
std::string multicast_algorithm_names();

}  // namespace wormsim
