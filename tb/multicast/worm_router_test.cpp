// Absorb-and-forward in the router: a multi-destination worm reaches every
// destination once, in order, and at each destination that forks every flit
// goes to the local node and onward in the same cycle, or not at all; a list
// worm's address flit whose last id a fork consumed goes to the local node
// only.
#include <gtest/gtest.h>

#include <map>
#include <memory>

#include <wormsim/core/config_error.h>
#include <wormsim/multicast/worm_packet.h>
#include <wormsim/routing/registry.h>
#include <wormsim/network/network.h>
#include <wormsim/routing/routing.h>
#include <wormsim/topology/spec.h>

namespace wormsim {
namespace {

struct Recorder : DeliveryObserver {
  std::map<NodeId, std::vector<std::pair<unsigned, Cycle>>> got;  ///< node -> (seq, cycle)
  void on_delivered(const Flit& f, NodeId node, unsigned, Cycle c) override { got[node].push_back({f.seq, c}); }
};

struct Fabric {
  Topology topology;
  std::unique_ptr<RoutingFunction> routing;
  WormTable worms;
  Recorder rec;
  std::unique_ptr<Network> net;
  Fabric(const std::string& spec, double eject, unsigned local_ports = 1)
      : topology(make_topology(spec)), routing(make_routing("dor", topology, 2)) {
    NetworkConfig nc;
    nc.router.vcs = 2;
    nc.router.buffer_depth = 4;
    nc.router.local_ports = local_ports;
    nc.eject_probability = eject;
    nc.seed = 11;
    nc.worms = &worms;
    net = std::make_unique<Network>(topology, *routing, nc, rec);
  }
  void send(NodeId src, std::vector<NodeId> dests, unsigned length, std::uint64_t id = 1) {
    Packet p{id, src, dests.front(), static_cast<std::uint16_t>(length), 0, 0, {}};
    p.worm = worms.add(WormRoute{std::move(dests), HeaderForm::List, 0});
    net->ni(src).enqueue(p);
  }
  void tick(Cycle c) {
    net->evaluate(c);
    net->commit();
  }
};

TEST(WormRouter, EveryDestinationGetsEveryFlitInOrderOnce) {
  Fabric f("mesh:4x4x1", 1.0);
  const std::vector<NodeId> dests{1, 5, 6, 10, 15, 14};
  f.send(0, dests, 9);
  for (Cycle c = 0; c < 300; ++c) f.tick(c);
  ASSERT_EQ(f.rec.got.size(), dests.size());
  // 6 destinations: 5 ids in 2 address flits (seq 1: ids 1-4, seq 2: id 5);
  // the fork at destination 3 leaves seq 1 behind, the one at 4 seq 2.
  const std::vector<unsigned> skipped{0, 0, 0, 0, 1, 2};
  EXPECT_EQ(address_flits_dropped(WormRoute{dests, HeaderForm::List, 0}, kDefaultFlitBits), skipped);
  Cycle last_head = 0;
  for (std::size_t h = 0; h < dests.size(); ++h) {
    const NodeId d = dests[h];
    const auto& v = f.rec.got[d];
    ASSERT_EQ(v.size(), 9u - skipped[h]) << "node " << d;
    EXPECT_EQ(v[0].first, 0u);
    for (unsigned k = 1; k < v.size(); ++k) EXPECT_EQ(v[k].first, k + skipped[h]) << "node " << d;
    EXPECT_GT(v[0].second, last_head) << "destinations are reached in list order";
    last_head = v[0].second;
  }
}

// With slow ejection the fork's ejection credits run out; the forward copy
// must then wait too: on the fork node's local and forward output links the
// same flit appears in the same cycle, every cycle, except the address flit
// (seq 1, holding only the last destination), which goes to the local node only.
TEST(WormRouter, AForkedFlitAdvancesOnlyWhenBothOutputsTakeIt) {
  Fabric f("mesh:4x1x1", 0.2);
  f.send(0, {1, 3}, 40);
  const Topology& t = f.topology;
  PortId xp = 0;
  for (PortId p = 0; p < t.num_ports; ++p)
    if (t.peer[1][p] && t.peer[1][p]->node == 2) xp = p;
  const Link* fwd = f.net->router_output(1, xp);
  const Link* local = f.net->router_output(1, static_cast<PortId>(t.num_ports));
  unsigned together = 0, idle_cycles = 0;
  for (Cycle c = 0; c < 2000; ++c) {
    f.tick(c);
    if (local->flit().valid && local->flit().flit.seq == 1) {
      EXPECT_FALSE(fwd->flit().valid) << "the consumed address flit is not forwarded";
      continue;
    }
    ASSERT_EQ(fwd->flit().valid, local->flit().valid) << "cycle " << c;
    if (fwd->flit().valid) {
      EXPECT_EQ(fwd->flit().flit.seq, local->flit().flit.seq);
      EXPECT_EQ(fwd->flit().flit.dst, 3u);
      EXPECT_EQ(local->flit().flit.dst, 1u);
      ++together;
    } else if (together > 0 && together < 39) {
      ++idle_cycles;
    }
  }
  EXPECT_EQ(together, 39u);
  EXPECT_GT(idle_cycles, 20u) << "slow ejection must stall the worm (else this test proves nothing)";
  EXPECT_EQ(f.rec.got[1].size(), 40u);
  EXPECT_EQ(f.rec.got[3].size(), 39u);
  EXPECT_TRUE(f.rec.got[2].empty()) << "node 2 is passed through, not a destination";
}

// Two worms fork at the same node toward the same output: both complete
// (the ejection side decides first, so the two cannot split the arbiters).
TEST(WormRouter, TwoForksCompetingForOneNodeBothComplete) {
  Fabric f("mesh:4x4x1", 1.0);
  f.send(0, {1, 2, 3}, 12, 1);
  f.send(5, {1, 2, 3}, 12, 2);
  for (Cycle c = 0; c < 500; ++c) f.tick(c);
  // the last destination's copies lack their one address flit
  EXPECT_EQ(f.rec.got[1].size(), 24u);
  EXPECT_EQ(f.rec.got[2].size(), 24u);
  EXPECT_EQ(f.rec.got[3].size(), 22u);
}

// A list worm's address flits hold flit_bits / 16 destinations, so its
// length in flits follows the flit width the RTL is built with.
TEST(ListHeader, AddressFlitsFollowTheFlitWidth) {
  const Topology t = make_topology("mesh:4x4");
  WormRoute r{{1, 2, 3, 5, 6, 7, 9, 10, 11}, HeaderForm::List, 0};  // 9 destinations: 8 after the head's
  EXPECT_EQ(header_flits(r.form, r.destinations.size()), 2u);        // 64 bits: 4 ids per flit
  EXPECT_EQ(header_flits(r.form, r.destinations.size(), 32), 4u);    // 2 per flit
  EXPECT_EQ(header_flits(r.form, r.destinations.size(), 128), 1u);   // 8 per flit
  EXPECT_EQ(worm_packet(t, 0, r, 4, 32).length, 8u);
  EXPECT_EQ(worm_packet(t, 0, r, 4, 128).length, 5u);
  r.form = HeaderForm::Range;  // head only, whatever the width
  EXPECT_EQ(header_flits(r.form, r.destinations.size(), 32), 0u);
}

// The forks read each next destination from the address flit behind the
// head, so a list worm needs a payload flit behind its address flits (the
// last one may be left behind) and buffers of two flits.
TEST(ListHeader, NeedsAPayloadFlitAndTwoFlitBuffers) {
  const Topology t = make_topology("mesh:4x4");
  const WormRoute r{{1, 2, 3}, HeaderForm::List, 0};
  try {
    worm_packet(t, 0, r, 0);
    FAIL() << "a list worm without payload was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "flits");
  }
  RouterConfig rc;
  rc.buffer_depth = 1;
  try {
    check_worm_route(rc, r);
    FAIL() << "a list worm with 1-flit buffers was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "buffer");
  }
  rc.buffer_depth = 2;
  EXPECT_NO_THROW(check_worm_route(rc, r));
  rc.buffer_depth = 1;
  EXPECT_NO_THROW(check_worm_route(rc, WormRoute{{1, 2, 3}, HeaderForm::Range, 0})) << "range headers read no address flit";
}

}  // namespace
}  // namespace wormsim
