// Helpers for network-level tests: build scenarios and run them without the
// SystemC kernel (the same model, driven by a plain loop).
#pragma once
#include <gtest/gtest.h>

#include <functional>
#include <iostream>
#include <string>

#include <wormsim/core/config_error.h>
#include <wormsim/core/rng.h>
#include <wormsim/multicast/worm_packet.h>
#include <wormsim/network/network.h>
#include <wormsim/sim/simulation.h>

namespace wormsim::test {

/// Runs `net` (of `nodes` nodes) for `cycles` cycles from cycle 0; in each of
/// the first `offer_cycles`, each node offers with probability `rate` a
/// packet of 1-6 flits to another node drawn from `rng`, and with `worms`
/// one in ten is a 6-flit list worm to two destinations (added to
/// `table`). `after_cycle` runs after each cycle's commit.
inline void drive_random_packets(Network& net, NodeId nodes, Rng& rng, double rate, bool worms, WormTable& table,
                                 Cycle offer_cycles, Cycle cycles,
                                 const std::function<void()>& after_cycle = nullptr) {
  std::uint64_t id = 0;
  for (Cycle cycle = 0; cycle < cycles; ++cycle) {
    if (cycle < offer_cycles) {
      for (NodeId src = 0; src < nodes; ++src) {
        if (!rng.bernoulli(rate)) continue;
        NodeId dst = static_cast<NodeId>(rng.below(nodes - 1));
        if (dst >= src) ++dst;
        Packet p{++id, src, dst, static_cast<std::uint16_t>(1 + rng.below(6)), cycle, 0, {}};
        if (worms && rng.bernoulli(0.1)) {
          NodeId second = static_cast<NodeId>(rng.below(nodes));
          if (second == src || second == dst)
            second = (dst + 1) % nodes == src ? (dst + 2) % nodes : (dst + 1) % nodes;
          p.length = 6;
          p.worm = table.add(WormRoute{{dst, second}, HeaderForm::List, 0});
        }
        net.ni(src).enqueue(p);
      }
    }
    net.evaluate(cycle);
    net.commit();
    if (after_cycle) after_cycle();
  }
}

inline Scenario small_scenario(const std::string& topology, double rate, std::uint64_t seed) {
  Scenario s;
  s.topology = topology;
  s.rate = rate;
  s.seed = seed;
  s.warmup = 200;
  s.cycles = 2000;
  return s;
}

/// Every figure of two runs that must be the same run (wall time, speed and
/// skipped idle cycles aside) is equal.
inline void expect_same_results(const Results& a, const Results& b) {
  EXPECT_EQ(a.cycles, b.cycles);
  EXPECT_EQ(a.warmup, b.warmup);
  EXPECT_EQ(a.measure, b.measure);
  EXPECT_EQ(a.injected_packets, b.injected_packets);
  EXPECT_EQ(a.delivered_packets, b.delivered_packets);
  EXPECT_EQ(a.injected_flits, b.injected_flits);
  EXPECT_EQ(a.delivered_flits, b.delivered_flits);
  EXPECT_EQ(a.latency.packets, b.latency.packets);
  EXPECT_EQ(a.latency.average, b.latency.average);
  EXPECT_EQ(a.latency.p50, b.latency.p50);
  EXPECT_EQ(a.latency.p99, b.latency.p99);
  EXPECT_EQ(a.latency.max, b.latency.max);
  EXPECT_EQ(a.latency.min, b.latency.min);
  EXPECT_EQ(a.latency_histogram, b.latency_histogram);
  EXPECT_EQ(a.throughput, b.throughput);
  EXPECT_EQ(a.generated, b.generated);
  EXPECT_EQ(a.link_utilisation_avg, b.link_utilisation_avg);
  EXPECT_EQ(a.link_utilisation_max, b.link_utilisation_max);
  EXPECT_EQ(a.link_window_flits, b.link_window_flits);
  EXPECT_EQ(a.drained, b.drained);
  EXPECT_EQ(a.flushed, b.flushed);
  EXPECT_EQ(a.deadlock, b.deadlock);
  EXPECT_EQ(a.deadlock_report, b.deadlock_report);
}

/// The field a Simulation of `s` refuses (ConfigError::field()), or
/// "accepted".
inline std::string refused_field(const Scenario& s) {
  try {
    Simulation sim(s);
  } catch (const ConfigError& e) {
    return e.field();
  }
  return "accepted";
}

inline Results run(const Scenario& s) {
  std::cout << "[ seed ] " << s.seed << " (" << s.topology << ", rate " << s.rate << ")\n";
  Simulation sim(s);
  sim.run_plain();
  return sim.results(0.0);
}

/// Latency of one packet sent alone through the idle network of `s` (its
/// traffic stopped); 0 if it is not delivered.
inline std::uint64_t lone_packet_latency(const Scenario& s, NodeId src, NodeId dst, unsigned length) {
  Simulation sim(s);
  sim.stop_traffic();
  sim.inject(src, dst, length);
  sim.run_plain();
  const Results r = sim.results(0.0);
  if (r.latency.packets != 1 || !r.flushed) return 0;
  return r.latency.max;
}

/// The same on `topology`, over links of `link_latency` cycles.
inline std::uint64_t lone_packet_latency(const std::string& topology, NodeId src, NodeId dst,
                                         unsigned length, unsigned buffer = 8, unsigned link_latency = 1) {
  Scenario s;
  s.topology = topology;
  s.warmup = 0;
  s.cycles = 1;
  s.buffer = buffer;
  s.link_latency = link_latency;
  return lone_packet_latency(s, src, dst, length);
}

/// Flits per cycle of a lone 400-flit packet's body, 3 links away on a
/// 4x1x1 mesh with the other settings of `s`, whose 1-flit packet takes
/// `head` cycles: the 399 flits after the first over the cycles they add.
inline double stream_rate(Scenario s, std::uint64_t head) {
  s.topology = "mesh:4x1x1";
  const unsigned length = 400;
  const std::uint64_t last = lone_packet_latency(s, 0, 3, length);
  return static_cast<double>(length - 1) / (static_cast<double>(last) - static_cast<double>(head) + 1.0);
}

}  // namespace wormsim::test
