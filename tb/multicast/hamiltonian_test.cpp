// Hamiltonian labelings (mesh snake, 3PT search) are verified Hamiltonian
// paths; dual-path worms visit their destinations in order inside their
// subnetwork; the `hamiltonian` unicast routing is deadlock-free (static
// check) and delivers every packet.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <set>

#include <wormsim/routing/registry.h>
#include <wormsim/core/rng.h>
#include <wormsim/deadlock/channel_dependency.h>
#include <wormsim/multicast/dual_path.h>
#include <wormsim/routing/hamiltonian_routing.h>
#include <wormsim/sim/simulation.h>
#include <wormsim/topology/grid.h>
#include <wormsim/topology/spec.h>

namespace wormsim {
namespace {

TEST(Boustrophedon, FollowsTheSpecFormula) {
  // X = 4: row 0 left to right, row 1 right to left
  EXPECT_EQ(boustrophedon_label(4, 0, 0), 0u);
  EXPECT_EQ(boustrophedon_label(4, 3, 0), 3u);
  EXPECT_EQ(boustrophedon_label(4, 3, 1), 4u);
  EXPECT_EQ(boustrophedon_label(4, 0, 1), 7u);
  EXPECT_EQ(boustrophedon_label(4, 0, 2), 8u);
}

TEST(MeshSnake, IsAHamiltonianPathOnMeshesAndTori) {
  for (const char* spec : {"mesh:4x4", "mesh:5x3", "mesh:3x4x5", "mesh:5x5x5", "mesh:4x4x4", "mesh:2x2x2",
                           "torus:4x4x4", "mesh:8x8x8"}) {
    const Topology t = make_topology(spec);
    const HamiltonianLabeling h = mesh_snake(t);
    EXPECT_EQ(verify_hamiltonian(t, h), "") << spec;
    // the first layer is the paper's boustrophedon
    for (NodeId n = 0; n < t.num_nodes(); ++n) {
      const Coord c = coord_of(t.dims, n);
      if (c.z == 0) {
        EXPECT_EQ(h.label[n], boustrophedon_label(t.dims[0], c.x, c.y)) << spec;
      }
    }
  }
}

TEST(PetersenTorusPath, ExistsAndIsVerifiedForEverySizeUpTo6) {
  for (unsigned l = 2; l <= 6; ++l)
    for (unsigned m = 2; m <= 6; ++m)
      for (unsigned n = 2; n <= 6; ++n) {
        const std::string spec = "3pt:" + std::to_string(l) + "x" + std::to_string(m) + "x" + std::to_string(n);
        const Topology t = make_topology(spec);
        const HamiltonianLabeling h = petersen_torus_path(t);
        EXPECT_EQ(verify_hamiltonian(t, h), "") << spec;
      }
}

TEST(PetersenTorusPath, LargerAndUnevenSizes) {
  for (const char* spec : {"3pt:2x7x3", "3pt:9x2x8", "3pt:7x7x2", "3pt:8x8x8", "3pt:3x11x10"}) {
    const Topology t = make_topology(spec);
    EXPECT_EQ(verify_hamiltonian(t, petersen_torus_path(t)), "") << spec;
  }
}

TEST(VerifyHamiltonian, RejectsBrokenPaths) {
  const Topology t = make_topology("mesh:4x4");
  HamiltonianLabeling h = mesh_snake(t);
  std::swap(h.node_at[3], h.node_at[5]);
  h.label[h.node_at[3]] = 3;
  h.label[h.node_at[5]] = 5;
  EXPECT_NE(verify_hamiltonian(t, h), "");
}

void check_worms(const Topology& t, const HamiltonianLabeling& h, NodeId src, const std::vector<NodeId>& dests) {
  const std::vector<Worm> worms = dual_path(t, h, src, dests);
  ASSERT_LE(worms.size(), 2u);
  std::multiset<NodeId> delivered;
  for (const Worm& w : worms) {
    ASSERT_EQ(w.path.front(), src);
    std::size_t next = 0;
    for (std::size_t i = 1; i < w.path.size(); ++i) {
      ASSERT_GE(port_towards(t, w.path[i - 1], w.path[i]), 0) << "not a link";
      if (w.high) {
        ASSERT_GT(h.label[w.path[i]], h.label[w.path[i - 1]]) << "high worm went down";
      } else {
        ASSERT_LT(h.label[w.path[i]], h.label[w.path[i - 1]]) << "low worm went up";
      }
      if (next < w.destinations.size() && w.path[i] == w.destinations[next]) ++next;
    }
    EXPECT_EQ(next, w.destinations.size()) << "destinations visited in order";
    EXPECT_EQ(w.path.back(), w.destinations.back());
    delivered.insert(w.destinations.begin(), w.destinations.end());
  }
  std::set<NodeId> want(dests.begin(), dests.end());
  want.erase(src);
  EXPECT_EQ(std::set<NodeId>(delivered.begin(), delivered.end()), want);
  EXPECT_EQ(delivered.size(), want.size()) << "each destination in exactly one worm";
}

TEST(DualPath, RandomMulticastsAndBroadcasts) {
  const std::uint64_t seed = 11;
  std::cout << "[ seed ] " << seed << "\n";
  Rng rng(seed, 3);
  for (const char* spec : {"mesh:5x5x5", "mesh:8x8", "3pt:3x3x3", "3pt:2x4x3"}) {
    const Topology t = make_topology(spec);
    const HamiltonianLabeling h = hamiltonian_labeling(t);
    for (int trial = 0; trial < 40; ++trial) {
      const NodeId src = static_cast<NodeId>(rng.below(t.num_nodes()));
      std::vector<NodeId> dests;
      const unsigned k = 1 + static_cast<unsigned>(rng.below(20));
      for (unsigned i = 0; i < k; ++i) dests.push_back(static_cast<NodeId>(rng.below(t.num_nodes())));
      check_worms(t, h, src, dests);
    }
    std::vector<NodeId> all(t.num_nodes());
    for (NodeId n = 0; n < t.num_nodes(); ++n) all[n] = n;
    const NodeId src = static_cast<NodeId>(rng.below(t.num_nodes()));
    check_worms(t, h, src, all);
    // a broadcast's worms follow the Hamiltonian path itself: N - 1 hops in all
    std::size_t hops = 0;
    for (const Worm& w : dual_path(t, h, src, all)) hops += w.path.size() - 1;
    EXPECT_EQ(hops, t.num_nodes() - 1) << spec;
  }
}

TEST(HamiltonianRouting, StaticCheckIsAcyclicWithOneVc) {
  for (const char* spec : {"mesh:4x4x4", "torus:4x4x4", "3pt:2x2x2", "3pt:3x3x3"}) {
    const Topology t = make_topology(spec);
    const auto r = make_routing("hamiltonian", t, 1);
    const DependencyVerdict v = check_channel_dependencies(t, *r);
    EXPECT_TRUE(v.acyclic) << spec << ": " << v.cycle_text(t);
  }
}

TEST(HamiltonianRouting, DeliversEveryPacketUnderLoad) {
  for (const char* spec : {"mesh:4x4x4", "3pt:2x2x2"}) {
    Scenario s;
    s.topology = spec;
    s.routing = "hamiltonian";
    s.vcs = 1;
    s.rate = 0.05;
    s.warmup = 200;
    s.cycles = 3000;
    s.seed = 5;
    Simulation sim(s);
    sim.run_plain();
    const Results r = sim.results(0);
    EXPECT_TRUE(r.drained) << spec;
    EXPECT_EQ(r.delivered_packets, r.injected_packets) << spec;
    EXPECT_GT(r.delivered_packets, 1000u) << spec;
  }
}

}  // namespace
}  // namespace wormsim
