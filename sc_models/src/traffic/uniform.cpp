// Uniform random: every other node is equally likely (self packets allowed:
// every node, its own included, as BookSim's uniform).
#include <wormsim/traffic/pattern.h>

namespace wormsim {
namespace {

class Uniform : public TrafficPattern {
 public:
  explicit Uniform(std::size_t nodes) : nodes_(nodes) {}
  std::optional<NodeId> destination(NodeId src, Rng& rng) const override {
    if (self_) return static_cast<NodeId>(rng.below(nodes_));
    NodeId d = static_cast<NodeId>(rng.below(nodes_ - 1));
    return d >= src ? d + 1 : d;
  }
  void allow_self_packets() override { self_ = true; }

 private:
  std::size_t nodes_;
  bool self_ = false;
};

}  // namespace

std::unique_ptr<TrafficPattern> patterns::uniform(const Topology& t) {
  return std::make_unique<Uniform>(t.num_nodes());
}

}  // namespace wormsim
