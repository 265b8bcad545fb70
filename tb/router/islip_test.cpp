// The iSLIP allocator (router/allocator.h, router/islip.h):
// - the matcher, by hand: one iteration leaves a pair a second one matches;
//   only first-iteration matches move the pointers; two inputs contending
//   for one output alternate; with as many iterations as inputs every match
//   is maximal (random request sets, seed printed); requests without
//   contention take a shortcut that moves the pointers as the algorithm;
// - in a router: two heads on different input ports that both want output
//   port 0 (2 VCs) both get a VC in the same cycle with 2 iterations, and one
//   after the other with 1 (the separable allocator likewise);
// - in a network: a lone packet takes the separable allocator's cycles (the
//   allocator changes no stage), loaded runs are the same at any thread
//   count (with speculation and self packets too), past saturation it
//   accepts no less than the separable allocator, and the settings it
//   cannot honour are refused with their field.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <iostream>
#include <random>

#include <wormsim/core/config_error.h>
#include <wormsim/router/islip.h>

#include "network/sim_helpers.h"
#include "router_harness.h"

namespace wormsim::test {
namespace {

struct Matching {
  std::uint64_t inputs;
  std::array<unsigned, 64> to{};
};

/// requests[i]: the outputs input i requests.
Matching match(Islip& islip, const std::vector<std::uint64_t>& requests, unsigned iterations) {
  std::array<std::uint64_t, 64> requesters{};
  std::uint64_t outputs = 0;
  for (unsigned i = 0; i < requests.size(); ++i)
    for (std::uint64_t m = requests[i]; m; m &= m - 1) {
      const unsigned o = static_cast<unsigned>(__builtin_ctzll(m));
      requesters[o] |= 1ull << i;
      outputs |= 1ull << o;
    }
  Matching result;
  result.inputs = islip.match(outputs, requesters.data(), iterations, result.to.data());
  return result;
}

// Inputs 0 and 1 both request outputs 0 and 1. Iteration 1: both outputs
// grant input 0 (pointers at 0), which accepts output 0. Iteration 2:
// output 1 grants input 1. Only the first match moves pointers.
TEST(Islip, SecondIterationMatchesWhatTheFirstLeft) {
  Islip one(2, 2);
  const Matching m1 = match(one, {0b11, 0b11}, 1);
  EXPECT_EQ(m1.inputs, 0b01u);
  EXPECT_EQ(m1.to[0], 0u);

  Islip two(2, 2);
  const Matching m2 = match(two, {0b11, 0b11}, 2);
  EXPECT_EQ(m2.inputs, 0b11u);
  EXPECT_EQ(m2.to[0], 0u);
  EXPECT_EQ(m2.to[1], 1u);
  EXPECT_EQ(two.grant_pointer(0).pointer(), 1u) << "first-iteration match: past input 0";
  EXPECT_EQ(two.accept_pointer(0).pointer(), 1u) << "first-iteration match: past output 0";
  EXPECT_EQ(two.grant_pointer(1).pointer(), 0u) << "second-iteration match moves no pointer";
  EXPECT_EQ(two.accept_pointer(1).pointer(), 0u);
}

// The pointers desynchronise: under the same requests the next cycle
// matches both inputs with one iteration (output 0 now grants input 1).
TEST(Islip, PointersDesynchroniseAfterAFirstMatch) {
  Islip islip(2, 2);
  EXPECT_EQ(match(islip, {0b11, 0b11}, 1).inputs, 0b01u);
  const Matching next = match(islip, {0b11, 0b11}, 1);
  EXPECT_EQ(next.inputs, 0b11u);
  EXPECT_EQ(next.to[0], 1u);
  EXPECT_EQ(next.to[1], 0u);
}

// One output, three inputs requesting it every cycle: grants rotate 0, 1, 2.
TEST(Islip, OneOutputGrantsItsRequestersInTurn) {
  Islip islip(3, 1);
  for (unsigned cycle = 0; cycle < 9; ++cycle) {
    const Matching m = match(islip, {1, 1, 1}, 1);
    EXPECT_EQ(m.inputs, 1ull << (cycle % 3)) << "cycle " << cycle;
  }
}

// With as many iterations as inputs, iSLIP's match is maximal: no request
// between an unmatched input and an unmatched output is left.
TEST(Islip, EnoughIterationsGiveAMaximalMatch) {
  const std::uint64_t seed = 20261127;
  std::cout << "[ seed ] " << seed << "\n";
  std::mt19937_64 rng(seed);
  for (unsigned trial = 0; trial < 200; ++trial) {
    const unsigned n = 2 + static_cast<unsigned>(rng() % 15);
    Islip islip(n, n);
    for (unsigned cycle = 0; cycle < 5; ++cycle) {
      std::vector<std::uint64_t> requests(n);
      for (auto& r : requests) r = rng() & ((1ull << n) - 1);
      const Matching m = match(islip, requests, n);
      std::uint64_t outputs_matched = 0;
      for (unsigned i = 0; i < n; ++i) {
        if (m.inputs >> i & 1u) {
          EXPECT_TRUE(requests[i] >> m.to[i] & 1u) << "matched to an output it did not request";
          EXPECT_FALSE(outputs_matched >> m.to[i] & 1u) << "output matched twice";
          outputs_matched |= 1ull << m.to[i];
        }
      }
      for (unsigned i = 0; i < n; ++i) {
        if (!(m.inputs >> i & 1u)) {
          EXPECT_EQ(requests[i] & ~outputs_matched, 0u) << "trial " << trial << ": input " << i << " left unmatched";
        }
      }
    }
  }
}

// Requests without contention (each output requested by one input, each
// input requesting one output): match_unopposed matches them all and moves
// every pointer as match() does.
TEST(Islip, UnopposedRequestsMatchAsTheFullAlgorithmDoes) {
  const std::uint64_t seed = 20261128;
  std::cout << "[ seed ] " << seed << "\n";
  std::mt19937_64 rng(seed);
  const unsigned n = 8;
  Islip full(n, n), fast(n, n);
  for (unsigned cycle = 0; cycle < 500; ++cycle) {
    std::vector<unsigned> outputs(n);
    for (unsigned o = 0; o < n; ++o) outputs[o] = o;
    std::shuffle(outputs.begin(), outputs.end(), rng);
    std::vector<std::uint64_t> requests(n, 0);
    std::array<unsigned, 64> to{};
    std::uint64_t inputs = 0;
    for (unsigned i = 0; i < n; ++i)
      if (rng() % 2) {
        requests[i] = 1ull << outputs[i];
        to[i] = outputs[i];
        inputs |= 1ull << i;
      }
    const Matching m = match(full, requests, 1);
    ASSERT_EQ(m.inputs, inputs);
    fast.match_unopposed(inputs, to.data());
    for (unsigned k = 0; k < n; ++k) {
      ASSERT_EQ(fast.grant_pointer(k).pointer(), full.grant_pointer(k).pointer()) << "cycle " << cycle;
      ASSERT_EQ(fast.accept_pointer(k).pointer(), full.accept_pointer(k).pointer()) << "cycle " << cycle;
    }
  }
}

RouterConfig two_vc_router(Allocator allocator, unsigned iterations) {
  RouterConfig c;
  c.network_ports = 4;
  c.local_ports = 1;
  c.vcs = 2;
  c.buffer_depth = 4;
  c.allocator = allocator;
  c.alloc_iters = iterations;
  return c;
}

/// The output VCs of port 0 held after two heads, on input ports 1 and 2,
/// both bound for port 0, have had their VC allocation cycle.
unsigned vcs_held_after_first_allocation(Allocator allocator, unsigned iterations) {
  RouterHarness h(two_vc_router(allocator, iterations), {0, 0, 1, 2, 3});
  h.in(1).send_flit(make_flit(1, 1, 1, 0, 4));
  h.in(2).send_flit(make_flit(2, 2, 1, 0, 4));
  h.step();  // the heads are on the input links
  h.step();  // buffer write
  h.step();  // VC allocation
  return unsigned{h.router().output_vc_allocated(0, 0)} + unsigned{h.router().output_vc_allocated(0, 1)};
}

// Both heads request both free VCs of port 0. One iteration: both VCs grant
// input port 1's head, which accepts one; the other head waits a cycle. Two
// iterations: the other VC goes to the other head in the same cycle.
TEST(Islip, SecondIterationAllocatesTheSecondVcInTheSameCycle) {
  EXPECT_EQ(vcs_held_after_first_allocation(Allocator::Islip, 1), 1u);
  EXPECT_EQ(vcs_held_after_first_allocation(Allocator::Islip, 2), 2u);
  EXPECT_EQ(vcs_held_after_first_allocation(Allocator::Separable, 1), 1u)
      << "separable: both heads request VC 0 (selection first)";
}

Scenario islip_scenario(double rate, unsigned iterations) {
  Scenario s = small_scenario("mesh:4x4x4", rate, 7);
  s.allocator = "islip";
  s.alloc_iters = iterations;
  return s;
}

TEST(Islip, LonePacketTakesTheSeparableAllocatorsCycles) {
  Scenario separable;
  separable.topology = "mesh:4x4x4";
  separable.warmup = 0;
  separable.cycles = 1;
  Scenario islip = separable;
  islip.allocator = "islip";
  for (const unsigned length : {1u, 4u, 16u})
    for (const NodeId dst : {1u, 5u, 63u}) {
      const std::uint64_t expected = lone_packet_latency(separable, 0, dst, length);
      ASSERT_NE(expected, 0u);
      EXPECT_EQ(lone_packet_latency(islip, 0, dst, length), expected) << "to " << dst << ", " << length << " flits";
    }
}

TEST(Islip, LoadedRunIsTheSameAtAnyThreadCount) {
  for (const auto& [iterations, speculative] : {std::pair{1u, false}, std::pair{3u, false}, std::pair{1u, true}}) {
    Scenario s = islip_scenario(0.4, iterations);
    s.speculative = speculative;
    s.self_packets = speculative;
    const Results one = run(s);
    s.threads = 2;
    expect_same_results(one, run(s));
    EXPECT_GT(one.delivered_packets, 1000u);
  }
}

// iSLIP lets a port request every output its VCs want: under a load past
// the separable allocator's saturation, iSLIP with 4 iterations accepts no
// less than the separable allocator.
TEST(Islip, AcceptsNoLessThanTheSeparableAllocatorPastSaturation) {
  Scenario separable = small_scenario("mesh:8x8", 0.6, 11);
  separable.routing = "dor";
  separable.vcs = 4;
  const Results sep = run(separable);
  Scenario four = separable;
  four.allocator = "islip";
  four.alloc_iters = 4;
  const Results isl = run(four);
  std::cout << "accepted flits/node/cycle: separable " << sep.throughput << ", islip x4 " << isl.throughput << "\n";
  EXPECT_GE(isl.throughput, sep.throughput);
}

TEST(Islip, SettingsItCannotHonourAreRefusedWithTheirField) {
  const auto field = refused_field;
  Scenario s = islip_scenario(0.1, 1);
  EXPECT_EQ(field(s), "accepted");
  s.arbitration = "age";
  EXPECT_EQ(field(s), "arbitration");
  s.arbitration = "";
  s.selection = "credits";
  EXPECT_EQ(field(s), "selection");
  s.selection = "";
  s.alloc_iters = kMaxAllocIters + 1;
  EXPECT_EQ(field(s), "alloc_iters");
  Scenario separable = small_scenario("mesh:4x4x4", 0.1, 7);
  separable.alloc_iters = 2;
  EXPECT_EQ(field(separable), "alloc_iters");
  separable.alloc_iters = 1;
  separable.allocator = "wavefront";
  EXPECT_EQ(field(separable), "allocator");
}

}  // namespace
}  // namespace wormsim::test
