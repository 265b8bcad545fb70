// The input speedup (RouterConfig::input_speedup, S; BookSim's
// input_speedup) with the iSLIP allocator:
// - in a router: one input port holding packets for two outputs on VCs 0 and
//   1 sends a flit of each in the same cycle with S = 2 (and returns both
//   credits upstream in that cycle), one at a time with S = 1; VCs 0 and 2
//   share a switch input with S = 2, so they still alternate;
// - on a link: two credits sent in one cycle arrive together, over a plain
//   and a pipelined link;
// - in a network: every packet arrives under load (with a credit delay, so
//   credits are pipelined), the same at any thread count, and a port accepts
//   more with S = 2; a lone packet takes the cycles it takes with S = 1;
//   what it cannot run is refused with its field.
#include <gtest/gtest.h>

#include <iostream>

#include <wormsim/core/config_error.h>

#include "router_harness.h"
#include "speedup_checks.h"

namespace wormsim::test {
namespace {

RouterConfig speedup_router(unsigned speedup, unsigned vcs) {
  RouterConfig c;
  c.network_ports = 4;
  c.local_ports = 1;
  c.vcs = vcs;
  c.buffer_depth = 8;
  c.allocator = Allocator::Islip;
  c.input_speedup = speedup;
  return c;
}

struct Crossing {
  unsigned most_flits_in_a_cycle = 0;
  unsigned most_credits_in_a_cycle = 0;
  unsigned flits = 0;
};

/// Input port 1 receives a 4-flit packet on VC `a` for output 0 and one on
/// VC `b` for output 2 (interleaved, a flit a cycle); counts what leaves.
Crossing cross(unsigned speedup, VcId a, VcId b) {
  RouterHarness h(speedup_router(speedup, 4), {0, 0, 1, 2, 3});
  const unsigned len = 4;
  Crossing c;
  for (unsigned i = 0; i < 40; ++i) {
    if (i < 2 * len) h.in(1).send_flit(i % 2 == 0 ? make_flit(10, 1, 1, i / 2, len, a) : make_flit(20, 1, 3, i / 2, len, b));
    unsigned flits = 0;
    for (unsigned p : {0u, 2u})
      if (h.out(p).flit().valid) {
        ++flits;
        h.out(p).send_credit(h.out(p).flit().flit.vc);
      }
    unsigned credits = 0;
    if (h.in(1).credit().valid) credits = 1u + static_cast<unsigned>(__builtin_popcount(h.in(1).credit().more));
    c.flits += flits;
    c.most_flits_in_a_cycle = std::max(c.most_flits_in_a_cycle, flits);
    c.most_credits_in_a_cycle = std::max(c.most_credits_in_a_cycle, credits);
    h.step();
  }
  return c;
}

TEST(InputSpeedup, OnePortSendsTwoFlitsInACycleFromVcsOfDifferentInputs) {
  const Crossing two = cross(2, 0, 1);
  EXPECT_EQ(two.flits, 8u);
  EXPECT_EQ(two.most_flits_in_a_cycle, 2u);
  EXPECT_EQ(two.most_credits_in_a_cycle, 2u) << "both credits go upstream in the cycle the flits leave";
  const Crossing one = cross(1, 0, 1);
  EXPECT_EQ(one.flits, 8u);
  EXPECT_EQ(one.most_flits_in_a_cycle, 1u);
  EXPECT_EQ(one.most_credits_in_a_cycle, 1u);
  const Crossing same_input = cross(2, 0, 2);
  EXPECT_EQ(same_input.flits, 8u);
  EXPECT_EQ(same_input.most_flits_in_a_cycle, 1u) << "VCs 0 and 2 share switch input 0 with S = 2";
}

/// Two credits sent in one cycle over a link of `latency` cycles: the cycle
/// they arrive in (after the send) and the VCs credited.
void expect_credits_arrive_together(unsigned latency) {
  ActivityList activity;
  struct Idle : Component {
    void evaluate(Cycle) override {}
  } a, b;
  const std::size_t up = activity.add(&a), down = activity.add(&b);
  LinkCommitter committer(activity);
  Link link(&committer, LinkEnd{up, 0, 0, true}, LinkEnd{down, 0, 1, true}, "l", latency);
  link.send_credit_merged(1);
  link.send_credit_merged(3);
  for (unsigned cycle = 1; cycle <= latency; ++cycle) {
    committer.commit_all();
    if (cycle < latency) {
      EXPECT_FALSE(link.credit().valid) << "latency " << latency << ", cycle " << cycle;
      EXPECT_TRUE(link.credit_in_flight(3));
    }
  }
  ASSERT_TRUE(link.credit().valid) << "latency " << latency;
  EXPECT_TRUE(link.credit().credits(1));
  EXPECT_TRUE(link.credit().credits(3));
  EXPECT_FALSE(link.credit().credits(0));
  EXPECT_FALSE(link.credit().credits(2));
  committer.commit_all();
  EXPECT_FALSE(link.credit().valid) << "one slot, gone the next cycle";
}

TEST(InputSpeedup, TwoCreditsSentInACycleArriveTogether) {
  for (const unsigned latency : {1u, 2u, 5u}) expect_credits_arrive_together(latency);
}

constexpr std::uint64_t kSeed = 13;

TEST(InputSpeedup, LoadedRunDeliversEveryPacketAtAnyThreadCount) {
  expect_every_packet_at_any_thread_count(speedup_loaded(&Scenario::input_speedup, 2, kSeed));
}

TEST(InputSpeedup, TwoSwitchInputsAcceptMorePastSaturation) {
  const auto [r1, r2] = past_saturation(&Scenario::input_speedup, "input speedup", kSeed);
  EXPECT_GT(r2.throughput, r1.throughput * 1.02);
}

TEST(InputSpeedup, LonePacketTakesTheSameCycles) { expect_lone_packet_takes_the_same_cycles(&Scenario::input_speedup); }

TEST(InputSpeedup, WhatItCannotRunIsRefusedWithItsField) {
  expect_refused_with_field(&Scenario::input_speedup, "input_speedup", kSeed);
}

}  // namespace
}  // namespace wormsim::test
