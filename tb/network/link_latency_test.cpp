// Pipelined links (Scenario::link_latency): a flit and a credit take L cycles
// over every router-to-router link.
// - Zero-load latency grows by L - 1 per link crossed: T0 = 3H + len + 4 +
//   H (L - 1) (docs/microarchitecture.md, section 7), on the mesh and 3PT.
// - One VC streams a flit every cycle exactly when its buffer covers the
//   credit round trip, 2L + 2 flits (min_full_rate_buffer): one flit less
//   and the stream slows to depth / round trip.
// - Every flit arrives at saturation, with the runtime detector on and no
//   false alarm; the detector still finds a real deadlock; any thread count
//   gives the same results.
#include <gtest/gtest.h>

#include <array>
#include <iostream>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/grid.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

std::uint64_t formula(unsigned hops, unsigned length, unsigned latency) {
  return 3ull * hops + length + 4 + std::uint64_t{hops} * (latency - 1);
}

TEST(LinkLatency, ZeroLoadLatencyGrowsByLatencyMinusOnePerLinkOnTheMesh) {
  const std::array<unsigned, 3> dims{4, 4, 4};
  for (unsigned latency : {1u, 2u, 3u, 5u})
    for (unsigned length : {1u, 4u, 16u})
      for (const Coord dst : {Coord{1, 0, 0}, Coord{3, 0, 0}, Coord{3, 3, 0}, Coord{3, 3, 3}}) {
        const unsigned hops = dst.x + dst.y + dst.z;
        EXPECT_EQ(lone_packet_latency("mesh:4x4x4", 0, id_of(dims, dst), length, min_full_rate_buffer(latency), latency),
                  formula(hops, length, latency))
            << "latency " << latency << " length " << length << " hops " << hops;
      }
}

TEST(LinkLatency, ZeroLoadLatencyGrowsByLatencyMinusOnePerLinkOn3pt) {
  // 3PT(2,2,2): node 0 to node 79 and to a node of its own Petersen module;
  // the hop counts come from the latency-1 runs, so only the growth is checked.
  for (NodeId dst : {NodeId{3}, NodeId{45}, NodeId{79}}) {
    const std::uint64_t base = lone_packet_latency("3pt:2x2x2", 0, dst, 4, 4);
    ASSERT_GT(base, 8u) << "delivered, at least one hop";
    const std::uint64_t hops = (base - 4 - 4) / 3;
    for (unsigned latency : {2u, 3u})
      EXPECT_EQ(lone_packet_latency("3pt:2x2x2", 0, dst, 4, min_full_rate_buffer(latency), latency),
                base + hops * (latency - 1))
          << "to " << dst << " latency " << latency;
  }
}

// Cycles from the first to the last flit of a 400-flit packet delivered 3
// links away on a 4x1x1 mesh, one VC.
double stream_rate(unsigned latency, unsigned buffer) {
  Scenario s;
  s.topology = "mesh:4x1x1";
  s.vcs = 1;
  s.warmup = 0;
  s.cycles = 1;
  s.buffer = buffer;
  s.link_latency = latency;
  s.allow_shallow = true;
  Simulation sim(s);
  sim.stop_traffic();
  const unsigned length = 400;
  sim.inject(0, 3, length);
  sim.run_plain();
  const Results r = sim.results(0.0);
  EXPECT_EQ(r.delivered_flits, length);
  // the head's latency is the zero-load one; the body adds what the stream takes
  const double head = static_cast<double>(formula(3, 1, latency));
  return static_cast<double>(length - 1) / (static_cast<double>(r.latency.max) - head + 1.0);
}

TEST(LinkLatency, AVcStreamsAFlitEveryCycleExactlyWhenItsBufferCoversTheRoundTrip) {
  for (unsigned latency : {1u, 2u, 3u, 4u}) {
    const unsigned need = min_full_rate_buffer(latency);
    EXPECT_NEAR(stream_rate(latency, need), 1.0, 0.01) << "latency " << latency << ", buffer " << need;
    const double shallow = stream_rate(latency, need - 1);
    EXPECT_NEAR(shallow, static_cast<double>(need - 1) / need, 0.02) << "latency " << latency;
    std::cout << "latency " << latency << ": buffer " << need << " -> " << stream_rate(latency, need)
              << " flits/cycle, " << need - 1 << " -> " << shallow << "\n";
  }
}

TEST(LinkLatency, AShallowBufferIsRefusedUnlessAllowed) {
  Scenario s;
  s.link_latency = 3;
  s.buffer = 7;
  try {
    validate(s);
    FAIL() << "a 7-flit buffer behind 3-cycle links was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "buffer");
    EXPECT_NE(std::string(e.what()).find("at least 8"), std::string::npos) << e.what();
  }
  s.allow_shallow = true;
  EXPECT_NO_THROW(validate(s));
  s.link_latency = 0;
  EXPECT_THROW(validate(s), ConfigError);
  s.link_latency = kMaxLinkLatency + 1;
  EXPECT_THROW(validate(s), ConfigError);
}

Scenario saturated(const std::string& topology, unsigned latency, double rate, std::uint64_t seed) {
  Scenario s = small_scenario(topology, rate, seed);
  s.link_latency = latency;
  s.buffer = min_full_rate_buffer(latency);
  s.deadlock_interval = 16;
  return s;
}

TEST(LinkLatency, EveryFlitArrivesAtSaturationWithTheDetectorOn) {
  for (const char* topology : {"mesh:4x4x4", "torus:4x4x4", "3pt:2x2x2"})
    for (unsigned latency : {2u, 3u}) {
      const Results r = run(saturated(topology, latency, 0.8, 7));
      EXPECT_FALSE(r.deadlock) << topology << " latency " << latency << ": " << r.deadlock_report;
      EXPECT_TRUE(r.flushed) << topology << " latency " << latency;
      EXPECT_EQ(r.injected_flits, r.delivered_flits) << topology << " latency " << latency;
    }
}

TEST(LinkLatency, TheDetectorFindsARealDeadlockOnPipelinedLinks) {
  Scenario s = saturated("torus:8x1", 3, 0.8, 1);
  s.routing = "dor-nodateline";
  s.vcs = 1;
  s.deadlock_check = false;
  s.watchdog = 100000;
  s.drain_limit = s.cycles;
  const Results r = run(s);
  ASSERT_TRUE(r.deadlock);
  EXPECT_EQ(r.deadlock_kind, "cycle");
  EXPECT_NE(r.deadlock_report.find("wait-for cycle: r"), std::string::npos) << r.deadlock_report;
}

TEST(LinkLatency, AnyThreadCountGivesTheSameResults) {
  for (const char* topology : {"mesh:4x4x4", "3pt:2x2x2"}) {
    Scenario s = saturated(topology, 3, 0.3, 11);
    const Results one = run(s);
    for (unsigned threads : {2u, 3u}) {
      Simulation sim(s);
      sim.network().set_threads(threads, 1);  // every cycle split across the lanes
      sim.run_plain();
      expect_same_results(one, sim.results(0.0));
    }
  }
}

}  // namespace
}  // namespace wormsim::test
