// The lanes cut by time (LaneCut::Time, network/lane_balancer.h): each
// node's counted work is weighed by what its lane's thread took per unit
// of work, so a lane whose thread runs slower gets fewer nodes; cut by
// counted work alone, the same fabric keeps its even cut.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <vector>

#include <wormsim/core/rng.h>
#include <wormsim/network/lane_balancer.h>
#include <wormsim/network/network.h>
#include <wormsim/routing/registry.h>
#include <wormsim/routing/routing.h>
#include <wormsim/topology/spec.h>

namespace wormsim {
namespace {

TEST(LaneBalancer, TimeWeighsEachNodeByItsLanesCostPerUnitOfWork) {
  const std::vector<double> work = {1, 3, 2, 2, 4};
  const std::vector<unsigned> lane = {0, 0, 1, 1, 2};
  // Lane 0: 4 units in 2 s; lane 1: 4 units in 6 s; lane 2: not timed.
  // The timed lanes' mean is 8 s / 8 units: lane 0 costs 0.5 of it, lane 1 1.5.
  const std::vector<double> w = time_weighted_work(work, lane, {2.0, 6.0, 0.0});
  ASSERT_EQ(w.size(), work.size());
  EXPECT_DOUBLE_EQ(w[0], 0.5);
  EXPECT_DOUBLE_EQ(w[1], 1.5);
  EXPECT_DOUBLE_EQ(w[2], 3.0);
  EXPECT_DOUBLE_EQ(w[3], 3.0);
  EXPECT_DOUBLE_EQ(w[4], 4.0);  // untimed: as counted
  // A lane's weighted sum is its time in units of the mean cost.
  EXPECT_DOUBLE_EQ(w[0] + w[1], 2.0);
  EXPECT_DOUBLE_EQ(w[2] + w[3], 6.0);
  // Equal costs leave the work as it is; no time at all, too.
  EXPECT_EQ(time_weighted_work(work, lane, {1.0, 1.0, 1.0}), work);  // 4 units each
  EXPECT_EQ(time_weighted_work(work, lane, {0.0, 0.0, 0.0}), work);
}

struct Count : DeliveryObserver {
  std::uint64_t flits = 0;
  void on_delivered(const Flit&, NodeId, unsigned, Cycle) override { ++flits; }
};

// Uniform traffic on an 8x8x8 mesh with two lanes, where lane 1's thread
// also spins for `spin_us` in every cycle it evaluates (a core that runs
// slower); the balancer `how` looks every window and its cuts are applied.
// Cycles with fewer than `min_active` active components per lane run on one
// thread, untimed. Returns the nodes lane 1 holds at the end.
std::size_t lane_one_nodes(LaneCut how, int spin_us, std::uint64_t seed, std::size_t& recuts,
                           std::size_t min_active = 1, std::uint64_t* timed_phases = nullptr) {
  const Topology topology = make_topology("mesh:8x8x8");
  const auto routing = make_routing("dor", topology, 0);
  Count count;
  NetworkConfig nc;
  nc.router.vcs = routing->vcs();
  nc.router.buffer_depth = 4;
  nc.seed = seed;
  Network net(topology, *routing, nc, count);
  net.set_threads(2, min_active);
  net.set_lane_work([spin_us](unsigned lane, Cycle) {
    if (lane != 1) return;
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(spin_us);
    while (std::chrono::steady_clock::now() < until) {
    }
  });
  LaneBalancer balancer(net, how);
  Rng rng(seed, 9);
  const NodeId n = static_cast<NodeId>(topology.num_nodes());
  std::uint64_t id = 0;
  for (Cycle cycle = 0; cycle < 9 * LaneBalancer::kWindowCycles; ++cycle) {
    for (NodeId src = 0; src < n; ++src) {
      if (!rng.bernoulli(0.02)) continue;
      NodeId dst = static_cast<NodeId>(rng.below(n - 1));
      if (dst >= src) ++dst;
      net.ni(src).enqueue(Packet{++id, src, dst, 4, cycle, 0, {}});
    }
    net.evaluate(cycle);
    net.commit();
    const std::vector<unsigned> cut = balancer.after_cycle(cycle + 1);
    if (!cut.empty()) net.recut_lanes(cut, balancer.recuts().back());
  }
  EXPECT_GT(count.flits, 10000u) << "the traffic must reach the fabric";
  recuts = balancer.recuts().size();
  if (timed_phases != nullptr) *timed_phases = net.timed_phases();
  std::size_t ones = 0;
  for (NodeId node = 0; node < n; ++node) ones += net.lane_of_node(node) == 1 ? 1 : 0;
  return ones;
}

TEST(LaneBalancer, ASlowLaneGetsFewerNodesCutByTime) {
  const std::uint64_t seed = 77;
  std::printf("[ seed ] %llu\n", static_cast<unsigned long long>(seed));
  std::size_t recuts = 0;
  // Counted work: the halves of a mesh under uniform traffic weigh the same,
  // so the slow lane keeps its half.
  EXPECT_EQ(lane_one_nodes(LaneCut::Work, 60, seed, recuts), 256u);
  EXPECT_EQ(recuts, 0u);
  // By time: lane 1 costs several times lane 0 per unit of work, and gives
  // nodes away.
  const std::size_t ones = lane_one_nodes(LaneCut::Time, 60, seed, recuts);
  std::printf("cut by time: lane 1 holds %zu of 512 nodes after %zu cut(s)\n", ones, recuts);
  EXPECT_GE(recuts, 1u);
  EXPECT_LT(ones, 230u) << "the slow lane was not cut smaller";
  EXPECT_GT(ones, 0u);
}

// Where the lanes share few cycles (most have too few active components per
// lane: 340 each, a threshold this traffic crosses now and then),
// the times of those few say little about the cores, and the counted work
// decides: no cut here, though the lanes' times alone would cut.
TEST(LaneBalancer, FewTimedCyclesLeaveTheCountedWorkToDecide) {
  const std::uint64_t seed = 77;
  std::printf("[ seed ] %llu\n", static_cast<unsigned long long>(seed));
  std::size_t recuts = 0;
  std::uint64_t timed = 0;
  EXPECT_EQ(lane_one_nodes(LaneCut::Time, 60, seed, recuts, 340, &timed), 256u);
  EXPECT_EQ(recuts, 0u);
  std::printf("timed phases: %llu of %llu cycles\n", static_cast<unsigned long long>(timed),
              static_cast<unsigned long long>(8 * LaneBalancer::kWindowCycles));
  EXPECT_GT(timed, 0u) << "no cycle was shared: the case tests nothing";
  EXPECT_LT(2 * timed, 8 * LaneBalancer::kWindowCycles) << "most cycles were shared: the case tests nothing";
}

}  // namespace
}  // namespace wormsim
