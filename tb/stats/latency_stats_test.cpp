// Latency statistics: nearest-rank percentiles, rounded up (p99, not p95).
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace wormsim::test
