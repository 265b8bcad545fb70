#include <wormsim/broadcast/algorithms.h>
#include <wormsim/core/rng.h>

namespace wormsim {

Schedule one_port_best(const Topology& t, NodeId source) {
  Schedule best = one_port_greedy(t, source);
  const unsigned bound = broadcast_lower_bound(t, source, PortModel::One);
  for (std::uint64_t seed = 1; seed <= 64 && best.rounds.size() > bound; ++seed) {
    Rng rng(seed, source);
    Schedule s = one_port_greedy(t, source, &rng);
    if (s.rounds.size() < best.rounds.size()) best = std::move(s);
  }
  best.algorithm = "best-one-port";
  return best;
}

}  // namespace wormsim
