// The traffic source: the offered load is what was asked for, from 1 down to
// rates so small that the geometric gap between packets exceeds any integer
// (it once overflowed and injected a packet every few cycles).
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include <wormsim/topology/spec.h>
#include <wormsim/traffic/pattern.h>
#include <wormsim/traffic/source.h>

namespace wormsim::test {
namespace {

std::uint64_t packets_in(double rate, unsigned length, Cycle cycles, std::uint64_t seed) {
  const Topology t = make_topology("mesh:4x4");
  PatternConfig pc;
  pc.name = "uniform";
  SourceConfig sc;
  sc.rate = rate;
  sc.packet_length = length;
  sc.seed = seed;
  TrafficSource src(sc, make_pattern(pc, t), t.num_nodes());
  std::uint64_t n = 0;
  for (Cycle c = 0; c < cycles; ++c) src.generate(c, [&n](const Packet&) { ++n; });
  return n;
}

TEST(TrafficSource, TinyRatesGiveTinyLoads) {
  for (double rate : {1e-300, 1e-30, 1e-15}) {
    EXPECT_EQ(packets_in(rate, 4, 200000, 1), 0u) << "rate " << rate;
  }
}

TEST(TrafficSource, TheLoadIsTheRateAskedFor) {
  // 16 nodes: expected packets = rate / length x 16 x cycles; within 5 sigma.
  for (double rate : {1.0, 0.5, 0.1, 0.01, 1e-4}) {
    const unsigned length = 4;
    const Cycle cycles = 200000;
    const double expected = rate / length * 16 * static_cast<double>(cycles);
    const double got = static_cast<double>(packets_in(rate, length, cycles, 7));
    std::cout << "rate " << rate << ": " << got << " packets, expected " << expected << "\n";
    EXPECT_NEAR(got, expected, 5 * std::sqrt(expected) + 1) << "rate " << rate;
  }
}

}  // namespace
}  // namespace wormsim::test
