// Determinism: the same seed gives identical statistics; another seed does not.
#include <gtest/gtest.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

TEST(Determinism, SameSeedSameStatistics) {
  for (const char* topo : {"mesh:4x4x4", "torus:4x4x2"}) {
    Scenario s = small_scenario(topo, 0.2, 7);
    s.eject_rate = 0.8;
    expect_same_results(run(s), run(s));
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
