// SystemC shell around a Simulation: a module with a clock input whose one
// clocked method simulates one cycle of the whole fabric per rising edge and
// stops the kernel when the run is over. One cycle = one clock period (1 ns),
// so waveform time in ns is the cycle number.
#pragma once
#include <chrono>
#include <exception>
#include <functional>

#include <systemc>

#include <wormsim/sim/simulation.h>
#include <wormsim/systemc/run.h>

namespace wormsim {

class FabricModule : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;

  /// before_cycle (if set) is called with each cycle's number before it is simulated.
  FabricModule(const sc_core::sc_module_name& name, Simulation& sim, const RunMonitor& monitor = {},
               std::function<void(Cycle)> before_cycle = {});
  /// An exception thrown inside the clocked method, rethrown after sc_start.
  std::exception_ptr failure() const { return failure_; }

 private:
  void on_clock();

  void watch();

  Simulation& sim_;
  RunMonitor monitor_;
  std::function<void(Cycle)> before_cycle_;
  std::exception_ptr failure_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), next_report_ = start_;
};

}  // namespace wormsim
