// Shared by the permutation patterns: a family's axes, building a NodeMap
// from a move of coordinates, the check that it moves at least one node, and
// the bit count of a power-of-two node count.
#include <memory>
#include <stdexcept>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/topology.h>
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> node_map_pattern(const Topology& t, NodeMap::Map map, const std::string& pattern) {
  bool moves = false;
  for (NodeId n = 0; n < t.num_nodes() && !moves; ++n) moves = map(n) != n;
  if (!moves)
    throw ConfigError("traffic", pattern + " maps every node of " + t.spec + " onto itself: no packet would be sent");
  return std::make_unique<NodeMap>(std::move(map));
}

PermutationAxes permutation_axes(const Topology& t, const std::string& pattern) {
  if (auto axes = t.kind->permutation_axes()) return *axes;
  throw ConfigError("traffic", pattern + " has no meaning on " + t.spec + " (it maps coordinates of a mesh, torus "
                                         "or 3PT; use uniform, randperm, hotspot or neighbor)");
}

std::unique_ptr<TrafficPattern> coordinate_pattern(const Topology& t, const CoordinateMove& move,
                                                   const std::string& pattern) {
  auto table = std::make_shared<std::vector<NodeId>>(t.num_nodes());
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    std::vector<unsigned> c = t.kind->coordinates(n);
    move(c);
    const std::optional<NodeId> to = t.kind->node_at(c);
    if (!to) throw std::logic_error(pattern + ": a moved node has no coordinates on " + t.spec);
    (*table)[n] = *to;
  }
  return node_map_pattern(t, [table](NodeId n) { return (*table)[n]; }, pattern);
}

unsigned node_id_bits(const Topology& t, const std::string& pattern) {
  const std::size_t n = t.num_nodes();
  unsigned b = 0;
  while ((std::size_t{1} << b) < n) ++b;
  if (n < 2 || (std::size_t{1} << b) != n)
    throw ConfigError("traffic", pattern + " needs a power-of-two node count (it permutes node-id bits); " +
                                     t.spec + " has " + std::to_string(n) + " nodes");
  return b;
}

}  // namespace wormsim
