// The injection process table.
#include <cmath>

#include <wormsim/core/choice.h>
#include <wormsim/traffic/injection.h>

namespace wormsim {

Cycle geometric_gap(double p, Rng& rng) { return GeometricGap(p).draw(rng); }

GeometricGap::GeometricGap(double p) : p_(p), log_fail_(p >= 1.0 ? 0.0 : std::log1p(-p)) {}

Cycle GeometricGap::draw(Rng& rng) const {
  if (p_ >= 1.0) return 1;
  const double u = 1.0 - rng.uniform();  // (0, 1]
  const double g = std::floor(std::log(u) / log_fail_);
  // A gap past kNever (about 146 years of cycles at 1 GHz) is no packet at
  // all; converting a larger double to an integer would be undefined.
  return g < static_cast<double>(InjectionProcess::kNever) ? 1 + static_cast<Cycle>(g) : InjectionProcess::kNever;
}

const std::vector<InjectionInfo>& injections() {
  static const std::vector<InjectionInfo> table = {
      {"bernoulli", "a packet each cycle with probability rate / mean packet length, independently",
       [](const InjectionConfig& c, std::size_t) { return injection::bernoulli(c); }, {}},
      {"onoff",
       "Markov-modulated on/off: bursts at one flit per cycle, --burst packets long on average, "
       "idle periods sized so the long-run mean is --rate",
       [](const InjectionConfig& c, std::size_t nodes) { return injection::on_off(c, nodes); },
       [](const InjectionConfig& c) { return std::vector<InjectionParameter>{{"burst", "mean burst", " packets", c.burst}}; }},
      {"markov",
       "a two-state chain per node, stepped each cycle: off to on with probability --burst-alpha, on to off "
       "with --burst-beta; on, a packet with probability rate x (alpha + beta) / alpha (BookSim's on_off)",
       [](const InjectionConfig& c, std::size_t nodes) { return injection::markov(c, nodes); },
       [](const InjectionConfig& c) {
         return std::vector<InjectionParameter>{{"burst_alpha", "alpha", "", c.burst_alpha},
                                                {"burst_beta", "beta", "", c.burst_beta}};
       }},
  };
  return table;
}

const InjectionInfo& find_injection(const std::string& name) {
  return find_named(injections(), name, "injection", "injection process");
}

std::unique_ptr<InjectionProcess> make_injection(const InjectionConfig& c, std::size_t nodes) {
  return find_injection(c.name).make(c, nodes);
}

}  // namespace wormsim
