// Runs a Simulation to its end on the fast engine alone, without a SystemC
// kernel: one tick() per cycle (idle stretches fast-forwarded, see
// Simulation::skip_idle), exactly the cycles the SystemC clock of
// systemc/run.h would give it, so the results are the same bit for bit. The
// kernel is needed only to record a waveform (`wormsim run --vcd`); every
// other run takes this loop and saves the kernel's clock-edge work per cycle.
#pragma once
#include <csignal>
#include <functional>

#include <wormsim/sim/results.h>
#include <wormsim/sim/simulation.h>

namespace wormsim {

/// What a caller may watch and steer while a run goes on.
struct RunMonitor {
  /// Nonzero: end the run at the next cycle (Simulation::interrupt).
  const volatile std::sig_atomic_t* stop = nullptr;
  /// Called about twice a second of wall time with the seconds elapsed.
  std::function<void(const Simulation&, double seconds)> progress;
  /// Fast-forward over idle cycles (Simulation::skip_idle); the results are
  /// the same either way.
  bool skip_idle = true;
};

/// Runs `sim` to the end and returns its results, timed from the first cycle.
Results run_loop(Simulation& sim, const RunMonitor& monitor = {});

}  // namespace wormsim
