// Injection processes: when a node creates its packets. Each node has its own
// random stream; a process returns the earliest cycle >= `from` at which node
// n creates a packet, so idle nodes cost nothing (the source keeps one event
// per node).
//
// The injection table (injections()) is the one list of names, as the pattern
// table is for destinations. Adding a process is one file and one line in
// src/traffic/injection_registry.cpp.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <wormsim/core/flit.h>
#include <wormsim/core/rng.h>

namespace wormsim {

struct InjectionConfig {
  std::string name = "bernoulli";  ///< a name of injections()
  /// Long-run packets per node per cycle (offered flits / mean packet length).
  double packet_rate = 0.025;
  /// Mean packet length in flits: an on/off node in a burst offers one flit
  /// per cycle, a packet every `mean_length` cycles on average.
  double mean_length = 4;
  /// On/off: mean packets per burst (the mean on-period is burst x mean_length cycles).
  double burst = 8;
  /// Markov: per-cycle probabilities of turning on (off to on) and off.
  double burst_alpha = 0.5, burst_beta = 0.5;
};

class InjectionProcess {
 public:
  /// No packet within 2^62 cycles: the node never sends.
  static constexpr Cycle kNever = Cycle{1} << 62;
  virtual ~InjectionProcess() = default;
  /// Earliest cycle >= from at which node n creates a packet, or kNever.
  /// Called with from = 0 first, then with the cycle after each creation.
  /// Touches only node n's state: calls for different nodes may run on
  /// different threads at once (TrafficSource's lanes).
  virtual Cycle next(NodeId n, Cycle from, Rng& rng) = 0;
};

/// A setting an injection process reads, as the results name it: its JSON
/// key, and how the summary says it (`label value unit`).
struct InjectionParameter {
  std::string key, label, unit;
  double value = 0;
};

struct InjectionInfo {
  std::string name;
  std::string description;
  std::function<std::unique_ptr<InjectionProcess>(const InjectionConfig&, std::size_t nodes)> make;
  /// The settings it reads beyond the rate (none if empty).
  std::function<std::vector<InjectionParameter>(const InjectionConfig&)> parameters;
};

const std::vector<InjectionInfo>& injections();
/// The table entry named `name`; throws ConfigError("injection") naming the choices.
const InjectionInfo& find_injection(const std::string& name);

/// Throws ConfigError (field "injection" or "burst") for unknown names and
/// bad parameters.
std::unique_ptr<InjectionProcess> make_injection(const InjectionConfig& c, std::size_t nodes);

/// Cycles to the next success of a per-cycle Bernoulli trial of probability
/// p (>= 1), or InjectionProcess::kNever when that lies past 2^62 cycles.
Cycle geometric_gap(double p, Rng& rng);

/// geometric_gap() for one fixed p, its logarithm taken once: draw(rng)
/// returns exactly what geometric_gap(p, rng) returns.
class GeometricGap {
 public:
  explicit GeometricGap(double p);
  Cycle draw(Rng& rng) const;
  double p() const { return p_; }

 private:
  double p_;
  double log_fail_;  ///< log1p(-p) (unused when p >= 1)
};

namespace injection {
std::unique_ptr<InjectionProcess> bernoulli(const InjectionConfig& c);
std::unique_ptr<InjectionProcess> on_off(const InjectionConfig& c, std::size_t nodes);
std::unique_ptr<InjectionProcess> markov(const InjectionConfig& c, std::size_t nodes);
}  // namespace injection

}  // namespace wormsim
