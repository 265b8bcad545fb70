#include <wormsim/systemc/run.h>

#include <chrono>

#include <wormsim/systemc/fabric_module.h>
#include <wormsim/systemc/waves.h>

namespace wormsim {

Results run_systemc(Simulation& sim, const std::string& vcd_path, const RunMonitor& monitor) {
  // The kernel's info messages (sc_stop, trace timescale) would clutter the
  // summary; warnings and errors still show.
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  sc_core::sc_clock clock("clk", 1, sc_core::SC_NS);
  FabricModule fabric("fabric", sim, monitor);
  fabric.clk(clock);
  sc_core::sc_trace_file* tf = nullptr;
  if (!vcd_path.empty()) tf = trace_links(vcd_path, sim.network());
  const auto start = std::chrono::steady_clock::now();
  sc_core::sc_start();
  const auto stop = std::chrono::steady_clock::now();
  if (tf != nullptr) sc_core::sc_close_vcd_trace_file(tf);
  if (fabric.failure()) std::rethrow_exception(fabric.failure());
  return sim.results(std::chrono::duration<double>(stop - start).count());
}

}  // namespace wormsim
