// Runs a Simulation under the SystemC kernel: a 1 ns clock, the fabric
// module, optional VCD tracing of chosen routers' links in a cycle window. Call at most once per process (SystemC cannot
// elaborate twice).
#pragma once
#include <csignal>
#include <functional>
#include <string>

#include <wormsim/sim/results.h>
#include <wormsim/sim/simulation.h>
#include <wormsim/systemc/waves.h>

namespace wormsim {

/// What a caller may watch and steer while the kernel runs.
struct RunMonitor {
  /// Nonzero: end the run at the next cycle (Simulation::interrupt).
  const volatile std::sig_atomic_t* stop = nullptr;
  /// Called about twice a second of wall time with the seconds elapsed.
  std::function<void(const Simulation&, double seconds)> progress;
};

/// Runs `sim` to the end; records `waves` (if it names a path) from its
/// start cycle to its end cycle. Throws ConfigError("vcd_window") if the run
/// ended before the window opened (nothing to record).
Results run_systemc(Simulation& sim, const WaveOptions& waves = {}, const RunMonitor& monitor = {});

}  // namespace wormsim
