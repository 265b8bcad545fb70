// The fast engine from C++: a scenario in, results out; no SystemC kernel.
#include <iostream>

#include <wormsim/sim/simulation.h>

int main() {
  wormsim::Scenario s;           // every field of `wormsim run`, typed
  s.topology = "3pt:3x3x3";      // 270 nodes
  s.routing = "3pt-dor";
  s.traffic = "uniform";
  s.rate = 0.05;                 // flits/node/cycle
  s.warmup = 1000;
  s.cycles = 5000;
  s.seed = 7;
  wormsim::Simulation sim(s);    // validates, builds, proves deadlock freedom
  std::uint64_t delivered = 0;
  sim.on_packet_delivered([&](const wormsim::Packet&, wormsim::Cycle) { ++delivered; });
  sim.run_plain();
  const wormsim::Results r = sim.results(0.0);
  std::cout << s.topology << ": " << delivered << " packets, average latency " << r.latency.average
            << " cycles, throughput " << r.throughput << " flits/node/cycle\n";
  return r.delivered_packets == r.injected_packets ? 0 : 1;
}
