// A traffic pattern that is a fixed map of node ids (transpose, bit
// complement: TopologyKind::permutation). A node mapped onto itself sends
// nothing.
#pragma once
#include <functional>

#include <wormsim/traffic/pattern.h>

namespace wormsim {

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
