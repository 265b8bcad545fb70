// A traffic pattern that is a fixed map of grid coordinates (transpose, bit
// complement, ...). A node mapped onto itself sends nothing.
#pragma once
#include <functional>

#include <wormsim/topology/grid.h>
#include <wormsim/traffic/pattern.h>

namespace wormsim {

class CoordinateMap : public TrafficPattern {
 public:
  using Map = std::function<Coord(const Coord&, const std::array<unsigned, 3>& dims)>;
  CoordinateMap(const Topology& t, Map map) : dims_(t.dims), map_(std::move(map)) {}

  std::optional<NodeId> destination(NodeId src, Rng&) const override {
    const NodeId d = id_of(dims_, map_(coord_of(dims_, src), dims_));
    if (d == src) return std::nullopt;
    return d;
  }

 private:
  std::array<unsigned, 3> dims_;
  Map map_;
};

/// A fixed map of node ids (for topologies whose coordinates are not a grid,
/// such as 3PT's (z, x, y, p)). A node mapped onto itself sends nothing.
class NodeMap : public TrafficPattern {
 public:
  using Map = std::function<NodeId(NodeId)>;
  explicit NodeMap(Map map) : map_(std::move(map)) {}

  std::optional<NodeId> destination(NodeId src, Rng&) const override {
    const NodeId d = map_(src);
    if (d == src) return std::nullopt;
    return d;
  }

 private:
  Map map_;
};

}  // namespace wormsim
