// Determinism: the same seed gives identical statistics; another seed does not.
#include <gtest/gtest.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

void expect_same(const Results& a, const Results& b) {
  EXPECT_EQ(a.cycles, b.cycles);
  EXPECT_EQ(a.injected_packets, b.injected_packets);
  EXPECT_EQ(a.delivered_flits, b.delivered_flits);
  EXPECT_EQ(a.latency.average, b.latency.average);
  EXPECT_EQ(a.latency.p50, b.latency.p50);
  EXPECT_EQ(a.latency.p99, b.latency.p99);
  EXPECT_EQ(a.latency.max, b.latency.max);
  EXPECT_EQ(a.throughput, b.throughput);
  EXPECT_EQ(a.link_utilisation_avg, b.link_utilisation_avg);
}

TEST(Determinism, SameSeedSameStatistics) {
  for (const char* topo : {"mesh:4x4x4", "torus:4x4x2"}) {
    Scenario s = small_scenario(topo, 0.2, 7);
    s.eject_rate = 0.8;
    expect_same(run(s), run(s));
  }
}

TEST(Determinism, DifferentSeedDifferentTraffic) {
  const Results a = run(small_scenario("mesh:4x4x4", 0.2, 7));
  const Results b = run(small_scenario("mesh:4x4x4", 0.2, 8));
  EXPECT_NE(a.injected_packets == b.injected_packets && a.latency.average == b.latency.average,
            true);
}

}  // namespace
}  // namespace wormsim::test
