// Bit reverse: with 2^b nodes, node s sends to the node whose id is s's b
// bits in reverse order (d_i = s_{b-1-i}). On a mesh or torus whose sides are
// powers of two the node id is x + X (y + Y z), so this reverses the
// concatenated coordinate bits, as in Dally and Towles.
#include <wormsim/core/config_error.h>
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

unsigned node_id_bits(const Topology& t, const std::string& pattern) {
  const std::size_t n = t.num_nodes();
  unsigned b = 0;
  while ((std::size_t{1} << b) < n) ++b;
  if (n < 2 || (std::size_t{1} << b) != n)
    throw ConfigError("traffic", pattern + " needs a power-of-two node count (it permutes node-id bits); " +
                                     t.spec + " has " + std::to_string(n) + " nodes");
  return b;
}

std::unique_ptr<TrafficPattern> patterns::bit_reverse(const Topology& t) {
  const unsigned b = node_id_bits(t, "bitrev");
  return std::make_unique<NodeMap>([b](NodeId s) {
    NodeId d = 0;
    for (unsigned i = 0; i < b; ++i)
      if (s & (NodeId{1} << i)) d |= NodeId{1} << (b - 1 - i);
    return d;
  });
}

}  // namespace wormsim
