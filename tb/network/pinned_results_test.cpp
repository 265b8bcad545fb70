// Results pinned to recorded figures. A change to how the engine computes a
// cycle (its data layout, its shortcuts, its threads) must not move a
// single result, so every figure here is compared exactly: a difference is a
// bug in the engine, not a tolerance to widen. The runs cover what the
// changes touch: age and round-robin arbitration, first and credits
// selection, adaptive routings with escape (atomic) VCs far past saturation,
// the layered routing, 3PT dimension order with 6 VCs.
#include <gtest/gtest.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

struct Pinned {
  const char* name;
  const char* topology;
  const char* routing;
  const char* arbitration;
  const char* selection;
  unsigned vcs;
  double rate;
  std::uint64_t seed;
  Cycle warmup, cycles, drain_limit;
  // expected
  Cycle total_cycles;
  std::uint64_t injected_packets, delivered_flits;
  double avg_latency;
  std::uint64_t p99, max;
  double throughput;
};

void PrintTo(const Pinned& p, std::ostream* os) { *os << p.name; }

class PinnedResults : public ::testing::TestWithParam<Pinned> {};

TEST_P(PinnedResults, MatchTheRecordedFiguresExactly) {
  const Pinned& p = GetParam();
  Scenario s = small_scenario(p.topology, p.rate, p.seed);
  s.routing = p.routing;
  s.arbitration = p.arbitration;
  s.selection = p.selection;
  s.vcs = p.vcs;
  s.warmup = p.warmup;
  s.cycles = p.cycles;
  s.drain_limit = p.drain_limit;
  s.deadlock_check = false;  // the proof does not change a result
  const Results r = run(s);
  EXPECT_EQ(r.cycles, p.total_cycles);
  EXPECT_EQ(r.injected_packets, p.injected_packets);
  EXPECT_EQ(r.delivered_flits, p.delivered_flits);
  EXPECT_DOUBLE_EQ(r.latency.average, p.avg_latency);
  EXPECT_EQ(r.latency.p99, p.p99);
  EXPECT_EQ(r.latency.max, p.max);
  EXPECT_DOUBLE_EQ(r.throughput, p.throughput);
}

// Figures: `wormsim run` of commit 3560dde (before the rework) with the same settings.
INSTANTIATE_TEST_SUITE_P(
    Engine, PinnedResults,
    ::testing::Values(
        Pinned{"mesh8x8_dor_age_0_4", "mesh:8x8", "", "age", "", 0, 0.4, 5, 1000, 2000, 0,
               3897, 22550, 90200, 213.56234433374846, 407, 519, 0.3722265625},
        Pinned{"mesh8x8_dor_credits_4vc_0_3", "mesh:8x8", "", "", "credits", 4, 0.3, 6, 1000, 2000, 0,
               3132, 14758, 59032, 35.97530605838652, 80, 117, 0.2983359375},
        Pinned{"pt444_adaptive_0_3_saturated", "3pt:4x4x4", "", "", "", 0, 0.3, 1, 300, 1000, 500,
               1800, 86057, 224316, 333.3338533148824, 1005, 1466, 0.203665625},
        Pinned{"mesh666_adaptive_0_5", "mesh:6x6x6", "adaptive", "", "", 0, 0.5, 2, 1000, 1000, 500,
               2445, 60393, 241572, 133.09696518339229, 195, 274, 0.484875},
        Pinned{"torus555_adaptive_0_4", "torus:5x5x5", "adaptive", "", "", 0, 0.4, 3, 1000, 1000, 500,
               2072, 25253, 101012, 23.975605815831987, 38, 51, 0.396336},
        Pinned{"mesh8x8_layered_0_45_saturated", "mesh:8x8", "layered", "", "", 0, 0.45, 4, 1000, 1000, 500,
               2500, 18112, 39501, 668.3395810363837, 1366, 1451, 0.23071875},
        Pinned{"pt332_3ptdor_6vc_0_3_saturated", "3pt:3x3x2", "3pt-dor", "", "", 6, 0.3, 6, 1000, 1000, 500,
               2500, 33835, 106722, 376.6631553160216, 849, 1104, 0.23332777777777777}),
    [](const ::testing::TestParamInfo<Pinned>& case_info) { return std::string(case_info.param.name); });

}  // namespace
}  // namespace wormsim::test
