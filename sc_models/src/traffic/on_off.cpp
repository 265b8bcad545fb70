// On/off (Markov-modulated) injection. Each node is a two-state chain, one
// step per cycle. On: it creates a packet with probability 1 / L per cycle
// (one flit per cycle, L the mean packet length); off: nothing. An on-period
// lasts B x L cycles on average (B = burst, packets per burst), an off-period
// B x L x (1 - r) / r, so the node is on a fraction r of the time and offers
// r flits per cycle in the long run, the rate asked for. Period lengths are
// geometric (the chain is memoryless), drawn when a period starts; the first
// period of each node is on with probability r. At r = 1 the node is always
// on.
#include <algorithm>
#include <cmath>

#include <wormsim/core/config_error.h>
#include <wormsim/traffic/injection.h>

namespace wormsim {
namespace {

class OnOff : public InjectionProcess {
 public:
  OnOff(const InjectionConfig& c, std::size_t nodes)
      : q_(std::min(1.0, 1.0 / c.mean_length)), nodes_(nodes) {
    const double r = std::min(1.0, c.packet_rate * c.mean_length);  // flits/cycle = fraction on
    on_fraction_ = r;
    mean_on_ = std::max(1.0, c.burst * c.mean_length);
    mean_off_ = r >= 1.0 ? 0.0 : mean_on_ * (1.0 - r) / r;
  }

  Cycle next(NodeId n, Cycle from, Rng& rng) override {
    State& s = nodes_[n];
    if (!s.started) {
      s.started = true;
      s.on = rng.bernoulli(on_fraction_);
      s.end = period(s.on, 0, rng);
    }
    Cycle c = from;
    for (;;) {
      if (c >= kNever) return kNever;
      if (c >= s.end) {  // the period ended before c: the next one starts at s.end
        s.on = !s.on || mean_off_ == 0.0;
        s.end = period(s.on, s.end, rng);
        continue;
      }
      if (!s.on) {
        c = s.end;
        continue;
      }
      const Cycle g = q_.draw(rng);
      if (g >= kNever) return kNever;
      const Cycle at = c + g - 1;
      if (at < s.end) return at;
      c = s.end;  // memoryless: the rest of the gap is redrawn in the next on-period
    }
  }

 private:
  struct State {
    bool started = false;
    bool on = false;
    Cycle end = 0;  ///< first cycle after the current period
  };

  /// End of a period of the given kind starting at `start`: on-periods are
  /// geometric on {1, 2, ...} with mean mean_on_, off-periods on {0, 1, ...}
  /// with mean mean_off_ (so any mean, however short, is exact).
  Cycle period(bool on, Cycle start, Rng& rng) const {
    if (on) {
      const Cycle len = geometric_gap(1.0 / mean_on_, rng);
      return len >= kNever ? kNever : start + len;
    }
    if (mean_off_ == 0.0) return start;
    const Cycle len = geometric_gap(1.0 / (1.0 + mean_off_), rng);
    return len >= kNever ? kNever : start + len - 1;
  }

  GeometricGap q_;  ///< the gap between packets while on
  double on_fraction_ = 1, mean_on_ = 1, mean_off_ = 0;
  std::vector<State> nodes_;
};

}  // namespace

std::unique_ptr<InjectionProcess> injection::on_off(const InjectionConfig& c, std::size_t nodes) {
  if (!(c.burst >= 1.0 && c.burst <= 1e6))
    throw ConfigError("burst", "expected a mean burst length of 1 to 1e6 packets");
  return std::make_unique<OnOff>(c, nodes);
}

}  // namespace wormsim
