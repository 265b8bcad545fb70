// Store-and-forward broadcast schedules and the step engine that checks them
// (the SLA / one-port and MLA / all-port models of Kim and Lee, "Broadcasting
// Algorithms of Three-Dimensional Petersen-Torus Network"). A schedule is a list of rounds (steps);
// each round a list of transfers over single links. The engine enforces the
// rules of the port model in every round:
//   one-port (SLA): a node sends at most one message per step;
//   all-port (MLA): a node sends at most one message per link per step;
// and in both: the sender already holds the message, the receiver does not
// (every node receives exactly once), and every transfer is over a link.
#pragma once
#include <string>
#include <vector>

#include <wormsim/topology/topology.h>

namespace wormsim {

enum class PortModel { One, All };

inline const char* port_model_name(PortModel p) { return p == PortModel::One ? "one" : "all"; }

struct Transfer {
  NodeId from = 0, to = 0;
};

struct Schedule {
  std::string algorithm;
  NodeId source = 0;
  PortModel ports = PortModel::All;
  std::vector<std::vector<Transfer>> rounds;
  /// Sends the algorithm as printed makes to nodes that already hold the
  /// message; the schedule leaves them out (the step engine would reject a
  /// second receipt), and reports count them.
  std::size_t dropped = 0;
};

/// Builds a schedule round by round, leaving out (and counting) sends to
/// nodes that already hold the message.
class ScheduleBuilder {
 public:
  ScheduleBuilder(const Topology& t, std::string algorithm, NodeId source, PortModel ports);
  /// Starts a new round; sends go into the latest round.
  void next_round() { s_.rounds.emplace_back(); }
  /// from -> to in the current round, unless `to` already holds the message.
  void send(NodeId from, NodeId to);
  bool holds(NodeId n) const { return informed_[n] != 0; }
  Schedule take();

 private:
  Schedule s_;
  std::vector<char> informed_;
};

struct StepReport {
  std::string error;                ///< "" when the schedule obeys every rule
  unsigned steps = 0;               ///< rounds until the last node is informed
  std::size_t transfers = 0;
  std::vector<unsigned> informed_at;  ///< step after which each node holds the message (source: 0)
};

/// Runs `s` round by round on `t` and checks it.
StepReport run_steps(const Topology& t, const Schedule& s);

/// informed_at of a node that has not received the message.
inline constexpr unsigned kNotInformed = ~0u;

/// Starts a step count from `source`: informed_at is kNotInformed
/// everywhere but 0 at the source. Returns "" or why the source is bad.
std::string start_informed(const Topology& t, NodeId source, std::vector<unsigned>& informed_at);

/// Hop distances from `source` (breadth-first); eccentricity = their maximum.
std::vector<unsigned> hop_distances(const Topology& t, NodeId source);

/// The fewest steps any schedule can take: the source's eccentricity, and
/// for one-port also ceil(log2 N) (the informed set at most doubles).
unsigned broadcast_lower_bound(const Topology& t, NodeId source, PortModel ports);

}  // namespace wormsim
