// Network-level checks that a router speedup (Scenario::input_speedup or
// Scenario::output_speedup, with the iSLIP allocator) must pass, shared by
// the tests of each: a loaded run with a credit delay delivers every packet
// and gives the same results on 2 threads; past saturation the speedup
// accepts more; a lone packet takes the cycles it takes without it; what it
// cannot run is refused with its field.
#pragma once
#include <gtest/gtest.h>

#include <iostream>
#include <string>
#include <utility>

#include "network/sim_helpers.h"

namespace wormsim::test {

using SpeedupField = unsigned Scenario::*;

/// An 8x8 mesh under load (uniform 0.45, DOR, 4 VCs, credit delay 2).
inline Scenario speedup_loaded(SpeedupField field, unsigned speedup, std::uint64_t seed) {
  Scenario s = small_scenario("mesh:8x8", 0.45, seed);
  s.routing = "dor";
  s.vcs = 4;
  s.allocator = "islip";
  s.*field = speedup;
  s.credit_delay = 2;
  s.allow_shallow = true;
  return s;
}

inline void expect_every_packet_at_any_thread_count(Scenario s) {
  const Results one = run(s);
  EXPECT_TRUE(one.flushed);
  EXPECT_EQ(one.delivered_packets, one.injected_packets);
  EXPECT_EQ(one.deadlock, false);
  s.threads = 2;
  expect_same_results(one, run(s));
}

/// The window's results at 0.7 without the speedup and with 2.
inline std::pair<Results, Results> past_saturation(SpeedupField field, const std::string& name, std::uint64_t seed) {
  Scenario one = speedup_loaded(field, 1, seed);
  one.rate = 0.7;
  one.drain_limit = 1;  // only the window's throughput matters
  Scenario two = one;
  two.*field = 2;
  std::pair<Results, Results> r{run(one), run(two)};
  std::cout << "accepted flits/node/cycle: " << name << " 1 " << r.first.throughput << ", 2 " << r.second.throughput
            << "\n";
  return r;
}

inline void expect_lone_packet_takes_the_same_cycles(SpeedupField field) {
  Scenario s;
  s.topology = "mesh:4x4x4";
  s.warmup = 0;
  s.cycles = 1;
  s.allocator = "islip";
  for (const unsigned length : {1u, 4u, 16u})
    for (const NodeId dst : {1u, 21u, 63u}) {
      s.*field = 1;
      const std::uint64_t one = lone_packet_latency(s, 0, dst, length);
      ASSERT_NE(one, 0u);
      s.*field = 2;
      EXPECT_EQ(lone_packet_latency(s, 0, dst, length), one) << "to " << dst << ", " << length << " flits";
    }
}

/// Refused with `name`: with the separable allocator, above kMaxInputSpeedup,
/// and with ports x speedup above 64.
inline void expect_refused_with_field(SpeedupField field, const std::string& name, std::uint64_t seed) {
  Scenario s = speedup_loaded(field, 2, seed);
  EXPECT_EQ(refused_field(s), "accepted");
  s.allocator = "separable";
  EXPECT_EQ(refused_field(s), name);
  s = speedup_loaded(field, kMaxInputSpeedup + 1, seed);
  EXPECT_EQ(refused_field(s), name);
  s = speedup_loaded(field, kMaxInputSpeedup, seed);
  s.topology = "mesh:4x4x4";
  s.local_ports = 4;  // (6 + 4) x 8 > 64
  EXPECT_EQ(refused_field(s), name);
}

}  // namespace wormsim::test
