// A traffic pattern that is a fixed map of node ids (transpose, bit
// complement, tornado, diagonal: moves of the coordinates the topology family
// names in TopologyKind::permutation_axes). A node mapped onto itself sends
// nothing, or (self packets allowed) to itself.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include <wormsim/topology/kind.h>

#include <wormsim/traffic/pattern.h>

namespace wormsim {

class NodeMap : public TrafficPattern {
 public:
  using Map = std::function<NodeId(NodeId)>;
  explicit NodeMap(Map map) : map_(std::move(map)) {}

  std::optional<NodeId> destination(NodeId src, Rng&) const override {
    const NodeId d = map_(src);
    if (d == src && !self_) return std::nullopt;
    return d;
  }
  void allow_self_packets() override { self_ = true; }

 private:
  Map map_;
  bool self_ = false;
};

}  // namespace wormsim

namespace wormsim {

/// A NodeMap pattern named `pattern`; throws ConfigError (field "traffic")
/// if it maps every node onto itself (no packet would ever be sent: e.g.
/// tornado where every side is 1 or 2).
std::unique_ptr<TrafficPattern> node_map_pattern(const Topology& t, NodeMap::Map map, const std::string& pattern);

/// The family's permutation axes; throws ConfigError (field "traffic")
/// naming `pattern` where the family has none.
PermutationAxes permutation_axes(const Topology& t, const std::string& pattern);

/// Moves a node's coordinates (TopologyKind::coordinates order) in place.
using CoordinateMove = std::function<void(std::vector<unsigned>& coords)>;

/// The NodeMap pattern `pattern` that sends every node to the node at its
/// moved coordinates (node_map_pattern's check included).
std::unique_ptr<TrafficPattern> coordinate_pattern(const Topology& t, const CoordinateMove& move,
                                                   const std::string& pattern);

/// b for a topology of 2^b nodes (b >= 1); throws ConfigError (field
/// "traffic") naming `pattern` otherwise: bit patterns have no meaning there.
unsigned node_id_bits(const Topology& t, const std::string& pattern);

}  // namespace wormsim
