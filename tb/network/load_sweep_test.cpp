// Latency rises with load on an 8x8 mesh and accepted throughput saturates,
// with BookSim's reference parameters (2 VCs, 8-flit buffers, 4-flit packets,
// dimension order, uniform traffic). The measured saturation point is
// recorded in docs/measured.md.
#include <gtest/gtest.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

Results at(double rate) {
  Scenario s = small_scenario("mesh:8x8", rate, 3);
  s.warmup = 1000;
  s.cycles = 5000;
  s.drain_limit = 5000;
  const Results r = run(s);
  std::cout << "  offered " << rate << ": latency " << r.latency.average << ", accepted "
            << r.throughput << (r.drained ? "" : " (not drained)") << "\n";
  return r;
}

TEST(LoadSweep, LatencyRisesWithLoadAndThroughputSaturatesOn8x8Mesh) {
  double last_latency = 0;
  for (double rate : {0.05, 0.1, 0.2, 0.3, 0.35}) {
    const Results r = at(rate);
    EXPECT_TRUE(r.drained) << "stable below saturation at " << rate;
    EXPECT_NEAR(r.throughput, rate, 0.05 * rate + 0.005) << "accepted = offered below saturation";
    EXPECT_GT(r.latency.average, last_latency) << "latency must rise with load at " << rate;
    last_latency = r.latency.average;
  }
  const Results high = at(0.6);
  const Results higher = at(0.9);
  EXPECT_LT(high.throughput, 0.55) << "accepted falls short of offered beyond saturation";
  EXPECT_FALSE(high.drained);
  EXPECT_NEAR(higher.throughput, high.throughput, 0.1 * high.throughput)
      << "accepted throughput plateaus";
}

}  // namespace
}  // namespace wormsim::test
