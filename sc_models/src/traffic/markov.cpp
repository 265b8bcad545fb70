// Markov on/off, BookSim's on_off process: each node is a two-state chain
// stepped once per cycle, starting off. Each cycle the state moves first (off
// to on with probability alpha, on to off with probability beta), then a node
// that is on creates a packet with probability r1 = p (alpha + beta) / alpha,
// p the long-run packets per node per cycle: on a fraction alpha / (alpha +
// beta) of the time, it offers p. A run of off cycles is drawn as one
// geometric gap; on cycles are stepped one by one.
#include <wormsim/core/config_error.h>
#include <wormsim/traffic/injection.h>

namespace wormsim {
namespace {

class Markov : public InjectionProcess {
 public:
  Markov(const InjectionConfig& c, std::size_t nodes)
      : alpha_(c.burst_alpha), beta_(c.burst_beta),
        r1_(c.packet_rate * (c.burst_alpha + c.burst_beta) / c.burst_alpha), on_(nodes, 0) {}

  Cycle next(NodeId n, Cycle from, Rng& rng) override {
    std::uint8_t& on = on_[n];
    for (Cycle c = from; c < kNever; ++c) {
      if (!on) {  // off: the cycle it turns on, then its packet test in that cycle
        const Cycle gap = geometric_gap(alpha_, rng);
        if (gap >= kNever || c + gap - 1 >= kNever) return kNever;
        c += gap - 1;
        on = 1;
      } else if (rng.uniform() < beta_) {
        on = 0;
        continue;
      }
      if (rng.uniform() < r1_) return c;
    }
    return kNever;
  }

 private:
  double alpha_, beta_, r1_;
  std::vector<std::uint8_t> on_;  ///< a byte per node: next() for different nodes may run at once
};

}  // namespace

std::unique_ptr<InjectionProcess> injection::markov(const InjectionConfig& c, std::size_t nodes) {
  if (!(c.burst_alpha > 0.0 && c.burst_alpha <= 1.0))
    throw ConfigError("burst_alpha", "expected a probability in (0, 1], got " + std::to_string(c.burst_alpha));
  if (!(c.burst_beta >= 0.0 && c.burst_beta <= 1.0))
    throw ConfigError("burst_beta", "expected a probability in [0, 1], got " + std::to_string(c.burst_beta));
  const double r1 = c.packet_rate * (c.burst_alpha + c.burst_beta) / c.burst_alpha;
  if (r1 > 1.0)
    throw ConfigError("burst_alpha", "an on node would need a packet with probability " + std::to_string(r1) +
                                         " per cycle (rate x (alpha + beta) / alpha): expected at most 1");
  return std::make_unique<Markov>(c, nodes);
}

}  // namespace wormsim
