// Router shapes (RouterShape, Router::make): a router whose cycle is
// compiled for its configuration's shape (VCs per port fixed, the plain
// allocator and arbitration) behaves as the general cycle, flit for flit.
// Each case runs one fabric twice, with shaped routers (their cycles called
// directly by the network's list evaluator) and with the general cycle
// everywhere (virtual calls), and compares every delivery (cycle, node, channel,
// packet, flit), in order, every link's flit count and every router's
// buffered flits at the end.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include <wormsim/core/rng.h>
#include <wormsim/multicast/worm_packet.h>
#include <wormsim/network/network.h>
#include <wormsim/router/router.h>
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
  unsigned vcs;         ///< 0: the routing's own
  unsigned local_ports;
  bool worms;
};

struct Outcome {
  std::vector<Delivery> deliveries;
  std::vector<std::uint64_t> link_flits;
  std::vector<unsigned> buffered;
  bool shaped = false;  ///< router 0 runs a shaped cycle
};

// Random packets of 1-6 flits (and, if asked, two-destination worms) at a
// load past saturation for 1,500 cycles with slow sinks, then 1,500 cycles
// to drain.
Outcome simulate(const Case& c, bool shaped, std::uint64_t seed) {
  const Topology topology = make_topology(c.topology);
  const auto routing = make_routing(c.routing, topology, c.vcs);
  WormTable worms;
  Log log;
  NetworkConfig nc;
  nc.router.vcs = routing->vcs();
  nc.router.local_ports = c.local_ports;
  nc.router.buffer_depth = 4;
  nc.eject_probability = 0.7;
  nc.seed = seed;
  nc.worms = &worms;
  nc.shaped_routers = shaped;
  Network net(topology, *routing, nc, log);
  Rng rng(seed, 9);
  const NodeId n = static_cast<NodeId>(topology.num_nodes());
  test::drive_random_packets(net, n, rng, 0.1, c.worms, worms, 1500, 3000);
  Outcome out;
  out.deliveries = std::move(log.got);
  for (const auto& l : net.links()) out.link_flits.push_back(l->flits_carried());
  for (NodeId r = 0; r < n; ++r) out.buffered.push_back(net.router(r).buffered_flits());
  out.shaped = net.router(0).shaped();
  return out;
}

// A shape for 1, 2 and 4 VCs per port, the plain shape for any other
// number (3), two local ports, and forking worms.
const Case kCases[] = {
    {"mesh:5x5x4", "dor", 1, 1, false},
    {"mesh:6x6x6", "dor", 2, 1, false},
    {"torus:4x4x4", "dor", 4, 1, false},
    {"mesh:4x4x4", "adaptive", 3, 2, false},
    {"3pt:3x3x2", "3pt-dor", 0, 1, false},
    {"mesh:4x4x4", "hamiltonian", 2, 1, true},
};

TEST(RouterShape, ShapedRoutersDeliverAsTheGeneralCycle) {
  const std::uint64_t seed = 2026;
  std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  for (const Case& c : kCases) {
    SCOPED_TRACE(std::string(c.topology) + " " + c.routing + " vcs " + std::to_string(c.vcs));
    const Outcome general = simulate(c, false, seed);
    const Outcome shaped = simulate(c, true, seed);
    EXPECT_FALSE(general.shaped);
    EXPECT_TRUE(shaped.shaped) << "the configuration has a shape";
    ASSERT_GT(general.deliveries.size(), 1000u) << "the traffic must reach the fabric";
    EXPECT_EQ(shaped.deliveries, general.deliveries);
    EXPECT_EQ(shaped.link_flits, general.link_flits);
    EXPECT_EQ(shaped.buffered, general.buffered);
  }
}

// The plain shapes take the separable allocator with round-robin
// arbitration, the first-free selection, no routing delay and no wait for
// tail credits; any other configuration runs the general cycle.
TEST(RouterShape, MakeGivesAShapeOnlyToPlainConfigurations) {
  const Topology topology = make_topology("mesh:3x3");
  const auto routing = make_routing("dor", topology, 2);
  ActivityList activity;
  // The list evaluator calls shaped cycles directly exactly where make
  // gives a shape.
  auto shaped = [&](const RouterConfig& rc, bool allowed = true) {
    const bool made = Router::make(0, rc, *routing, activity, 0, nullptr, allowed)->shaped();
    EXPECT_EQ(Router::list_evaluator(rc, allowed) != evaluate_any, made);
    return made;
  };
  RouterConfig plain;
  plain.network_ports = 4;
  for (unsigned vcs : {1u, 2u, 3u, 4u, 8u}) {
    RouterConfig rc = plain;
    rc.vcs = vcs;
    EXPECT_TRUE(shaped(rc)) << vcs << " VCs";
    EXPECT_FALSE(shaped(rc, false)) << vcs << " VCs, shapes not allowed";
  }
  RouterConfig rc = plain;
  rc.arbitration = Arbitration::Age;
  EXPECT_FALSE(shaped(rc));
  rc = plain;
  rc.selection = Selection::Credits;
  EXPECT_FALSE(shaped(rc));
  rc = plain;
  rc.allocator = Allocator::Islip;
  EXPECT_FALSE(shaped(rc));
  rc = plain;
  rc.routing_delay = 1;
  EXPECT_FALSE(shaped(rc));
  rc = plain;
  rc.wait_for_tail_credit = true;
  EXPECT_FALSE(shaped(rc));
}

}  // namespace
}  // namespace wormsim
