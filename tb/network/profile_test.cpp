// --profile (Scenario::profile, network/profile.h): timing every phase
// changes no result; with 2 threads on the 8x8x8 mesh (its phases shared by
// the lanes) each lane has work, the runtime deadlock check's graph (built
// on the lanes between cycles) is timed as a shared phase, the shared
// phases and the serial time add up to no more than the run's wall time,
// the serial fraction lies in (0, 1), the evaluate phases split into the
// mean lane's job, the slowest lane's excess and the hand-off,
// and Amdahl's projection grows with the threads and stays below them; with
// one thread there are no lanes and the whole run is serial.
#include <gtest/gtest.h>

#include <algorithm>

#include <wormsim/sim/run_loop.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

Results timed(Scenario s) {
  std::cout << "[ seed ] " << s.seed << " (" << s.topology << ", " << s.threads << " thread(s)"
            << (s.profile ? ", profiled" : "") << ")\n";
  Simulation sim(s);
  return run_loop(sim, RunMonitor{});
}

Scenario mesh(unsigned threads, bool profile) {
  Scenario s = small_scenario("mesh:8x8x8", 0.1, 3);
  s.warmup = 200;
  s.cycles = 600;
  s.threads = threads;
  s.profile = profile;
  s.deadlock_check = false;
  return s;
}

TEST(Profile, ChangesNoResult) {
  const Results plain = timed(mesh(2, false));
  const Results profiled = timed(mesh(2, true));
  expect_same_results(plain, profiled);
  EXPECT_FALSE(plain.profile.has_value());
  ASSERT_TRUE(profiled.profile.has_value());
}

TEST(Profile, AccountsForTheLanesAndTheSerialPart) {
  const Results r = timed(mesh(2, true));
  ASSERT_TRUE(r.profile.has_value());
  const ProfileSummary& p = *r.profile;
  EXPECT_EQ(p.lanes, 2u);
  ASSERT_EQ(p.work.size(), 2u);
  ASSERT_EQ(p.wait.size(), 2u);
  for (unsigned k = 0; k < 2; ++k) EXPECT_GT(p.work[k], 0.0) << "lane " << k;
  EXPECT_GT(p.evaluate_shared, 0.0);
  EXPECT_GE(p.serial, 0.0);
  EXPECT_GT(p.between_shared, 0.0) << "the deadlock check runs every 64 cycles";
  ASSERT_EQ(p.between_work.size(), 2u);
  for (unsigned k = 0; k < 2; ++k) EXPECT_GT(p.between_work[k], 0.0) << "lane " << k;
  EXPECT_LE(p.evaluate_shared + p.commit_shared + p.between_shared + p.serial, r.wall_seconds * 1.0001);
  EXPECT_GT(p.serial_fraction, 0.0);
  EXPECT_LT(p.serial_fraction, 1.0);
  EXPECT_GE(p.imbalance, 1.0);
  EXPECT_GT(p.evaluate_mean, 0.0);
  EXPECT_GE(p.evaluate_spread, 0.0);
  EXPECT_GE(p.evaluate_handoff, 0.0);
  EXPECT_NEAR(p.evaluate_mean + p.evaluate_spread + p.evaluate_handoff, p.evaluate_shared, 1e-9);
  // The mean is of the lanes' own evaluate times; the slowest lane of each
  // phase, summed, is at least the busiest lane's total and at most the
  // phases' wall time.
  const double lanes_mean = (p.evaluate_work[0] + p.evaluate_work[1]) / 2;
  EXPECT_NEAR(p.evaluate_mean, lanes_mean, 1e-12);
  const double slowest = p.evaluate_mean + p.evaluate_spread;
  EXPECT_GE(slowest, std::max(p.evaluate_work[0], p.evaluate_work[1]) - 1e-9);
  EXPECT_LE(slowest, p.evaluate_shared + 1e-9);
  EXPECT_GT(p.evaluate_spread, 0.0) << "two lanes never finish every phase at the same instant";
  EXPECT_GT(p.projected_speedup(8), 1.0);
  EXPECT_LT(p.projected_speedup(8), 8.0);
  EXPECT_GT(p.projected_speedup(16), p.projected_speedup(8));
  std::cout << "serial fraction " << p.serial_fraction << ", projected " << p.projected_speedup(8) << "x at 8, "
            << p.projected_speedup(16) << "x at 16, imbalance " << p.imbalance << "\n";
}

TEST(Profile, SplitsTheEvaluatePhasesIntoMeanSpreadAndHandoff) {
  NetworkProfile raw;
  raw.lanes.resize(2);
  raw.lanes[0].evaluate = 1.0;
  raw.lanes[1].evaluate = 2.0;
  raw.slowest_evaluate = 2.5;  // the slower lane of each phase, summed
  raw.shared_evaluate = 3.0;
  raw.shared_phases = 10;
  const ProfileSummary p = summarize(raw, 4.0);
  EXPECT_DOUBLE_EQ(p.evaluate_mean, 1.5);
  EXPECT_DOUBLE_EQ(p.evaluate_spread, 1.0);
  EXPECT_DOUBLE_EQ(p.evaluate_handoff, 0.5);
  EXPECT_DOUBLE_EQ(p.serial, 1.0);
}

TEST(Profile, OneThreadIsAllSerial) {
  const Results r = timed(mesh(1, true));
  ASSERT_TRUE(r.profile.has_value());
  const ProfileSummary& p = *r.profile;
  EXPECT_TRUE(p.work.empty());
  EXPECT_GT(p.evaluate_single, 0.0);
  EXPECT_GT(p.commit_single, 0.0);
  EXPECT_DOUBLE_EQ(p.serial_fraction, 1.0);
  EXPECT_DOUBLE_EQ(p.projected_speedup(16), 1.0);
}

}  // namespace
}  // namespace wormsim::test
