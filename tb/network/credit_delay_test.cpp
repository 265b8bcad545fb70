// A router's credit delay (Scenario::credit_delay, BookSim's credit_delay): a
// credit that reaches a router's output is counted C cycles after the link
// delivers it.
// - Zero-load latency does not change: a lone packet whose buffer covers the
//   round trip never waits for a credit (T0 = 3H + len + 4 + H (L - 1)).
// - The credit round trip grows by C: one VC streams a flit every cycle
//   exactly when its buffer holds 2L + C + 2 flits (min_full_rate_buffer);
//   one flit less and the stream slows to depth / round trip.
// - Every flit arrives under heavy load with the detector on, and a longer
//   delay accepts less; any thread count
//   gives the same results; the delay is validated, and the port-level
//   SystemC fabric refuses it.
#include <gtest/gtest.h>

#include <array>
#include <iostream>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/grid.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

std::uint64_t formula(unsigned hops, unsigned length, unsigned latency) {
  return 3ull * hops + length + 4 + std::uint64_t{hops} * (latency - 1);
}

Scenario lone(unsigned latency, unsigned delay, unsigned buffer) {
  Scenario s;
  s.topology = "mesh:4x4x4";
  s.vcs = 1;
  s.warmup = 0;
  s.cycles = 1;
  s.buffer = buffer;
  s.link_latency = latency;
  s.credit_delay = delay;
  s.allow_shallow = true;
  return s;
}


TEST(CreditDelay, ZeroLoadLatencyDoesNotChange) {
  const std::array<unsigned, 3> dims{4, 4, 4};
  for (unsigned latency : {1u, 2u})
    for (unsigned delay : {0u, 1u, 2u, 5u})
      for (unsigned length : {1u, 4u, 16u})
        for (const Coord dst : {Coord{1, 0, 0}, Coord{3, 3, 0}, Coord{3, 3, 3}}) {
          const unsigned hops = dst.x + dst.y + dst.z;
          EXPECT_EQ(lone_packet_latency(lone(latency, delay, min_full_rate_buffer(latency, delay)), 0, id_of(dims, dst), length),
                    formula(hops, length, latency))
              << "latency " << latency << " credit delay " << delay << " length " << length << " hops " << hops;
        }
}

// Flits per cycle of a 400-flit packet's body, 3 links away on a 4x1x1 mesh, one VC.
double stream_rate(unsigned latency, unsigned delay, unsigned buffer) {
  return test::stream_rate(lone(latency, delay, buffer), formula(3, 1, latency));
}

TEST(CreditDelay, AVcStreamsAFlitEveryCycleExactlyWhenItsBufferCoversTheLongerRoundTrip) {
  for (unsigned latency : {1u, 2u})
    for (unsigned delay : {1u, 2u, 4u}) {
      const unsigned need = min_full_rate_buffer(latency, delay);
      ASSERT_EQ(need, 2 * latency + delay + 2);
      EXPECT_NEAR(stream_rate(latency, delay, need), 1.0, 0.01) << "latency " << latency << ", delay " << delay;
      const double shallow = stream_rate(latency, delay, need - 1);
      EXPECT_NEAR(shallow, static_cast<double>(need - 1) / need, 0.02) << "latency " << latency << ", delay " << delay;
      std::cout << "latency " << latency << ", credit delay " << delay << ": buffer " << need << " -> "
                << stream_rate(latency, delay, need) << " flits/cycle, " << need - 1 << " -> " << shallow << "\n";
    }
}

TEST(CreditDelay, IsValidated) {
  Scenario s;
  s.credit_delay = 2;
  s.buffer = 5;
  try {
    validate(s);
    FAIL() << "a 5-flit buffer with a 2-cycle credit delay was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "buffer");
    EXPECT_NE(std::string(e.what()).find("at least 6"), std::string::npos) << e.what();
  }
  s.allow_shallow = true;
  EXPECT_NO_THROW(validate(s));
  s.link_latency = 4;
  s.credit_delay = kMaxLinkLatency - 4;
  EXPECT_NO_THROW(validate(s));
  s.credit_delay = kMaxLinkLatency - 3;
  try {
    validate(s);
    FAIL() << "a credit past the longest link latency was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "credit_delay");
  }
}

Scenario loaded(const std::string& topology, unsigned delay, double rate, std::uint64_t seed) {
  Scenario s = small_scenario(topology, rate, seed);
  s.credit_delay = delay;
  s.buffer = 4;  // shallower than the round trip: credits gate the flow
  s.allow_shallow = true;
  s.deadlock_interval = 16;
  return s;
}

TEST(CreditDelay, EveryFlitArrivesUnderHeavyLoadAndLongerDelaysAcceptLess) {
  for (const char* topology : {"mesh:4x4x4", "torus:4x4x4"}) {
    double previous = 2.0;
    for (unsigned delay : {0u, 2u, 6u}) {
      const Results r = run(loaded(topology, delay, 0.5, 7));
      EXPECT_FALSE(r.deadlock) << topology << " delay " << delay << ": " << r.deadlock_report;
      EXPECT_TRUE(r.flushed) << topology << " delay " << delay;
      EXPECT_EQ(r.injected_flits, r.delivered_flits) << topology << " delay " << delay;
      EXPECT_LT(r.throughput, previous) << topology << ": delay " << delay << " accepts no less than a shorter one";
      previous = r.throughput;
    }
  }
}

TEST(CreditDelay, AnyThreadCountGivesTheSameResults) {
  Scenario s = loaded("mesh:4x4x4", 2, 0.3, 11);
  s.link_latency = 2;
  const Results one = run(s);
  for (unsigned threads : {2u, 3u}) {
    Simulation sim(s);
    sim.network().set_threads(threads, 1);
    sim.run_plain();
    expect_same_results(one, sim.results(0.0));
  }
}

}  // namespace
}  // namespace wormsim::test
