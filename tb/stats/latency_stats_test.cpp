// Latency statistics: nearest-rank percentiles, rounded up (p99, not p95).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <random>
#include <vector>

#include <wormsim/stats/latency_stats.h>

#include "router/router_harness.h"

namespace wormsim::test {
namespace {

/// Packets with latencies scale x 1, scale x 2, ..., scale x n.
LatencySummary latencies(unsigned n, Cycle scale) {
  LatencyStats st;
  st.set_window(0, 1000);
  for (unsigned i = 1; i <= n; ++i) {
    const Packet p = make_packet(i, 0, 1, 1, 0);
    st.on_created(p);
    st.on_completed(p, scale * i);
  }
  return st.summary();
}

TEST(LatencyStats, NearestRankPercentilesRoundedUp) {
  // latencies 1..200: nearest rank p50 = the 100th = 100, p99 = the 198th = 198.
  const LatencySummary s = latencies(200, 1);
  EXPECT_EQ(s.p50, 100u);
  EXPECT_EQ(s.p99, 198u) << "p99, not p95 (190)";
  EXPECT_EQ(s.min, 1u);
  EXPECT_EQ(s.max, 200u);
  EXPECT_DOUBLE_EQ(s.average, 100.5);
  // 7 samples: p50 rank = ceil(3.5) = 4, rounding half-down would give 3.
  EXPECT_EQ(latencies(7, 10).p50, 40u) << "rank ceil(0.5 x 7) = 4";
  EXPECT_EQ(latencies(7, 10).p99, 70u);
  // 160 samples: p99 rank = ceil(158.4) = 159; rounding to nearest gives 158.
  EXPECT_EQ(latencies(160, 1).p99, 159u) << "percentile ranks round up";
}

// The summary and histogram count latencies over their range where it is
// narrow and select ranks otherwise: both ways give what sorting gives, on
// seeded random lists narrow (spread 1 to 300) and wide (up to 2^40).
TEST(LatencyStats, CountedOrSelectedAsSorting) {
  constexpr unsigned kSeed = 611;
  std::printf("seed %u\n", kSeed);
  std::mt19937_64 rng(kSeed);
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t n = 1 + rng() % 3000;
    const std::uint64_t spread = trial % 2 == 0 ? 1 + rng() % 300 : std::uint64_t{1} << (20 + rng() % 21);
    const std::uint64_t base = rng() % 1000;
    LatencyStats st;
    st.set_window(0, 1);
    std::vector<std::uint64_t> v;
    for (std::size_t i = 0; i < n; ++i) {
      const Packet p = make_packet(i, 0, 1, 1, 0);
      const std::uint64_t latency = base + rng() % spread;
      st.on_created(p);
      st.on_completed(p, latency);
      v.push_back(latency);
    }
    std::sort(v.begin(), v.end());
    auto at_rank = [&](double q) {
      const std::size_t r = static_cast<std::size_t>(q * static_cast<double>(n) + 0.999999);
      return v[std::min(n, std::max<std::size_t>(r, 1)) - 1];
    };
    double sum = 0;
    for (std::uint64_t x : v) sum += static_cast<double>(x);
    const LatencySummary s = st.summary();
    const std::string where = "trial " + std::to_string(trial) + ", " + std::to_string(n) + " packets";
    EXPECT_EQ(s.packets, n) << where;
    EXPECT_EQ(s.p50, at_rank(0.50)) << where;
    EXPECT_EQ(s.p99, at_rank(0.99)) << where;
    EXPECT_EQ(s.min, v.front()) << where;
    EXPECT_EQ(s.max, v.back()) << where;
    EXPECT_EQ(s.average, sum / static_cast<double>(n)) << where;
    std::map<std::uint64_t, std::uint64_t> counts;
    for (std::uint64_t x : v) ++counts[x];
    EXPECT_EQ(st.histogram(), (std::vector<std::pair<std::uint64_t, std::uint64_t>>(counts.begin(), counts.end())))
        << where;
  }
}

}  // namespace
}  // namespace wormsim::test
