// Synthetic traffic patterns: each picks a destination for a packet created at
// a source node. Patterns defined on coordinates use the grid of the topology
// (see grid.h); a node whose destination would be itself sends nothing.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <wormsim/core/flit.h>
#include <wormsim/core/rng.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

struct PatternConfig {
  std::string name = "uniform";   ///< uniform | transpose | bitcomp | hotspot | neighbor
  NodeId hotspot_node = 0;        ///< hotspot: the hot node
  double hotspot_fraction = 0.1;  ///< hotspot: share of packets sent to it
};

class TrafficPattern {
 public:
  virtual ~TrafficPattern() = default;
  /// Destination of a new packet from `src`, or nothing if `src` sends none.
  virtual std::optional<NodeId> destination(NodeId src, Rng& rng) const = 0;
};

/// Names accepted by make_pattern, for messages and --help.
const std::vector<std::string>& pattern_names();

/// Throws ConfigError naming field "traffic" (or the hotspot fields).
std::unique_ptr<TrafficPattern> make_pattern(const PatternConfig& config, const Topology& t);

namespace patterns {
std::unique_ptr<TrafficPattern> uniform(const Topology& t);
std::unique_ptr<TrafficPattern> transpose(const Topology& t);
std::unique_ptr<TrafficPattern> bit_complement(const Topology& t);
std::unique_ptr<TrafficPattern> hotspot(const Topology& t, NodeId hot, double fraction);
std::unique_ptr<TrafficPattern> neighbor(const Topology& t);
}  // namespace patterns

}  // namespace wormsim
