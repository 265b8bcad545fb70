#include <wormsim/systemc/run.h>

#include <chrono>
#include <functional>
#include <memory>

#include <wormsim/core/config_error.h>

#include <wormsim/systemc/fabric_module.h>
#include <wormsim/systemc/waves.h>

namespace wormsim {

Results run_systemc(Simulation& sim, const WaveOptions& waves, const RunMonitor& monitor) {
  // The kernel's info messages (sc_stop, trace timescale) would clutter the
  // summary; warnings and errors still show.
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  sc_core::sc_clock clock("clk", 1, sc_core::SC_NS);
  std::unique_ptr<LinkTrace> trace;
  bool opened = false;
  auto open = [&] {
    trace = std::make_unique<LinkTrace>(waves.path, sim.network(), waves.routers);
    opened = true;
  };
  auto close = [&] {
    if (trace) trace->close();
  };
  // A window that starts later opens its file at its first cycle (a trace
  // file created mid-run starts there) and closes it after its last.
  auto window = [&](Cycle c) {
    if (c == waves.start && !opened) open();
    if (c == waves.end) close();
  };
  FabricModule fabric("fabric", sim, monitor,
                      waves.path.empty() || (waves.start == 0 && waves.end == ~Cycle{0})
                          ? std::function<void(Cycle)>() : std::function<void(Cycle)>(window));
  fabric.clk(clock);
  if (!waves.path.empty() && waves.start == 0) open();
  const auto start = std::chrono::steady_clock::now();
  sc_core::sc_start();
  const auto stop = std::chrono::steady_clock::now();
  close();
  if (fabric.failure()) std::rethrow_exception(fabric.failure());
  if (!waves.path.empty() && !opened)
    throw ConfigError("vcd_window", "the run ended at cycle " + std::to_string(sim.cycle()) +
                                        ", before the window starts at " + std::to_string(waves.start) +
                                        ": nothing recorded");
  return sim.results(std::chrono::duration<double>(stop - start).count());
}

}  // namespace wormsim
