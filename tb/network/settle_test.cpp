// The settle rule (Scenario::settle, sim/settle.h; BookSim's convergence
// test):
// - A run whose window the rule ends at cycle T gives exactly the results of
//   the same run with its window set to end at T and no rule: the rule only
//   chooses where the window ends, at a period boundary.
// - With thresholds of 0 the figures never settle and the window runs out;
//   with loose ones it ends after the fewest periods, 3.
// - A latency limit ends a run past saturation as unstable (no statistics
//   in `wormsim booksim`), and does not trip below saturation.
// - The periods must divide the warm-up and the window.
#include <gtest/gtest.h>

#include <iostream>

#include <wormsim/core/config_error.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

Scenario settling(double rate, double change, std::uint64_t seed) {
  Scenario s = small_scenario("mesh:6x6", rate, seed);
  s.warmup = 1000;
  s.cycles = 20000;
  s.settle.period = 500;
  s.settle.latency_change = change;
  s.settle.accepted_change = change;
  return s;
}

TEST(Settle, TheRuleOnlyChoosesWhereTheWindowEnds) {
  for (double rate : {0.1, 0.3})
    for (double change : {0.05, 0.01}) {
      const Scenario s = settling(rate, change, 5);
      const Results settled = run(s);
      ASSERT_EQ(settled.measure % 500, 0u) << "the window ends at a period boundary";
      std::cout << "rate " << rate << ", change " << change << ": window " << settled.measure << " of " << s.cycles
                << " cycles, latency " << settled.latency.average << "\n";
      ASSERT_LT(settled.measure, s.cycles) << "rate " << rate << " change " << change << " never settled";
      Scenario fixed = s;
      fixed.settle = SettleConfig{};
      fixed.cycles = settled.measure;
      expect_same_results(run(fixed), settled);
    }
}

TEST(Settle, ZeroThresholdsNeverSettleAndLooseOnesTakeThreePeriods) {
  const Results strict = run(settling(0.2, 0.0, 6));
  EXPECT_EQ(strict.measure, 20000u);
  const Results loose = run(settling(0.2, 10.0, 6));
  EXPECT_EQ(loose.measure, 1500u);
}

TEST(Settle, ALatencyLimitEndsARunPastSaturationAsUnstable) {
  Scenario s = settling(0.9, 0.0, 7);
  s.settle.latency_limit = 200;
  const Results past = run(s);
  EXPECT_TRUE(past.unstable);
  EXPECT_FALSE(past.drained);
  EXPECT_LT(past.cycles, 21000u);
  s.rate = 0.1;
  const Results below = run(s);
  EXPECT_FALSE(below.unstable);
  EXPECT_TRUE(below.drained);
}

TEST(Settle, PeriodsMustDivideTheWarmupAndTheWindow) {
  Scenario s = settling(0.1, 0.05, 1);
  s.cycles = 20100;
  try {
    validate(s);
    FAIL() << "a window of 20100 cycles in periods of 500 was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "settle_period");
  }
}

}  // namespace
}  // namespace wormsim::test
