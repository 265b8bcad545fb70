// Bit reverse: with 2^b nodes, node s sends to the node whose id is s's b
// bits in reverse order (d_i = s_{b-1-i}). On a mesh or torus whose sides are
// powers of two the node id is x + X (y + Y z), so this reverses the
// concatenated coordinate bits, as in Dally and Towles.
#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::bit_reverse(const Topology& t) {
  const unsigned b = node_id_bits(t, "bitrev");
  return node_map_pattern(t, [b](NodeId s) {
    NodeId d = 0;
    for (unsigned i = 0; i < b; ++i)
      if (s & (NodeId{1} << i)) d |= NodeId{1} << (b - 1 - i);
    return d;
  }, "bitrev");
}

}  // namespace wormsim
