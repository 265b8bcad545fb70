// Uniform random: every other node is equally likely.
#include <wormsim/traffic/pattern.h>

namespace wormsim {
namespace {

class Uniform : public TrafficPattern {
 public:
  explicit Uniform(std::size_t nodes) : nodes_(nodes) {}
  std::optional<NodeId> destination(NodeId src, Rng& rng) const override {
    NodeId d = static_cast<NodeId>(rng.below(nodes_ - 1));
    return d >= src ? d + 1 : d;
  }

 private:
  std::size_t nodes_;
};

}  // namespace

std::unique_ptr<TrafficPattern> patterns::uniform(const Topology& t) {
  return std::make_unique<Uniform>(t.num_nodes());
}

}  // namespace wormsim
