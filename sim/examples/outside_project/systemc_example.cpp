// The port-level modules from SystemC: a Fabric with a clock and reset of
// your own, packets sent by hand, deliveries observed, one router's ports
// traced into your own VCD.
#include <iostream>

#include <systemc>

#include <wormsim/systemc/fabric.h>

int sc_main(int, char**) {
  wormsim::Scenario s;
  s.topology = "mesh:4x4";
  s.routing = "dor";
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  sc_core::sc_signal<bool> rst_n("rst_n", false);
  wormsim::systemc::Fabric fabric("fabric", s);  // routers fabric.r0_0_0 ..., NIs, links
  fabric.clk(clk);
  fabric.rst_n(rst_n);
  fabric.on_delivery([](const wormsim::systemc::Delivery& d) {
    std::cout << "packet from node " << d.src << " reached node " << d.node << " in cycle " << d.cycle << "\n";
  });
  sc_core::sc_trace_file* tf = sc_core::sc_create_vcd_trace_file("r1_1_0_ports");
  wormsim::systemc::trace_ports(tf, *fabric.router(5), "r1_1_0");  // in_xp, out_xp_credit, ...
  sc_core::sc_start(2.25, sc_core::SC_NS);  // two rising edges in reset
  rst_n.write(true);
  fabric.send(0, 15, 4);  // 4 flits from r0_0_0 to r3_3_0
  fabric.send(3, 12, 8);
  sc_core::sc_start(100, sc_core::SC_NS);
  sc_core::sc_close_vcd_trace_file(tf);
  return 0;
}
