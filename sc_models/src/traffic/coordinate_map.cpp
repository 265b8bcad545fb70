// Shared by the permutation patterns: building a NodeMap that moves at least
// one node, and the bit count of a power-of-two node count.
#include <wormsim/core/config_error.h>
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> node_map_pattern(const Topology& t, NodeMap::Map map, const std::string& pattern) {
  bool moves = false;
  for (NodeId n = 0; n < t.num_nodes() && !moves; ++n) moves = map(n) != n;
  if (!moves)
    throw ConfigError("traffic", pattern + " maps every node of " + t.spec + " onto itself: no packet would be sent");
  return std::make_unique<NodeMap>(std::move(map));
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
