// Runs a Simulation under the SystemC kernel: a 1 ns clock, the fabric
// module, optional VCD tracing of chosen routers' links in a cycle window. Call at most once per process (SystemC cannot
// elaborate twice). Without a waveform, sim/run_loop.h gives the same results
// without the kernel.
#pragma once
#include <csignal>
#include <functional>
#include <string>

#include <wormsim/sim/results.h>
#include <wormsim/sim/run_loop.h>
#include <wormsim/sim/simulation.h>
#include <wormsim/systemc/waves.h>

namespace wormsim {

/// Runs `sim` to the end; records `waves` (if it names a path) from its
/// start cycle to its end cycle. Throws ConfigError("vcd_window") if the run
/// ended before the window opened (nothing to record).
Results run_systemc(Simulation& sim, const WaveOptions& waves = {}, const RunMonitor& monitor = {});

}  // namespace wormsim
