// Synthetic traffic patterns: each picks a destination for a packet created at
// a source node. Patterns defined on coordinates use the topology family's
// coordinates (TopologyKind::permutation_axes); patterns defined on node-id bits
// need a power-of-two node count. A node whose destination would be itself
// sends nothing, and uniform draws among the other nodes; with
// PatternConfig::self_packets (BookSim's patterns) such a node sends to
// itself, through its own router, and uniform draws among all nodes.
//
// The pattern table (traffic_patterns()) is the one list of names: CLI help,
// validation and the tests' case lists come from it. Adding a pattern is one
// file and one line in src/traffic/registry.cpp.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <wormsim/core/flit.h>
#include <wormsim/core/rng.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

struct PatternConfig {
  std::string name = "uniform";   ///< a name of traffic_patterns()
  NodeId hotspot_node = 0;        ///< hotspot: the hot node
  double hotspot_fraction = 0.1;  ///< hotspot: share of packets sent to it
  std::uint64_t seed = 1;         ///< random permutation: which one
  bool self_packets = false;      ///< packets may be bound for their own node (above)
};

class TrafficPattern {
 public:
  virtual ~TrafficPattern() = default;
  /// Destination of a new packet from `src`, or nothing if `src` sends none.
  /// May run on several threads at once (for different sources).
  virtual std::optional<NodeId> destination(NodeId src, Rng& rng) const = 0;
  /// Lets packets be bound for their own node (PatternConfig::self_packets),
  /// for the patterns that would send one there; the others ignore it.
  virtual void allow_self_packets() {}
};

struct PatternInfo {
  std::string name;
  std::string description;  ///< one line: what the destination is
  std::string applies;      ///< where it means something, for people
  /// Builds it; throws ConfigError (field "traffic", or the pattern's own
  /// fields) where it has no meaning.
  std::function<std::unique_ptr<TrafficPattern>(const PatternConfig&, const Topology&)> make;
  /// Uniform: the topology's uniform-traffic throughput bounds apply to it
  /// (the results then give the tightest and the accepted share of it).
  enum class Bounds { None, Uniform } bounds = Bounds::None;
};

/// The pattern table, in the order help lists it.
const std::vector<PatternInfo>& traffic_patterns();

/// Names of the table, for tests.
std::vector<std::string> pattern_names();

/// The table entry named `name`; throws ConfigError("traffic") naming the choices.
const PatternInfo& find_pattern(const std::string& name);

/// Throws ConfigError naming field "traffic" (or the hotspot fields).
std::unique_ptr<TrafficPattern> make_pattern(const PatternConfig& config, const Topology& t);

namespace patterns {
std::unique_ptr<TrafficPattern> uniform(const Topology& t);
std::unique_ptr<TrafficPattern> transpose(const Topology& t);
std::unique_ptr<TrafficPattern> bit_complement(const Topology& t);
std::unique_ptr<TrafficPattern> bit_reverse(const Topology& t);
std::unique_ptr<TrafficPattern> shuffle(const Topology& t);
std::unique_ptr<TrafficPattern> tornado(const Topology& t);
std::unique_ptr<TrafficPattern> diagonal(const Topology& t);
std::unique_ptr<TrafficPattern> random_permutation(const Topology& t, std::uint64_t seed);
std::unique_ptr<TrafficPattern> hotspot(const Topology& t, NodeId hot, double fraction);
std::unique_ptr<TrafficPattern> neighbor(const Topology& t);
}  // namespace patterns

}  // namespace wormsim
