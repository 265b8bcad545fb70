// GoogleTest checks shared by the mixed-fabric tests (mesh and 3PT): a
// scenario with synthetic traffic, and "every delivery in the same cycle as
// the all-model fabric".
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <string>

#include "rtl/mixed_fabric.h"

namespace wormsim::test {

/// `s` with synthetic traffic: pattern, rate, a 200-cycle warm-up, the
/// measurement window, a 20,000-cycle drain limit and the seed.
inline Scenario with_traffic(Scenario s, std::uint64_t seed, const std::string& traffic, double rate, Cycle cycles) {
  s.traffic = traffic;
  s.rate = rate;
  s.warmup = 200;
  s.cycles = cycles;
  s.drain_limit = 20000;
  s.seed = seed;
  return s;
}

/// Runs `cfg` with its RTL routers and all-model: every delivery must land
/// in the same cycle. `drains`: below saturation every packet must also be
/// delivered; past it the runs stop at the drain limit.
template <class Rtl>
void expect_same_delivery_cycles(const MixedFabricConfig& cfg, std::uint64_t min_packets, bool drains = true) {
  std::cout << "[ seed ] " << cfg.scenario.seed << " (" << cfg.scenario.topology << ", " << cfg.scenario.traffic
            << " at " << cfg.scenario.rate << ", " << cfg.rtl_nodes.size() << " routers RTL)\n";
  const DeliveryCycles reference = run_reference(cfg.scenario);
  const MixedFabricResult mixed = run_mixed<Rtl>(cfg);
  ASSERT_GE(reference.size(), min_packets) << "the run must carry real traffic";
  if (drains) {
    EXPECT_EQ(mixed.results.delivered_packets, mixed.results.injected_packets) << "every packet delivered";
  }
  EXPECT_EQ(first_difference(reference, mixed.delivered), "") << "seed " << cfg.scenario.seed;
  std::cout << "compared " << reference.size() << " packets over " << mixed.results.cycles
            << " cycles: every delivery cycle equal\n";
}

}  // namespace wormsim::test
