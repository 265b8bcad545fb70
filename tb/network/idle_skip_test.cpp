// Skipping idle cycles (Simulation::skip_idle) changes nothing but the time a
// run takes: a trace with long gaps, a lightly loaded fabric between its
// Bernoulli arrivals, on/off bursts and ejection back-pressure give the same
// deliveries (packet, node, cycle) and the same statistics with and without
// the skip, and the skip does skip.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <vector>

#include <wormsim/core/rng.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

struct Run {
  Results results;
  std::vector<std::tuple<std::uint64_t, NodeId, Cycle>> deliveries;
};

Run run_with(const Scenario& s, bool skip, unsigned lanes = 1) {
  Simulation sim(s);
  if (lanes > 1) sim.network().set_threads(lanes, 1);
  Run out;
  sim.on_packet_delivered([&out](const Packet& p, Cycle c) { out.deliveries.emplace_back(p.id, p.dst, c); });
  sim.run_plain(skip);
  out.results = sim.results(0.0);
  // Within a cycle, lanes hand deliveries over in lane order: compare sets.
  std::sort(out.deliveries.begin(), out.deliveries.end());
  return out;
}

void expect_identical(const Scenario& s, Cycle min_skipped, unsigned lanes = 1) {
  const Run plain = run_with(s, false), skipped = run_with(s, true, lanes);
  EXPECT_EQ(plain.results.idle_cycles_skipped, 0u);
  EXPECT_GE(skipped.results.idle_cycles_skipped, min_skipped) << "the skip did not skip";
  EXPECT_EQ(plain.deliveries, skipped.deliveries);
  expect_same_results(plain.results, skipped.results);
}

TEST(IdleSkip, ATraceWithLongGapsGivesTheSameRun) {
  const std::uint64_t seed = 41;
  std::cout << "[ seed ] " << seed << "\n";
  Rng rng(seed, 1);
  const std::string path = ::testing::TempDir() + "wormsim_gaps_" + std::to_string(getpid()) + ".trace";
  {
    std::ofstream out(path);
    Cycle at = 0;
    for (int burst = 0; burst < 12; ++burst) {
      at += 1 + rng.below(burst % 3 == 0 ? 200000 : 300);  // gaps long and short
      for (int k = 0; k < 20; ++k) {
        const NodeId src = static_cast<NodeId>(rng.below(16));
        NodeId dst = static_cast<NodeId>(rng.below(15));
        if (dst >= src) ++dst;
        out << at + rng.below(8) << " " << src << " " << dst << " " << 1 + rng.below(6) << "\n";
      }
    }
  }
  for (Cycle warmup : {Cycle{0}, Cycle{50000}}) {
    Scenario s;
    s.topology = "mesh:4x4";
    s.trace = path;
    s.warmup = warmup;
    s.cycles = 0;  // to the trace's last packet
    s.eject_rate = 0.7;
    s.seed = seed;
    expect_identical(s, 100000);
  }
  std::filesystem::remove(path);
}

TEST(IdleSkip, ALightlyLoadedFabricBetweenArrivalsGivesTheSameRun) {
  for (const char* injection : {"bernoulli", "onoff"}) {
    Scenario s = small_scenario("torus:3x3", 0.0005, 5);
    s.injection = injection;
    s.warmup = 3000;
    s.cycles = 30000;
    s.eject_rate = 0.5;
    s.deadlock_interval = 16;
    expect_identical(s, 1000);
  }
}

// With lanes (every cycle on the worker threads) the skip sees the lanes'
// pending wake-ups and links: the same run as one thread without it.
TEST(IdleSkip, LanesSkipTheSameCycles) {
  Scenario s = small_scenario("mesh:4x4", 0.001, 12);
  s.warmup = 1000;
  s.cycles = 20000;
  s.eject_rate = 0.6;
  expect_identical(s, 1000, 3);
}

TEST(IdleSkip, ABusyFabricIsNeverSkipped) {
  const Scenario s = small_scenario("mesh:4x4", 0.2, 9);
  EXPECT_EQ(run_with(s, true).results.idle_cycles_skipped, 0u);
}

}  // namespace
}  // namespace wormsim::test
