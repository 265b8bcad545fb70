// Runs a Simulation under the SystemC kernel: a 1 ns clock, the fabric
// module, optional VCD tracing. Call at most once per process (SystemC cannot
// elaborate twice).
#pragma once
#include <string>

#include <wormsim/sim/results.h>
#include <wormsim/sim/simulation.h>

namespace wormsim {

Results run_systemc(Simulation& sim, const std::string& vcd_path);

}  // namespace wormsim
