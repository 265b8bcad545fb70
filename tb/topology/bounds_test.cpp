// Uniform-traffic throughput bounds: closed forms on mesh, torus and 3PT, and
// no simulation ever beats them.
#include <gtest/gtest.h>

#include <wormsim/topology/bounds.h>
#include <wormsim/topology/spec.h>

#include "network/sim_helpers.h"

namespace wormsim::test {
namespace {

double bound(const std::string& spec, const std::string& name) {
  for (const ThroughputBound& b : uniform_throughput_bounds(make_topology(spec)).bounds)
    if (b.name == name) return b.value;
  ADD_FAILURE() << spec << " has no bound " << name;
  return 0;
}

TEST(Bounds, EvenMeshBisectionIsFourOverK) {
  // 8x8 mesh: 8 channels each way across the middle of x, 32 nodes a side:
  // theta <= 8 * 63 / (32 * 32).
  EXPECT_NEAR(bound("mesh:8x8", "bisection-x"), 8.0 * 63 / (32 * 32), 1e-12);
  EXPECT_EQ(uniform_throughput_bounds(make_topology("mesh:8x8")).tightest().name, "bisection-x");
}

// A torus's middle cut crosses every ring twice (the wrap-around link as
// well), so its bisection bound is twice the mesh's; its per-dimension link
// bound uses ring distances.
TEST(Bounds, TorusCutsCountTheWrapAroundLinks) {
  // 8x8 torus: 2 x 8 channels each way across the middle of x, 32 nodes a side.
  EXPECT_NEAR(bound("torus:8x8", "bisection-x"), 16.0 * 63 / (32 * 32), 1e-12);
  EXPECT_NEAR(bound("torus:8x8", "bisection-x"), 2 * bound("mesh:8x8", "bisection-x"), 1e-12);
  // 5x4 torus, odd ring: the cut leaves 2 x 4 = 8 nodes on one side, 12 on
  // the other, crossed by 2 x 4 channels each way.
  EXPECT_NEAR(bound("torus:5x4", "bisection-x"), 8.0 * 19 / (8 * 12), 1e-12);
  // 6x4 torus, x links: 48 directed channels; the ring distances of 6 sum to
  // 6 x (0+1+2+3+2+1) = 54 over ordered pairs of x, times 4 x 4 pairs of the
  // other coordinates, over 24 x 23 ordered node pairs.
  const double hops = 54.0 * 16 / (24 * 23);
  EXPECT_NEAR(bound("torus:6x4", "x-links"), 48.0 / (24 * hops), 1e-12);
}

TEST(Bounds, ChannelBoundIsChannelsOverNodesTimesAverageDistance) {
  // 4x4 torus: 64 channels, average distance over distinct pairs 32/15.
  EXPECT_NEAR(bound("torus:4x4", "channels"), 64.0 / (16 * (32.0 / 15)), 1e-12);
}

TEST(Bounds, PetersenTorusZLinksAreTheBottleneck) {
  // 3PT(l, m, n): 2 of the 10 external links of a module move in z, so
  // N / 5 z channels; a packet needs the z ring distance in them.
  for (unsigned l : {3u, 4u, 5u}) {
    const std::string spec = "3pt:" + std::to_string(l) + "x4x4";
    const double n = 10.0 * l * 16;
    double ring = 0;  // sum of ring distances over ordered pairs of z values
    for (unsigned a = 0; a < l; ++a)
      for (unsigned b = 0; b < l; ++b) ring += std::min((a + l - b) % l, (b + l - a) % l);
    const double hops = ring * (n / l) * (n / l) / (n * (n - 1));
    EXPECT_NEAR(bound(spec, "z-links"), (n / 5) / (n * hops), 1e-12) << spec;
    EXPECT_EQ(uniform_throughput_bounds(make_topology(spec)).tightest().name, "z-links") << spec;
  }
  // The external-link bound counts every external link as one pool; the
  // z links alone are tighter by about half on 3PT(5,5,5).
  EXPECT_NEAR(bound("3pt:5x5x5", "external"), 0.357, 0.001);
  EXPECT_NEAR(bound("3pt:5x5x5", "z-links"), 0.1665, 0.0005);
}

TEST(Bounds, NoRunBeatsTheTightestBound) {
  for (const char* spec : {"3pt:2x2x2", "torus:4x4", "mesh:4x4"}) {
    Scenario s = small_scenario(spec, 1.0, 5);
    s.routing = "adaptive";
    s.warmup = 500;
    s.cycles = 3000;
    s.drain_limit = 1;
    const Results r = run(s);
    EXPECT_GT(r.throughput, 0.5 * r.bound) << spec << " is loaded to saturation";
    EXPECT_LE(r.throughput, r.bound) << spec;
    EXPECT_NEAR(r.bound_fraction, r.throughput / r.bound, 1e-12);
  }
}

}  // namespace
}  // namespace wormsim::test
