#include <wormsim/systemc/fabric_module.h>

namespace wormsim {

FabricModule::FabricModule(const sc_core::sc_module_name& name, Simulation& sim)
    : sc_core::sc_module(name), clk("clk"), sim_(sim) {
  SC_HAS_PROCESS(FabricModule);
  SC_METHOD(on_clock);
  sensitive << clk.pos();
  dont_initialize();
}

void FabricModule::on_clock() {
  try {
    sim_.tick();
  } catch (...) {
    failure_ = std::current_exception();
    sc_core::sc_stop();
    return;
  }
  if (sim_.done()) sc_core::sc_stop();
}

}  // namespace wormsim
