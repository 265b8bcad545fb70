// The output speedup (RouterConfig::output_speedup, T; BookSim's
// output_speedup) with the iSLIP allocator:
// - in a router: input ports 1 and 2 each receive a 4-flit packet for output
//   0 in the same cycles. With T = 2 they cross to switch outputs 1 and 0 of
//   port 0, so both cross in the same cycle: the inputs return both credits
//   in that cycle and drain before the output does, and the flits wait in
//   port 0's queue, which sends one a cycle, each packet in order on its VC.
//   With T = 1, or with ports 1 and 3 (the same switch output with T = 2),
//   one crosses a cycle and nothing queues. The output link is the
//   bottleneck either way: its last flit leaves in the same cycle;
// - in a network: every packet arrives under load, the same at any thread
//   count; past saturation the network accepts more with T = 2; a lone
//   packet takes the cycles it takes with T = 1; what it cannot run is
//   refused with its field.
#include <gtest/gtest.h>

#include <iostream>
#include <map>

#include "network/sim_helpers.h"
#include "router_harness.h"

namespace wormsim::test {
namespace {

struct Merging {
  unsigned flits = 0;
  unsigned most_credits_in_a_cycle = 0;  ///< over the two input ports
  unsigned most_queued = 0;              ///< in output 0's queue
  unsigned last_credit = 0, last_flit = 0;  ///< cycles
  bool in_order = true;  ///< each packet's flits leave in sequence, on one VC
  bool counted = true;   ///< buffered_flits() counts the queued flits
};

Merging merge(unsigned speedup, unsigned a, unsigned b) {
  RouterConfig c;
  c.network_ports = 4;
  c.local_ports = 1;
  c.vcs = 2;
  c.buffer_depth = 8;
  c.allocator = Allocator::Islip;
  c.output_speedup = speedup;
  RouterHarness h(c, {4, 0, 0, 2, 3});  // router 0: destinations 1 and 2 leave by port 0
  const unsigned len = 4;
  Merging m;
  std::map<std::uint64_t, unsigned> next_seq;
  std::map<std::uint64_t, VcId> vc_of;
  for (unsigned i = 0; i < 40; ++i) {
    if (i < len) {
      h.in(a).send_flit(make_flit(10, 5, 1, i, len));
      h.in(b).send_flit(make_flit(20, 6, 2, i, len));
    }
    if (h.out(0).flit().valid) {
      const Flit& f = h.out(0).flit().flit;
      ++m.flits;
      m.last_flit = i;
      if (f.seq != next_seq[f.packet]++) m.in_order = false;
      if (f.seq == 0) vc_of[f.packet] = f.vc;
      if (vc_of[f.packet] != f.vc) m.in_order = false;
      h.out(0).send_credit(f.vc);
    }
    const unsigned credits = unsigned{h.in(a).credit().valid} + unsigned{h.in(b).credit().valid};
    if (credits != 0) m.last_credit = i;
    m.most_credits_in_a_cycle = std::max(m.most_credits_in_a_cycle, credits);
    m.most_queued = std::max(m.most_queued, h.router().output_queued(0));
    if (h.router().buffered_flits() < h.router().output_queued(0)) m.counted = false;
    h.step();
  }
  return m;
}

TEST(OutputSpeedup, TwoInputsCrossToOneOutputInACycleAndQueueThere) {
  const Merging two = merge(2, 1, 2), one = merge(1, 1, 2), same_lane = merge(2, 1, 3);
  for (const Merging* m : {&two, &one, &same_lane}) {
    EXPECT_EQ(m->flits, 8u);
    EXPECT_TRUE(m->in_order);
    EXPECT_TRUE(m->counted);
    EXPECT_EQ(m->last_flit, one.last_flit) << "the output link sends one flit a cycle";
  }
  EXPECT_EQ(two.most_credits_in_a_cycle, 2u) << "both inputs send in one cycle with T = 2";
  EXPECT_GE(two.most_queued, 2u);
  EXPECT_LE(two.last_credit + 3, two.last_flit) << "the inputs drain before the output";
  for (const Merging* m : {&one, &same_lane}) {
    EXPECT_EQ(m->most_credits_in_a_cycle, 1u);
    EXPECT_EQ(m->most_queued, 0u);
    EXPECT_GE(m->last_credit + 1, m->last_flit);
  }
}

Scenario loaded(unsigned speedup) {
  Scenario s = small_scenario("mesh:8x8", 0.45, 17);
  s.routing = "dor";
  s.vcs = 4;
  s.allocator = "islip";
  s.output_speedup = speedup;
  s.credit_delay = 2;
  s.allow_shallow = true;
  return s;
}

TEST(OutputSpeedup, LoadedRunDeliversEveryPacketAtAnyThreadCount) {
  Scenario s = loaded(2);
  s.input_speedup = 2;
  const Results one = run(s);
  EXPECT_TRUE(one.flushed);
  EXPECT_EQ(one.delivered_packets, one.injected_packets);
  EXPECT_EQ(one.deadlock, false);
  s.threads = 2;
  expect_same_results(one, run(s));
}

TEST(OutputSpeedup, TwoSwitchOutputsAcceptMorePastSaturation) {
  Scenario one = loaded(1);
  one.rate = 0.7;
  one.drain_limit = 1;  // only the window's throughput matters
  Scenario two = one;
  two.output_speedup = 2;
  const Results r1 = run(one), r2 = run(two);
  std::cout << "accepted flits/node/cycle: output speedup 1 " << r1.throughput << ", 2 " << r2.throughput << "\n";
  EXPECT_FALSE(r2.deadlock) << "flits in an output queue are on their way (the runtime check knows)";
  EXPECT_GT(r2.throughput, r1.throughput * 1.02);
}

TEST(OutputSpeedup, LonePacketTakesTheSameCycles) {
  Scenario s;
  s.topology = "mesh:4x4x4";
  s.warmup = 0;
  s.cycles = 1;
  s.allocator = "islip";
  for (const unsigned length : {1u, 4u, 16u})
    for (const NodeId dst : {1u, 21u, 63u}) {
      s.output_speedup = 1;
      const std::uint64_t one = lone_packet_latency(s, 0, dst, length);
      ASSERT_NE(one, 0u);
      s.output_speedup = 2;
      EXPECT_EQ(lone_packet_latency(s, 0, dst, length), one) << "to " << dst << ", " << length << " flits";
    }
}

TEST(OutputSpeedup, WhatItCannotRunIsRefusedWithItsField) {
  Scenario s = loaded(2);
  EXPECT_EQ(refused_field(s), "accepted");
  s.allocator = "separable";
  EXPECT_EQ(refused_field(s), "output_speedup");
  s = loaded(kMaxInputSpeedup + 1);
  EXPECT_EQ(refused_field(s), "output_speedup");
  s = loaded(kMaxInputSpeedup);
  s.topology = "mesh:4x4x4";
  s.local_ports = 4;  // (6 + 4) x 8 > 64
  EXPECT_EQ(refused_field(s), "output_speedup");
}

}  // namespace
}  // namespace wormsim::test
