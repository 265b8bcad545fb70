#include <wormsim/systemc/traffic_generator.h>

#include <wormsim/sim/network_setup.h>

namespace wormsim::systemc {

TrafficGenerator::TrafficGenerator(const sc_core::sc_module_name& name, Fabric& fabric, const Scenario& scenario)
    : sc_core::sc_module(name), clk("clk"), rst_n("rst_n"), fabric_(fabric), scenario_(scenario) {
  validate(scenario_);
  source_ = make_packet_source(scenario_, fabric.topology());
  SC_HAS_PROCESS(TrafficGenerator);
  SC_METHOD(on_clock);
  sensitive << clk.pos() << clk.neg();
  dont_initialize();
}

void TrafficGenerator::on_clock() {
  if (clk.read()) {  // rising edge: a cycle of the fabric starts, or reset holds it
    running_ = rst_n.read();
    if (!running_) cycle_ = 0;
    return;
  }
  if (!running_) return;
  if (cycle_ < stop_at_) source_->generate(cycle_, [this](const Packet& p) { fabric_.send_packet(p); });
  ++cycle_;
}

}  // namespace wormsim::systemc
