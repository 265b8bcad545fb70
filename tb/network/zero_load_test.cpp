// Zero-load latency equals the formula of docs/microarchitecture.md:
//   T0(H, L) = 3 H + L + 4   (H router-to-router hops, L flits, buffer depth B >= 4)
#include <gtest/gtest.h>

#include <wormsim/core/rng.h>
#include <wormsim/topology/distances.h>
#include <wormsim/topology/grid.h>
#include <wormsim/topology/spec.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

std::uint64_t formula(unsigned hops, unsigned length) { return 3ull * hops + length + 4; }

TEST(ZeroLoad, MeshLatencyMatchesFormulaForEveryHopCountAndLength) {
  const std::array<unsigned, 3> dims{4, 4, 4};
  for (unsigned buffer : {4u, 8u})
  for (unsigned length : {1u, 2u, 4u, 8u, 16u}) {
    for (unsigned hops = 1; hops <= 9; ++hops) {
      // destinations `hops` away (moving up in x, then y, then z) from a
      // corner and from an inner node, where that fits in the mesh
      for (Coord src : {Coord{0, 0, 0}, Coord{1, 2, 1}}) {
        Coord dst = src;
        unsigned left = hops;
        for (unsigned* c : {&dst.x, &dst.y, &dst.z}) {
          const unsigned up = std::min(left, 3 - *c);
          *c += up;
          left -= up;
        }
        if (left != 0) continue;
        const NodeId s = id_of(dims, src), d = id_of(dims, dst);
        EXPECT_EQ(lone_packet_latency("mesh:4x4x4", s, d, length, buffer), formula(hops, length))
            << "hops " << hops << " length " << length << " buffer " << buffer << " src " << s
            << " dst " << d;
      }
    }
  }
}

TEST(ZeroLoad, TorusLatencyUsesTheShorterWayRound) {
  const std::array<unsigned, 3> dims{4, 4, 4};
  // (0,0,0) -> (3,3,3) is 3 hops on the torus (one wrap per dimension).
  EXPECT_EQ(lone_packet_latency("torus:4x4x4", 0, id_of(dims, Coord{3, 3, 3}), 4), formula(3, 4));
  EXPECT_EQ(lone_packet_latency("torus:4x4x4", 0, id_of(dims, Coord{2, 2, 2}), 4), formula(6, 4));
}

TEST(ZeroLoad, ShallowBuffersStallLongPacketsOnTheCreditLoop) {
  // Below 4 flits of buffering the credit round trip (docs/microarchitecture.md)
  // throttles a packet longer than the buffer: the formula no longer holds.
  EXPECT_GT(lone_packet_latency("mesh:4x4x4", 0, 3, 8, 3), formula(3, 8));
  EXPECT_GT(lone_packet_latency("mesh:4x4x4", 0, 3, 8, 2), lone_packet_latency("mesh:4x4x4", 0, 3, 8, 3));
  EXPECT_EQ(lone_packet_latency("mesh:4x4x4", 0, 3, 3, 3), formula(3, 3)) << "a packet that fits is not throttled";
}

TEST(ZeroLoad, On3ptLatencyIsTheFormulaWithGraphDistance) {
  const Topology t = make_topology("3pt:3x3x3");
  const DistanceTable d(t);
  Rng rng(11);
  for (int i = 0; i < 40; ++i) {
    const NodeId s = static_cast<NodeId>(rng.below(t.num_nodes()));
    NodeId x = static_cast<NodeId>(rng.below(t.num_nodes()));
    if (x == s) x = (x + 1) % static_cast<NodeId>(t.num_nodes());
    for (unsigned length : {1u, 4u}) {
      EXPECT_EQ(lone_packet_latency("3pt:3x3x3", s, x, length), 3ull * d(s, x) + length + 4)
          << s << "->" << x << " length " << length;
    }
  }
}

}  // namespace
}  // namespace wormsim::test
