#include <wormsim/topology/lanes.h>

#include <wormsim/topology/topology.h>

namespace wormsim {

std::vector<unsigned> contiguous_lanes(std::size_t nodes, unsigned lanes) {
  std::vector<unsigned> lane(nodes, 0);
  for (std::size_t n = 0; n < nodes && lanes > 1; ++n) lane[n] = static_cast<unsigned>(n * lanes / nodes);
  return lane;
}

std::size_t links_between_lanes(const Topology& t, const std::vector<unsigned>& lane) {
  std::size_t n = 0;
  for (NodeId a = 0; a < t.num_nodes(); ++a)
    for (const auto& peer : t.peer[a])
      if (peer && lane[peer->node] != lane[a]) ++n;
  return n;
}

BlockCut block_lanes(const Topology& t, const std::vector<std::array<unsigned, 3>>& cell_of_node,
                     const std::array<unsigned, 3>& extent, unsigned lanes) {
  const double cells = static_cast<double>(extent[0]) * extent[1] * extent[2];
  BlockCut best;
  std::size_t best_links = 0;
  for (unsigned a = 1; a <= lanes; ++a) {
    if (lanes % a != 0 || a > extent[0]) continue;
    for (unsigned b = 1; b <= lanes / a; ++b) {
      if ((lanes / a) % b != 0 || b > extent[1]) continue;
      const unsigned c = lanes / a / b;
      if (c > extent[2]) continue;
      const std::array<unsigned, 3> parts{a, b, c};
      double largest = 1;
      for (unsigned d = 0; d < 3; ++d) largest *= (extent[d] + parts[d] - 1) / parts[d];
      if (largest > kMaxLaneImbalance * cells / lanes) continue;
      std::vector<unsigned> lane(cell_of_node.size());
      for (std::size_t n = 0; n < cell_of_node.size(); ++n) {
        unsigned k = 0;
        for (unsigned d = 0; d < 3; ++d) k = k * parts[d] + cell_of_node[n][d] * parts[d] / extent[d];
        lane[n] = k;
      }
      const std::size_t links = links_between_lanes(t, lane);
      // a before b rising: of the ties, the first has the most parts along c, then b
      if (best.lane.empty() || links < best_links) {
        best = BlockCut{parts, std::move(lane)};
        best_links = links;
      }
    }
  }
  return best;
}

}  // namespace wormsim
