// Bernoulli injection: in each cycle a node creates a packet with probability
// p = rate / mean packet length. The gap to the next packet is geometric,
// which is the same process.
#include <wormsim/traffic/injection.h>

namespace wormsim {
namespace {

class Bernoulli : public InjectionProcess {
 public:
  explicit Bernoulli(double p) : gap_(p) {}
  Cycle next(NodeId, Cycle from, Rng& rng) override {
    const Cycle g = gap_.draw(rng);
    return g >= kNever ? kNever : from + g - 1;
  }

 private:
  GeometricGap gap_;
};

}  // namespace

std::unique_ptr<InjectionProcess> injection::bernoulli(const InjectionConfig& c) {
  return std::make_unique<Bernoulli>(c.packet_rate);
}

}  // namespace wormsim
