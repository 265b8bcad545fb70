// Router stages beyond the RTL's (Scenario::routing_delay, R, and
// Scenario::traversal_delay, X; docs/microarchitecture.md §7):
// - Zero load: every router a head passes adds R + X cycles, so a packet of
//   `len` flits over H links takes T0 = 3H + len + 4 + H (L - 1) + (H + 1)(R + X)
//   (the routers are H + 1: the source's and the destination's count).
// - R delays heads only: a VC streams a flit every cycle with the buffer of
//   R = 0. X lengthens every flit's way and so the credit round trip: one VC
//   streams a flit every cycle exactly when its buffer holds 2L + X + 2
//   flits (min_full_rate_buffer); one flit less and it slows to
//   depth / round trip.
// - Waiting for the tail credit (Scenario::wait_for_tail_credit): an output
//   VC turns round to a new packet only after the credit round trip.
// - Under heavy load every flit arrives with the detector on, and longer
//   stages accept less; any thread count gives the same results; the
//   delays are validated (the command's refusal with --vcd, whose SystemC
//   fabric runs the RTL's pipeline: CTest booksim_config).
#include <gtest/gtest.h>

#include <array>
#include <iostream>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/grid.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

std::uint64_t formula(unsigned hops, unsigned length, unsigned latency, unsigned routing, unsigned traversal) {
  return 3ull * hops + length + 4 + std::uint64_t{hops} * (latency - 1) +
         (std::uint64_t{hops} + 1) * (routing + traversal);
}

Scenario lone(unsigned latency, unsigned routing, unsigned traversal, unsigned buffer) {
  Scenario s;
  s.topology = "mesh:4x4x4";
  s.vcs = 1;
  s.warmup = 0;
  s.cycles = 1;
  s.buffer = buffer;
  s.link_latency = latency;
  s.routing_delay = routing;
  s.traversal_delay = traversal;
  s.allow_shallow = true;
  return s;
}


TEST(PipelineDelay, ZeroLoadLatencyFollowsTheFormulaForEveryCombination) {
  const std::array<unsigned, 3> dims{4, 4, 4};
  for (unsigned latency : {1u, 2u})
    for (unsigned routing : {0u, 1u, 2u, 5u})
      for (unsigned traversal : {0u, 1u, 3u})
        for (unsigned length : {1u, 4u, 16u})
          for (const Coord dst : {Coord{0, 0, 0}, Coord{1, 0, 0}, Coord{3, 3, 0}, Coord{3, 3, 3}}) {
            if (dst.x + dst.y + dst.z == 0) continue;  // no packet to itself
            const unsigned hops = dst.x + dst.y + dst.z;
            const Scenario s = lone(latency, routing, traversal, min_full_rate_buffer(latency, 0, traversal));
            EXPECT_EQ(lone_packet_latency(s, 0, id_of(dims, dst), length), formula(hops, length, latency, routing, traversal))
                << "latency " << latency << " routing " << routing << " traversal " << traversal << " length "
                << length << " hops " << hops;
          }
}

// Flits per cycle of a 400-flit packet's body, 3 links away on a 4x1x1 mesh, one VC.
double stream_rate(unsigned latency, unsigned routing, unsigned traversal, unsigned buffer) {
  return test::stream_rate(lone(latency, routing, traversal, buffer), formula(3, 1, latency, routing, traversal));
}

TEST(PipelineDelay, TraversalLengthensTheCreditRoundTripAndRoutingDoesNot) {
  for (unsigned latency : {1u, 2u})
    for (unsigned traversal : {0u, 1u, 2u, 4u}) {
      const unsigned need = min_full_rate_buffer(latency, 0, traversal);
      ASSERT_EQ(need, 2 * latency + traversal + 2);
      EXPECT_NEAR(stream_rate(latency, 0, traversal, need), 1.0, 0.01) << "latency " << latency << ", X " << traversal;
      EXPECT_NEAR(stream_rate(latency, 3, traversal, need), 1.0, 0.01) << "latency " << latency << ", X " << traversal;
      const double shallow = stream_rate(latency, 0, traversal, need - 1);
      EXPECT_NEAR(shallow, static_cast<double>(need - 1) / need, 0.02) << "latency " << latency << ", X " << traversal;
      std::cout << "latency " << latency << ", traversal delay " << traversal << ": buffer " << need << " -> "
                << stream_rate(latency, 0, traversal, need) << " flits/cycle, " << need - 1 << " -> " << shallow
                << "\n";
    }
}

// Waiting for the tail credit: on a 2-node mesh with one VC, each node
// streams L-flit packets to the other. An output VC is given to the next
// packet once the tail's credit is back: the tail crosses in s, is on the
// link in s+1, crosses the next router in s+3 (VA s+2, SA s+3), its credit is
// counted at the end of s+4, and the next head wins the VC in s+5 and
// crosses in s+6: a packet every L + 5 cycles, against L + 1 without.
TEST(PipelineDelay, WaitingForTheTailCreditTurnsAVcRoundAfterTheCreditRoundTrip) {
  for (unsigned length : {1u, 2u, 4u, 8u})
    for (bool wait : {false, true}) {
      Scenario s;
      s.topology = "mesh:2x1";
      s.vcs = 1;
      s.packet = length;
      s.rate = 1.0;
      s.warmup = 1000;
      s.cycles = 40000;
      s.wait_for_tail_credit = wait;
      const Results r = run(s);
      const double expected = static_cast<double>(length) / (length + (wait ? 5.0 : 1.0));
      EXPECT_NEAR(r.throughput, expected, 0.002) << "length " << length << (wait ? ", waiting" : "");
      std::cout << "length " << length << (wait ? ", waiting for the tail credit: " : ": ") << r.throughput
                << " flits/node/cycle (expected " << expected << ")\n";
    }
}

