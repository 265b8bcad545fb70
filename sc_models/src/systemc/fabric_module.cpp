#include <wormsim/systemc/fabric_module.h>

namespace wormsim {

FabricModule::FabricModule(const sc_core::sc_module_name& name, Simulation& sim, const RunMonitor& monitor,
                           std::function<void(Cycle)> before_cycle)
    : sc_core::sc_module(name), clk("clk"), sim_(sim), monitor_(monitor), before_cycle_(std::move(before_cycle)) {
  SC_HAS_PROCESS(FabricModule);
  SC_METHOD(on_clock);
  sensitive << clk.pos();
  dont_initialize();
}

void FabricModule::on_clock() {
  try {
    if (before_cycle_) before_cycle_(sim_.cycle());
    sim_.tick();
  } catch (...) {
    failure_ = std::current_exception();
    sc_core::sc_stop();
    return;
  }
  if (monitor_.stop != nullptr && *monitor_.stop) sim_.interrupt();
  if (monitor_.progress && (sim_.cycle() & 255) == 0) watch();
  if (sim_.done()) sc_core::sc_stop();
}

void FabricModule::watch() {
  const auto now = std::chrono::steady_clock::now();
  if (now < next_report_) return;
  next_report_ = now + std::chrono::milliseconds(500);
  monitor_.progress(sim_, std::chrono::duration<double>(now - start_).count());
}

}  // namespace wormsim
