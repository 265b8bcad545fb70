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
//   refused with its field; with and without speculation, a loaded run
//   gives exactly the figures of the engine that queued every grant.
#include <gtest/gtest.h>

#include <iostream>
#include <map>

#include "router_harness.h"
#include "speedup_checks.h"

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

constexpr std::uint64_t kSeed = 17;

TEST(OutputSpeedup, LoadedRunDeliversEveryPacketAtAnyThreadCount) {
  Scenario s = speedup_loaded(&Scenario::output_speedup, 2, kSeed);
  s.input_speedup = 2;
  expect_every_packet_at_any_thread_count(s);
}

TEST(OutputSpeedup, TwoSwitchOutputsAcceptMorePastSaturation) {
  const auto [r1, r2] = past_saturation(&Scenario::output_speedup, "output speedup", kSeed);
  EXPECT_FALSE(r2.deadlock) << "flits in an output queue are on their way (the runtime check knows)";
  EXPECT_GT(r2.throughput, r1.throughput * 1.02);
}

// With speculation, a speculative winner and a VC holding its output VC may
// join one output's queue in the same cycle: the grants cross in match order
// after the VC allocation's commit, and the queue sends them in that order.
// Without speculation every winner crosses as it is matched, and the first
// flit of a cycle to an empty queue goes straight onto the link. Figures
// recorded from the engine that listed every grant, crossed them after the
// commit and sent every flit through the queue; each must stay exact.
TEST(OutputSpeedup, WinnersLeaveAsTheEngineThatQueuedEveryGrantSentThem) {
  struct Recorded {
    bool speculative;
    std::uint64_t cycles, delivered_flits, max;
    double latency, throughput;
  };
  for (const Recorded& want : {Recorded{true, 2286, 43160, 98, 31.6092577147623, 0.30126562499999998},
                               Recorded{false, 2311, 43580, 114, 34.351855713094245, 0.30109374999999999}}) {
    SCOPED_TRACE(want.speculative ? "speculative" : "not speculative");
    Scenario s = speedup_loaded(&Scenario::output_speedup, 2, kSeed);
    s.routing = "adaptive";
    s.rate = 0.3;
    s.speculative = want.speculative;
    const Results r = run(s);
    EXPECT_EQ(r.cycles, want.cycles);
    EXPECT_EQ(r.delivered_flits, want.delivered_flits);
    EXPECT_EQ(r.latency.max, want.max);
    EXPECT_DOUBLE_EQ(r.latency.average, want.latency);
    EXPECT_DOUBLE_EQ(r.throughput, want.throughput);
  }
}

TEST(OutputSpeedup, LonePacketTakesTheSameCycles) { expect_lone_packet_takes_the_same_cycles(&Scenario::output_speedup); }

TEST(OutputSpeedup, WhatItCannotRunIsRefusedWithItsField) {
  expect_refused_with_field(&Scenario::output_speedup, "output_speedup", kSeed);
}

}  // namespace
}  // namespace wormsim::test
