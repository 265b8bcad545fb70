// Nearest neighbour: a uniformly chosen node one link away.
#include <wormsim/traffic/pattern.h>

namespace wormsim {
namespace {

class Neighbor : public TrafficPattern {
 public:
  explicit Neighbor(const Topology& t) : neighbours_(t.num_nodes()) {
    for (NodeId n = 0; n < t.num_nodes(); ++n)
      for (const auto& p : t.peer[n])
        if (p && p->node != n) neighbours_[n].push_back(p->node);
  }
  std::optional<NodeId> destination(NodeId src, Rng& rng) const override {
    const auto& list = neighbours_[src];
    if (list.empty()) return std::nullopt;
    return list[rng.below(list.size())];
  }

 private:
  std::vector<std::vector<NodeId>> neighbours_;
};

}  // namespace

std::unique_ptr<TrafficPattern> patterns::neighbor(const Topology& t) {
  return std::make_unique<Neighbor>(t);
}

}  // namespace wormsim
