// Random permutation: every node sends all its packets to one partner, the
// partners a permutation of the nodes drawn (Fisher-Yates) from the run's
// seed on a stream of its own, so the same seed gives the same permutation
// and the injection streams are untouched. A node drawn onto itself sends
// nothing.
#include <numeric>

#include <wormsim/traffic/coordinate_map.h>

namespace wormsim {

std::unique_ptr<TrafficPattern> patterns::random_permutation(const Topology& t, std::uint64_t seed) {
  std::vector<NodeId> to(t.num_nodes());
  std::iota(to.begin(), to.end(), NodeId{0});
  Rng rng(seed, 0x7065726dull);  // "perm": a stream no node uses
  for (std::size_t i = to.size(); i > 1; --i) std::swap(to[i - 1], to[rng.below(i)]);
  return node_map_pattern(t, [to = std::move(to)](NodeId s) { return to[s]; }, "randperm");
}

}  // namespace wormsim
