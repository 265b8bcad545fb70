// Soak (CTest label "soak", not run in CI): long runs at and beyond
// saturation (measured with scripts/sweep: 4x4x4 mesh ~0.67, 4x4x4 torus ~0.50,
// 3PT(2,2,2) ~0.26, 3PT(3,3,3) with 4 VCs ~0.16 flits/node/cycle; 3PT just
// below it, as its throughput sags under sustained overload), with the
// runtime deadlock detector on, must keep delivering every flit, in order, without tripping the
// no-progress watchdog.
#include <gtest/gtest.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

void soak(const std::string& topology, unsigned vcs, double rate, const std::string& routing = "") {
  Scenario s = small_scenario(topology, rate, 99);
  s.vcs = vcs;
  s.routing = routing;
  s.warmup = 1000;
  s.cycles = 1000000;
  s.drain_limit = 1000000;
  s.watchdog = 2000;
  const Results r = run(s);
  EXPECT_FALSE(r.deadlock) << r.deadlock_report;
  EXPECT_GT(r.delivered_packets, 0u);
  EXPECT_TRUE(r.flushed);
  EXPECT_EQ(r.delivered_flits, r.injected_flits);
}

TEST(Soak, MeshAtSaturationForAMillionCycles) { soak("mesh:4x4x4", 2, 0.7); }
TEST(Soak, TorusAtSaturationForAMillionCycles) { soak("torus:4x4x4", 2, 0.55); }
TEST(Soak, PetersenTorusAtSaturationForAMillionCycles) { soak("3pt:2x2x2", 3, 0.25, "layered"); }
TEST(Soak, PetersenTorus333AtSaturationForAMillionCycles) { soak("3pt:3x3x3", 4, 0.15, "layered"); }
// Adaptive routing with escape VCs and the balanced 3PT routing at their
// saturation points (measured: 4x4x4 mesh with 4 VCs ~0.68, 4x4x4 torus
// ~0.8, 3PT(3,3,3) adaptive ~0.27, 3pt-dor ~0.25): the detector, which must
// treat a head with several candidate VCs as blocked only when all are held,
// never trips in a million cycles.
TEST(Soak, AdaptiveMeshAtSaturationForAMillionCycles) { soak("mesh:4x4x4", 4, 0.68, "adaptive"); }
TEST(Soak, AdaptiveTorusAtSaturationForAMillionCycles) { soak("torus:4x4x4", 4, 0.8, "adaptive"); }
TEST(Soak, AdaptivePetersenTorusAtSaturationForAMillionCycles) { soak("3pt:3x3x3", 8, 0.27, "adaptive"); }
TEST(Soak, ThreePtDorAtSaturationForAMillionCycles) { soak("3pt:3x3x3", 6, 0.25, "3pt-dor"); }

}  // namespace
}  // namespace wormsim::test
