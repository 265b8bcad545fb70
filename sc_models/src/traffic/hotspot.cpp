// Hotspot: a fraction of packets go to one hot node, the rest uniformly.
#include <wormsim/traffic/pattern.h>

namespace wormsim {
namespace {

class Hotspot : public TrafficPattern {
 public:
  Hotspot(const Topology& t, NodeId hot, double fraction)
      : uniform_(patterns::uniform(t)), hot_(hot), fraction_(fraction) {}
  std::optional<NodeId> destination(NodeId src, Rng& rng) const override {
    if (src != hot_ && rng.bernoulli(fraction_)) return hot_;
    return uniform_->destination(src, rng);
  }
  void allow_self_packets() override { uniform_->allow_self_packets(); }

 private:
  std::unique_ptr<TrafficPattern> uniform_;
  NodeId hot_;
  double fraction_;
};

}  // namespace

std::unique_ptr<TrafficPattern> patterns::hotspot(const Topology& t, NodeId hot, double fraction) {
  return std::make_unique<Hotspot>(t, hot, fraction);
}

}  // namespace wormsim
