// Memory hints (Component::prefetch, used on fabrics larger than the caches;
// on smaller ones only the first lines of a component a few places ahead)
// only ask the memory for data: a fabric evaluated with them delivers every
// flit at the same node, on the same channel, in the same cycle and order as
// without. The fabrics here are small, so the staged hints are forced on;
// this is the only place the staged evaluation runs on small fabrics.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <tuple>
#include <vector>

#include <wormsim/core/rng.h>
#include <wormsim/multicast/worm_packet.h>
#include <wormsim/network/network.h>
#include <wormsim/routing/registry.h>
#include <wormsim/routing/routing.h>
#include <wormsim/topology/spec.h>

#include "sim_helpers.h"

namespace wormsim {
namespace {

using Delivery = std::tuple<Cycle, NodeId, unsigned, std::uint64_t, unsigned>;  // cycle, node, channel, packet, seq

struct Log : DeliveryObserver {
  std::vector<Delivery> got;
  void on_delivered(const Flit& f, NodeId node, unsigned channel, Cycle c) override {
    got.emplace_back(c, node, channel, f.packet, f.seq);
  }
};

struct Case {
  const char* topology;
  const char* routing;
  Arbitration arbitration;
  bool worms;
};

// Offers random packets (and, if asked, multi-destination worms) for `cycles`
// cycles at a load that congests the fabric, then drains; returns every
// delivery.
struct Modes {
  bool entered_dense = false, left_dense = false;  ///< seen during the run
};

std::vector<Delivery> simulate(const Case& c, NetworkConfig::MemoryHints hints, std::uint64_t seed,
                               NetworkConfig::DenseEvaluation dense = NetworkConfig::DenseEvaluation::Never,
                               Modes* modes = nullptr) {
  const Topology topology = make_topology(c.topology);
  const auto routing = make_routing(c.routing, topology, 0);
  WormTable worms;
  Log log;
  NetworkConfig nc;
  nc.router.vcs = routing->vcs();
  nc.router.buffer_depth = 4;
  nc.router.arbitration = c.arbitration;
  nc.eject_probability = 0.7;
  nc.seed = seed;
  nc.worms = &worms;
  nc.memory_hints = hints;
  nc.dense = dense;
  Network net(topology, *routing, nc, log);
  EXPECT_EQ(net.prefetching(), hints == NetworkConfig::MemoryHints::On);
  EXPECT_EQ(net.light_hints(), hints == NetworkConfig::MemoryHints::BySize);  // these fabrics are small
  Rng rng(seed, 5);
  test::drive_random_packets(net, static_cast<NodeId>(topology.num_nodes()), rng, 0.08, c.worms, worms, 1500, 3000,
                             [&] {
                               if (modes == nullptr) return;
                               modes->entered_dense = modes->entered_dense || net.dense();
                               modes->left_dense = modes->left_dense || (modes->entered_dense && !net.dense());
                             });
  return std::move(log.got);
}

// DOR, adaptive, age arbitration, 3PT, and worms under both arbitrations.
const Case kCases[] = {
    {"mesh:6x6x6", "dor", Arbitration::RoundRobin, false},
    {"mesh:4x4x4", "adaptive", Arbitration::Age, false},
    {"torus:4x4x4", "dor", Arbitration::Age, false},
    {"3pt:3x3x2", "adaptive", Arbitration::Age, false},
    {"mesh:4x4x4", "hamiltonian", Arbitration::RoundRobin, true},
    {"mesh:4x4x4", "hamiltonian", Arbitration::Age, true},
};

TEST(MemoryHints, SameDeliveriesWithAndWithoutHints) {
  const std::uint64_t seed = 2024;
  std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  for (const Case& c : kCases) {
    SCOPED_TRACE(std::string(c.topology) + " " + c.routing);
    const auto off = simulate(c, NetworkConfig::MemoryHints::Off, seed);
    const auto on = simulate(c, NetworkConfig::MemoryHints::On, seed);
    const auto light = simulate(c, NetworkConfig::MemoryHints::BySize, seed);
    ASSERT_GT(off.size(), 1000u) << "the traffic must reach the fabric";
    EXPECT_EQ(on, off);
    EXPECT_EQ(light, off);
  }
}

// Dense evaluation (ActivityList::set_dense) evaluates every component each
// cycle instead of the woken ones: on the same six fabrics, the same
// deliveries, always dense or never, and by activity, where this traffic
// (congesting, then draining) enters dense evaluation and, where the
// fabric drains within the run, leaves it again.
TEST(MemoryHints, DenseEvaluationGivesTheSameDeliveries) {
  const std::uint64_t seed = 2025;
  std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  using Dense = NetworkConfig::DenseEvaluation;
  for (const Case& c : kCases) {
    SCOPED_TRACE(std::string(c.topology) + " " + c.routing);
    // Within a cycle, deliveries come in the order the interfaces are
    // evaluated, which differs: compare them sorted.
    auto sorted = [](std::vector<Delivery> d) {
      std::sort(d.begin(), d.end());
      return d;
    };
    const auto never = sorted(simulate(c, NetworkConfig::MemoryHints::Off, seed, Dense::Never));
    Modes always_modes, by_activity;
    const auto always = sorted(simulate(c, NetworkConfig::MemoryHints::Off, seed, Dense::Always, &always_modes));
    const auto adaptive =
        sorted(simulate(c, NetworkConfig::MemoryHints::BySize, seed, Dense::ByActivity, &by_activity));
    ASSERT_GT(never.size(), 1000u) << "the traffic must reach the fabric";
    EXPECT_TRUE(always_modes.entered_dense && !always_modes.left_dense);
    EXPECT_TRUE(by_activity.entered_dense) << "the busy part did not go dense";
    if (!c.worms) {  // the worms keep this fabric busy past the run's end
      EXPECT_TRUE(by_activity.left_dense) << "the drain did not go back to lists";
    }
    EXPECT_EQ(always, never);
    EXPECT_EQ(adaptive, never);
  }
}

TEST(MemoryHints, ChosenBySizeOfTheFlitBuffers) {
  Log log;
  NetworkConfig nc;
  nc.router.vcs = 2;
  nc.router.buffer_depth = 8;
  const Topology small = make_topology("mesh:8x8x8");  // 512 x 7 ports x 2 VCs x 8 flits: 2.75 MB
  const Topology large = make_topology("mesh:16x16x16");  // 22 MB
  const auto small_routing = make_routing("dor", small, 2);
  const auto large_routing = make_routing("dor", large, 2);
  EXPECT_FALSE(Network(small, *small_routing, nc, log).prefetching());
  EXPECT_TRUE(Network(small, *small_routing, nc, log).light_hints());
  EXPECT_TRUE(Network(large, *large_routing, nc, log).prefetching());
  EXPECT_FALSE(Network(large, *large_routing, nc, log).light_hints());
  nc.memory_hints = NetworkConfig::MemoryHints::Off;
  EXPECT_FALSE(Network(large, *large_routing, nc, log).prefetching());
  EXPECT_FALSE(Network(small, *small_routing, nc, log).light_hints());
}

}  // namespace
}  // namespace wormsim
