// A threaded network cut again every few cycles, each time at random (every
// node may change lanes, with arrivals for it waiting in other lanes' lists,
// wake-ups pending and its links' ends taken for the old cut), delivers
// every flit at the node and in the cycle one lane does. The lanes run on
// their threads (every cycle shared) or one after another on the calling
// thread (no cycle shared); links take one cycle, or two with credits
// counted a cycle late.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include <wormsim/core/rng.h>
#include <wormsim/network/network.h>
#include <wormsim/routing/registry.h>
#include <wormsim/routing/routing.h>
#include <wormsim/topology/spec.h>

#include "sim_helpers.h"

namespace wormsim {
namespace {

using Delivered = std::tuple<std::uint64_t, std::uint16_t, NodeId, Cycle>;  // packet, flit, node, cycle

struct Record : DeliveryObserver {
  std::vector<Delivered> seen;
  void on_delivered(const Flit& f, NodeId node, unsigned, Cycle cycle) override {
    seen.emplace_back(f.packet, f.seq, node, cycle);
  }
};

struct Case {
  std::string topology;
  unsigned link_latency;  ///< every network link's
  unsigned credit_delay;
};

/// The flits delivered in `cycles` cycles of random traffic
/// (drive_random_packets at 0.15 for the first two thirds, then none) on
/// `lanes` lanes (1: no threads), cut again at random every `recut_every`
/// cycles (0: never), each cycle shared by the lanes where `shared`.
/// Sorted: one lane and several report in different orders.
std::vector<Delivered> delivered(const Case& c, unsigned lanes, Cycle recut_every, bool shared, std::uint64_t seed,
                                 Cycle cycles) {
  const Topology topology = make_topology(c.topology);
  const auto routing = make_routing("dor", topology, 0);
  Record record;
  NetworkConfig nc;
  nc.router.vcs = routing->vcs();
  nc.router.buffer_depth = 4;
  nc.seed = seed;
  nc.credit_delay = c.credit_delay;
  if (c.link_latency != 1)
    nc.link_latency.assign(std::size_t{topology.num_nodes()} * topology.num_ports, c.link_latency);
  Network net(topology, *routing, nc, record);
  if (lanes > 1) net.set_threads(lanes, shared ? 0 : static_cast<std::size_t>(1) << 40);
  Rng traffic(seed, 1), cuts(seed, 2);
  const NodeId n = static_cast<NodeId>(topology.num_nodes());
  WormTable worms;
  Cycle done = 0;  // cycles completed
  test::drive_random_packets(net, n, traffic, 0.15, false, worms, 2 * cycles / 3, cycles, [&] {
    if (lanes == 1 || recut_every == 0 || ++done % recut_every != 0) return;
    std::vector<unsigned> cut(n);
    for (unsigned& lane : cut) lane = static_cast<unsigned>(cuts.below(lanes));
    net.recut_lanes(cut, LaneRecut{});
  });
  std::sort(record.seen.begin(), record.seen.end());
  return record.seen;
}

TEST(LaneRecut, RandomCutsEveryFewCyclesDeliverAsOneLane) {
  const std::uint64_t seed = 29;
  std::printf("[ seed ] %llu\n", static_cast<unsigned long long>(seed));
  const Cycle cycles = 600;
  for (const Case& c : {Case{"mesh:6x6x6", 1, 0}, Case{"torus:4x4x4", 2, 1}}) {
    const std::vector<Delivered> one = delivered(c, 1, 0, true, seed, cycles);
    ASSERT_GT(one.size(), 10000u) << c.topology << ": the traffic must reach the fabric";
    for (unsigned lanes : {2u, 3u, 5u})
      for (Cycle every : {1u, 3u, 7u})
        for (bool shared : {true, false}) {
          const std::vector<Delivered> many = delivered(c, lanes, every, shared, seed, cycles);
          EXPECT_EQ(many.size(), one.size()) << c.topology << ", " << lanes << " lanes, cut every " << every;
          EXPECT_TRUE(many == one) << c.topology << ", " << lanes << " lanes, cut again every " << every
                                   << " cycles, " << (shared ? "shared" : "one after another");
        }
  }
}

}  // namespace
}  // namespace wormsim