// Speculative switch allocation (--allocator islip --speculative): a head
// wins the switch in its VC allocation cycle at every router it passes, so a
// lone packet takes H + 1 cycles less than the formula; the body's flits
// stream as without it.
TEST(PipelineDelay, SpeculationSavesACycleAtEveryRouterAHeadPasses) {
  const std::array<unsigned, 3> dims{4, 4, 4};
  for (unsigned routing : {0u, 1u})
    for (unsigned traversal : {0u, 1u})
      for (unsigned length : {1u, 4u})
        for (const Coord dst : {Coord{1, 0, 0}, Coord{3, 3, 0}, Coord{3, 3, 3}}) {
          const unsigned hops = dst.x + dst.y + dst.z;
          Scenario s = lone(1, routing, traversal, min_full_rate_buffer(1, 0, traversal));
          s.allocator = "islip";
          const std::uint64_t plain = lone_packet_latency(s, 0, id_of(dims, dst), length);
          EXPECT_EQ(plain, formula(hops, length, 1, routing, traversal)) << "iSLIP changes no stage";
          s.speculative = true;
          EXPECT_EQ(lone_packet_latency(s, 0, id_of(dims, dst), length), plain - (hops + 1))
              << "routing " << routing << " traversal " << traversal << " length " << length << " hops " << hops;
        }
  Scenario s = lone(1, 0, 1, min_full_rate_buffer(1, 0, 1));
  s.allocator = "islip";
  s.speculative = true;
  EXPECT_NEAR(test::stream_rate(s, formula(3, 1, 1, 0, 1) - 4), 1.0, 0.01) << "the body streams a flit a cycle";
  s.allocator = "separable";
  try {
    validate(s);
    FAIL() << "speculation with the separable allocator was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "speculative");
  }
}

// A packet to its own node (--self-packets, BookSim's patterns) crosses its
// router once: the formula with no hop, and traffic with self packets
// delivers every packet.
TEST(PipelineDelay, ASelfPacketCrossesItsOwnRouterOnce) {
  for (unsigned routing : {0u, 2u})
    for (unsigned traversal : {0u, 1u})
      for (unsigned length : {1u, 5u}) {
        Scenario s = lone(1, routing, traversal, min_full_rate_buffer(1, 0, traversal));
        s.self_packets = true;
        EXPECT_EQ(lone_packet_latency(s, 21, 21, length), formula(0, length, 1, routing, traversal))
            << "routing " << routing << " traversal " << traversal << " length " << length;
      }
  Scenario s = small_scenario("mesh:8x8", 0.1, 5);
  s.traffic = "transpose";
  s.self_packets = true;
  const Results r = run(s);
  EXPECT_TRUE(r.flushed);
  EXPECT_EQ(r.delivered_packets, r.injected_packets);
  s.self_packets = false;
  EXPECT_LT(run(s).injected_packets, r.injected_packets) << "without them the diagonal sends nothing";
}

TEST(PipelineDelay, IsValidated) {
  Scenario s;
  s.traversal_delay = 1;
  s.buffer = 4;
  try {
    validate(s);
    FAIL() << "a 4-flit buffer with a 1-cycle traversal delay was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "buffer");
    EXPECT_NE(std::string(e.what()).find("at least 5"), std::string::npos) << e.what();
  }
  s.allow_shallow = true;
  EXPECT_NO_THROW(validate(s));
  s.traversal_delay = kMaxPipelineDelay + 1;
  try {
    validate(s);
    FAIL() << "a traversal delay above the most was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "traversal_delay");
  }
  s.traversal_delay = 0;
  s.routing_delay = kMaxPipelineDelay;
  EXPECT_NO_THROW(validate(s));
  s.routing_delay = kMaxPipelineDelay + 1;
  try {
    validate(s);
    FAIL() << "a routing delay above the most was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "routing_delay");
  }
}

Scenario loaded(const std::string& topology, unsigned routing, unsigned traversal, double rate, std::uint64_t seed) {
  Scenario s = small_scenario(topology, rate, seed);
  s.routing_delay = routing;
  s.traversal_delay = traversal;
  s.buffer = 4;
  s.allow_shallow = true;
  s.deadlock_interval = 16;
  return s;
}

TEST(PipelineDelay, EveryFlitArrivesUnderHeavyLoadAndLongerStagesAcceptLess) {
  for (const char* topology : {"mesh:4x4x4", "torus:4x4x4"}) {
    for (const auto& [routing, traversal] : {std::pair{1u, 0u}, std::pair{0u, 2u}}) {
      double previous = 2.0;
      for (unsigned k : {0u, 1u, 3u}) {
        const Results r = run(loaded(topology, routing * k, traversal * k, 0.5, 7));
        const std::string what = std::string(topology) + " R " + std::to_string(routing * k) + " X " +
                                 std::to_string(traversal * k);
        EXPECT_FALSE(r.deadlock) << what << ": " << r.deadlock_report;
        EXPECT_TRUE(r.flushed) << what;
        EXPECT_EQ(r.injected_flits, r.delivered_flits) << what;
        EXPECT_LT(r.throughput, previous) << what << " accepts no less than shorter stages";
        previous = r.throughput;
      }
    }
  }
}

TEST(PipelineDelay, AnyThreadCountGivesTheSameResults) {
  Scenario s = loaded("mesh:4x4x4", 2, 1, 0.3, 11);
  s.link_latency = 2;
  const Results one = run(s);
  for (unsigned threads : {2u, 3u}) {
    Simulation sim(s);
    sim.network().set_threads(threads, 1);
    sim.run_plain();
    expect_same_results(one, sim.results(0.0));
  }
}

}  // namespace
}  // namespace wormsim::test
