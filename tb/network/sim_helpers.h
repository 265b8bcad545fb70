// Helpers for network-level tests: build scenarios and run them without the
// SystemC kernel (the same model, driven by a plain loop).
#pragma once
#include <iostream>
#include <string>

#include <wormsim/sim/simulation.h>

namespace wormsim::test {

inline Scenario small_scenario(const std::string& topology, double rate, std::uint64_t seed) {
  Scenario s;
  s.topology = topology;
  s.rate = rate;
  s.seed = seed;
  s.warmup = 200;
  s.cycles = 2000;
  return s;
}

inline Results run(const Scenario& s) {
  std::cout << "[ seed ] " << s.seed << " (" << s.topology << ", rate " << s.rate << ")\n";
  Simulation sim(s);
  sim.run_plain();
  return sim.results(0.0);
}

/// Latency of one packet sent alone through an idle network.
inline std::uint64_t lone_packet_latency(const std::string& topology, NodeId src, NodeId dst,
                                         unsigned length, unsigned buffer = 8) {
  Scenario s;
  s.topology = topology;
  s.warmup = 0;
  s.cycles = 1;
  s.buffer = buffer;
  Simulation sim(s);
  sim.stop_traffic();
  sim.inject(src, dst, length);
  sim.run_plain();
  const Results r = sim.results(0.0);
  if (r.latency.packets != 1 || !r.flushed) return 0;
  return r.latency.max;
}

}  // namespace wormsim::test
