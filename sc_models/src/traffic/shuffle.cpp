// Perfect shuffle: with 2^b nodes, node s sends to s rotated left by one bit
// (d_i = s_{(i-1) mod b}).
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::shuffle(const Topology& t) {
  const unsigned b = node_id_bits(t, "shuffle");
  const NodeId mask = static_cast<NodeId>((std::uint64_t{1} << b) - 1);
  return node_map_pattern(t, [b, mask](NodeId s) {
    return static_cast<NodeId>(((s << 1) | (s >> (b - 1))) & mask);
  }, "shuffle");
}

}  // namespace wormsim
