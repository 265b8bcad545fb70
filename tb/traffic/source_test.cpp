// The traffic source: the offered load is what was asked for, from 1 down to
// rates so small that the geometric gap between packets exceeds any integer
// (it once overflowed and injected a packet every few cycles), for Bernoulli
// and on/off injection and for mixed packet lengths; on/off and slow Markov
// traffic really come in bursts; a source split into lanes (each creating
// its nodes' packets, on threads at once), as id ranges or interleaved,
// hands out the packets, ids and all, that one lane does, and refuses a
// lane past the last; traces replay in cycle order and bad lines are named.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <thread>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/spec.h>
#include <wormsim/traffic/pattern.h>
#include <wormsim/traffic/source.h>
#include <wormsim/traffic/trace.h>

namespace wormsim::test {
namespace {

struct Counted {
  std::uint64_t packets = 0, flits = 0;
  std::map<unsigned, std::uint64_t> by_length;
  std::vector<std::uint64_t> per_window;  ///< packets of node 0 per 256-cycle window
};

Counted run_source(double rate, const PacketLengths& lengths, Cycle cycles, std::uint64_t seed,
                   const std::string& injection = "bernoulli", double burst = 8, double alpha = 0.5,
                   double beta = 0.5) {
  const Topology t = make_topology("mesh:4x4");
  PatternConfig pc;
  pc.name = "uniform";
  SourceConfig sc;
  sc.rate = rate;
  sc.lengths = lengths;
  sc.seed = seed;
  sc.injection.name = injection;
  sc.injection.burst = burst;
  sc.injection.burst_alpha = alpha;
  sc.injection.burst_beta = beta;
  TrafficSource src(sc, make_pattern(pc, t), t.num_nodes());
  Counted n;
  n.per_window.assign(static_cast<std::size_t>(cycles / 256 + 1), 0);
  for (Cycle c = 0; c < cycles; ++c)
    src.generate(c, [&](const Packet& p) {
      ++n.packets;
      n.flits += p.length;
      ++n.by_length[p.length];
      if (p.src == 0) ++n.per_window[c / 256];
    });
  return n;
}

/// Index of dispersion of per-window counts: variance / mean (1 for Poisson-like).
double dispersion(const std::vector<std::uint64_t>& w) {
  double m = 0, v = 0;
  for (auto x : w) m += static_cast<double>(x);
  m /= static_cast<double>(w.size());
  for (auto x : w) v += (static_cast<double>(x) - m) * (static_cast<double>(x) - m);
  return v / static_cast<double>(w.size()) / m;
}

TEST(TrafficSource, TinyRatesGiveTinyLoads) {
  for (const char* injection : {"bernoulli", "onoff"})
    for (double rate : {1e-300, 1e-30, 1e-15}) {
      EXPECT_EQ(run_source(rate, PacketLengths(4), 200000, 1, injection).packets, 0u)
          << injection << " rate " << rate;
    }
}

TEST(TrafficSource, TheLoadIsTheRateAskedFor) {
  // 16 nodes: expected packets = rate / length x 16 x cycles; within 5 sigma.
  for (double rate : {1.0, 0.5, 0.1, 0.01, 1e-4}) {
    const Cycle cycles = 200000;
    const double expected = rate / 4 * 16 * static_cast<double>(cycles);
    const double got = static_cast<double>(run_source(rate, PacketLengths(4), cycles, 7).packets);
    std::cout << "rate " << rate << ": " << got << " packets, expected " << expected << "\n";
    EXPECT_NEAR(got, expected, 5 * std::sqrt(expected) + 1) << "rate " << rate;
  }
}

TEST(TrafficSource, OnOffKeepsTheLongRunMeanAndComesInBursts) {
  // Seed 11. The offered flits match the rate (bursts make the count vary more
  // than Bernoulli's, so the tolerance is 5%), and node 0's packets per
  // 256-cycle window vary several times more than under Bernoulli at the
  // same rate (index of dispersion: variance / mean, 1 for Poisson-like).
  const Cycle cycles = 400000;
  for (double rate : {0.05, 0.2, 0.6}) {
    const Counted on_off = run_source(rate, PacketLengths(4), cycles, 11, "onoff", 16);
    const Counted bern = run_source(rate, PacketLengths(4), cycles, 11);
    const double expected = rate * 16 * static_cast<double>(cycles);
    std::cout << "rate " << rate << ": onoff " << on_off.flits << " flits (expected " << expected
              << "), dispersion onoff " << dispersion(on_off.per_window) << " bernoulli "
              << dispersion(bern.per_window) << "\n";
    EXPECT_NEAR(static_cast<double>(on_off.flits), expected, 0.05 * expected) << "rate " << rate;
    EXPECT_GT(dispersion(on_off.per_window), 3 * dispersion(bern.per_window)) << "rate " << rate;
  }
  // At rate 1 a node is always on: one flit per cycle, no burst structure.
  const Counted full = run_source(1.0, PacketLengths(4), 40000, 11, "onoff", 4);
  EXPECT_NEAR(static_cast<double>(full.packets), 160000.0, 5 * std::sqrt(160000.0));
  EXPECT_LT(dispersion(full.per_window), 1.5);
}

TEST(TrafficSource, MarkovKeepsTheLongRunMeanAndSlowChainsComeInBursts) {
  // Seed 13. BookSim's on_off: on a fraction alpha / (alpha + beta) of the
  // cycles, a packet with probability rate x (alpha + beta) / alpha when on.
  // The flits match the rate within 5%; a slow chain (alpha = beta = 0.01:
  // periods of 100 cycles) makes node 0's packets per window vary more than
  // Bernoulli's (2x at 0.05, 5x at 0.2, 10x at 0.4), a fast one (0.5, 0.5)
  // hardly more.
  const Cycle cycles = 400000;
  for (double rate : {0.05, 0.2, 0.4}) {
    const double expected = rate * 16 * static_cast<double>(cycles);
    const Counted slow = run_source(rate, PacketLengths(4), cycles, 13, "markov", 8, 0.01, 0.01);
    const Counted fast = run_source(rate, PacketLengths(4), cycles, 13, "markov", 8, 0.5, 0.5);
    const Counted skewed = run_source(rate, PacketLengths(4), cycles, 13, "markov", 8, 0.3, 0.1);
    const Counted bern = run_source(rate, PacketLengths(4), cycles, 13);
    std::cout << "rate " << rate << ": markov slow " << slow.flits << ", fast " << fast.flits << ", skewed "
              << skewed.flits << " flits (expected " << expected << "); dispersion slow "
              << dispersion(slow.per_window) << ", fast " << dispersion(fast.per_window) << ", bernoulli "
              << dispersion(bern.per_window) << "\n";
    for (const Counted* c : {&slow, &fast, &skewed})
      EXPECT_NEAR(static_cast<double>(c->flits), expected, 0.05 * expected) << "rate " << rate;
    EXPECT_GT(dispersion(slow.per_window), 1.5 * dispersion(bern.per_window)) << "rate " << rate;
    EXPECT_LT(dispersion(fast.per_window), 1.2 * dispersion(bern.per_window)) << "rate " << rate;
  }
  // an on node cannot send more than a packet per cycle: 0.5 x 1.0 / 0.1 = 5
  try {
    run_source(2.0, PacketLengths(4), 10, 13, "markov", 8, 0.1, 0.9);
    FAIL() << "r1 above 1 was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "burst_alpha");
  }
}

TEST(TrafficSource, MixedLengthsKeepTheFlitRateAndTheShares) {
  const PacketLengths mix = PacketLengths::parse("packet", "1:0.75,5:0.25");
  EXPECT_DOUBLE_EQ(mix.mean(), 2.0);
  const Cycle cycles = 200000;
  const Counted n = run_source(0.2, mix, cycles, 3);
  const double expected_flits = 0.2 * 16 * static_cast<double>(cycles);
  EXPECT_NEAR(static_cast<double>(n.flits), expected_flits, 0.03 * expected_flits);
  const double share5 = static_cast<double>(n.by_length.at(5)) / static_cast<double>(n.packets);
  std::cout << n.packets << " packets, share of 5-flit " << share5 << "\n";
  EXPECT_NEAR(share5, 0.25, 0.01);
  EXPECT_EQ(n.by_length.size(), 2u);

  const Counted range = run_source(0.2, PacketLengths::parse("packet", "2..6"), 50000, 3);
  EXPECT_EQ(range.by_length.size(), 5u) << "every length of the range appears";
  for (const auto& [len, count] : range.by_length) EXPECT_TRUE(len >= 2 && len <= 6) << len;
}

TEST(TrafficSource, AFixedLengthDrawsNothing) {
  // "4", "4..4" and "4:1" are the same traffic, packet for packet.
  const Counted a = run_source(0.3, PacketLengths(4), 20000, 5);
  const Counted b = run_source(0.3, PacketLengths::parse("packet", "4..4"), 20000, 5);
  const Counted c = run_source(0.3, PacketLengths::parse("packet", "4:1"), 20000, 5);
  EXPECT_EQ(a.per_window, b.per_window);
  EXPECT_EQ(a.per_window, c.per_window);
}

/// Node n's lane: `lanes` equal ranges of ids, or dealt round-robin.
std::vector<unsigned> lane_cut(const Topology& t, unsigned lanes, bool interleaved) {
  std::vector<unsigned> lane_of_node(t.num_nodes());
  for (NodeId n = 0; n < t.num_nodes(); ++n)
    lane_of_node[n] = interleaved ? n % lanes : static_cast<unsigned>(std::size_t{n} * lanes / t.num_nodes());
  return lane_of_node;
}

/// A packet as the lane tests compare them: id, source>destination, length, cycle.
std::string describe(const Packet& p) {
  return std::to_string(p.id) + " " + std::to_string(p.src) + ">" + std::to_string(p.dst) + " x" +
         std::to_string(p.length) + " @" + std::to_string(p.created);
}

/// The source both lane tests run: uniform traffic at 0.3 on a 4x4x4 mesh,
/// mixed lengths, `injection`'s process.
TrafficSource lane_test_source(const Topology& t, const std::string& injection) {
  PatternConfig pc;
  pc.name = "uniform";
  SourceConfig sc;
  sc.rate = 0.3;
  sc.lengths = PacketLengths::parse("packet", "1:0.5,8:0.5");
  sc.seed = 11;
  sc.injection.name = injection;
  sc.injection.burst_alpha = 0.2;
  sc.injection.burst_beta = 0.3;
  return TrafficSource(sc, make_pattern(pc, t), t.num_nodes());
}

/// Every packet (id, source, destination, length, cycle) of `cycles` cycles
/// of a 64-node source, its nodes split into `lanes` equal ranges (or dealt
/// round-robin: `interleaved`), each lane generated on its own thread.
std::vector<std::string> lane_packets(const std::string& injection, unsigned lanes, Cycle cycles,
                                      bool interleaved = false) {
  const Topology t = make_topology("mesh:4x4x4");
  TrafficSource src = lane_test_source(t, injection);
  if (lanes > 1) src.set_lanes(lane_cut(t, lanes, interleaved), lanes);
  std::vector<std::string> out;
  for (Cycle c = 0; c < cycles; ++c) {
    std::vector<std::thread> threads;
    for (unsigned lane = 0; lane < lanes; ++lane) threads.emplace_back([&src, lane, c] { src.generate_lane(lane, c); });
    for (std::thread& th : threads) th.join();
    src.emit_lanes([&](const Packet& p) {
      out.push_back(describe(p));
    });
  }
  return out;
}

/// How handed_packets() runs a phase's lanes: each on a thread of its own,
/// or one after another on the calling thread, in lane order or reversed (a
/// lane may then create its packets before another starts its phase, as a
/// late thread or the network's serial phases do).
enum class LaneOrder { Threads, InOrder, Reversed };

/// The packets of `cycles` cycles handed over by the lanes themselves
/// (start_lane, hand_over, create_lane in each lane's phase, close_phase
/// after), as lane_packets() prints them, in the order of their ids. Every
/// lane must hand over the same packets with the same ids, and close_phase
/// must count them. The lanes are cut again while a phase's packets wait
/// for their hand-over: halfway (interleaved, then in ranges), or every
/// `recut_every` cycles (interleaved and in ranges by turns), so that nodes
/// move between lanes with packets of theirs in the last two phases.
std::vector<std::string> handed_packets(const std::string& injection, unsigned lanes, Cycle cycles,
                                        LaneOrder order = LaneOrder::Threads, Cycle recut_every = 0) {
  const Topology t = make_topology("mesh:4x4x4");
  TrafficSource src = lane_test_source(t, injection);
  src.set_lanes(lane_cut(t, lanes, true), lanes);
  std::map<std::uint64_t, std::string> out;
  std::uint64_t counted_packets = 0, counted_flits = 0, handed_flits = 0;
  for (Cycle c = 0; c <= cycles; ++c) {  // the last phase hands over and creates nothing
    if (recut_every == 0 ? c == cycles / 2 : c > 0 && c % recut_every == 0)
      src.set_lanes(lane_cut(t, lanes, recut_every != 0 && c / recut_every % 2 == 0), lanes);
    std::vector<std::vector<std::string>> seen(lanes);
    const auto phase = [&, c](unsigned lane) {
      src.start_lane(lane);
      src.hand_over(lane, [](NodeId) { return true; }, [&](const Packet& p) {
        seen[lane].push_back(describe(p));
      });
      if (c < cycles) src.create_lane(lane, c);
    };
    if (order == LaneOrder::Threads) {
      std::vector<std::thread> threads;
      for (unsigned lane = 0; lane < lanes; ++lane) threads.emplace_back(phase, lane);
      for (std::thread& th : threads) th.join();
    } else {
      for (unsigned k = 0; k < lanes; ++k) phase(order == LaneOrder::InOrder ? k : lanes - 1 - k);
    }
    for (unsigned lane = 1; lane < lanes; ++lane) EXPECT_EQ(seen[lane], seen[0]) << "cycle " << c << ", lane " << lane;
    for (const std::string& line : seen[0]) {
      const std::uint64_t id = std::stoull(line);
      EXPECT_TRUE(out.emplace(id, line).second) << "id " << id << " handed over twice";
      handed_flits += std::stoull(line.substr(line.find(" x") + 2));
    }
    EXPECT_EQ(src.awaiting_hand_over(), seen[0].size()) << "cycle " << c;
    const TrafficSource::PhaseCount made = src.close_phase();
    counted_packets += made.packets;
    counted_flits += made.flits;
  }
  EXPECT_EQ(counted_packets, out.size());
  EXPECT_EQ(counted_flits, handed_flits);
  std::vector<std::string> in_order;
  for (auto& [id, line] : out) in_order.push_back(line);
  return in_order;
}

TEST(TrafficSource, LanesHandOutWhatOneLaneDoes) {
  for (const InjectionInfo& info : injections()) {  // every process of the registry
    const std::string& injection = info.name;
    const std::vector<std::string> one = lane_packets(injection, 1, 300);
    ASSERT_GT(one.size(), 500u) << injection;
    for (unsigned lanes : {2u, 3u, 7u}) {
      EXPECT_EQ(lane_packets(injection, lanes, 300), one) << injection << ", " << lanes << " lanes";
      EXPECT_EQ(lane_packets(injection, lanes, 300, true), one) << injection << ", " << lanes << " interleaved lanes";
      EXPECT_EQ(handed_packets(injection, lanes, 300), one) << injection << ", " << lanes << " lanes handing over";
    }
  }
}

// A lane's phase may end before another's starts (a late thread, or the
// network's serial phases), in either order of the lanes, and the lanes
// may be cut again every few cycles: the ids stay those of one lane.
TEST(TrafficSource, LanesCutAgainOftenHandOutWhatOneLaneDoesInAnyOrder) {
  const std::vector<std::string> one = lane_packets("bernoulli", 1, 300);
  for (unsigned lanes : {2u, 3u, 7u})
    for (LaneOrder order : {LaneOrder::InOrder, LaneOrder::Reversed, LaneOrder::Threads})
      for (Cycle every : {1u, 2u, 5u})
        EXPECT_EQ(handed_packets("bernoulli", lanes, 300, order, every), one)
            << lanes << " lanes, order " << static_cast<int>(order) << ", cut again every " << every << " cycles";
}

TEST(TrafficSource, ALanePastTheLastOrAMissingNodeIsRefused) {
  const Topology t = make_topology("mesh:4x4");
  TrafficSource src(SourceConfig{}, make_pattern(PatternConfig{}, t), t.num_nodes());
  std::vector<unsigned> lanes(16, 0);
  lanes[3] = 2;
  EXPECT_THROW(src.set_lanes(lanes, 2), std::invalid_argument);
  EXPECT_THROW(src.set_lanes(std::vector<unsigned>(15, 0), 1), std::invalid_argument);
  std::vector<unsigned> halves(16, 0);
  for (unsigned n = 8; n < 16; ++n) halves[n] = 1;
  EXPECT_NO_THROW(src.set_lanes(halves, 2));
  EXPECT_EQ(src.lanes(), 2u);
}

TEST(PacketLengths, BadTextNamesTheField) {
  for (const char* bad : {"", "0", "65536", "x", "3..2", "1:0", "1:-1,2:1", "1:0.5,1:0.5", "1:,2:1", "2..", "4 "}) {
    try {
      PacketLengths::parse("packet", bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const ConfigError& e) {
      EXPECT_EQ(e.field(), "packet") << bad;
    }
  }
  EXPECT_EQ(PacketLengths::parse("packet", "1:0.8,5:0.2").text(), "1:0.8,5:0.2");
}

// Shares are probabilities that sum to 1: a mix that does not is ambiguous
// (a typo, or weights meant to be normalised?) and is refused, never
// normalised; decimal rounding within 1e-9 is accepted.
TEST(PacketLengths, SharesMustSumToOneAndBeDecimal) {
  for (const char* bad : {"1:4,5:1", "1:0.8,5:0.3", "1:0.5", "1:0.3,2:0.3,3:0.3", "1:0x1p-1,2:0.5", "1:inf",
                          "1:nan,2:1", "1:1e0,2:0", "1:0.5,2:.5e0x"}) {
    try {
      PacketLengths::parse("packet", bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const ConfigError& e) {
      EXPECT_EQ(e.field(), "packet") << bad;
    }
  }
  EXPECT_EQ(PacketLengths::parse("packet", "1:0.1,2:0.2,3:0.7").longest(), 3u);
  EXPECT_EQ(PacketLengths::parse("packet", "1:0.3333333333,2:0.6666666667").longest(), 2u);
  EXPECT_EQ(PacketLengths::parse("packet", "1:5e-1,2:.5").text(), "1:0.5,2:0.5");
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(Trace, RepliesInCycleOrderWithNamesAndComments) {
  const Topology t = make_topology("mesh:4x4");
  const std::string path = write_file("ok.trace",
                                      "# cycle src dst len\n"
                                      "10 r1_0_0 5 3   # by name\n"
                                      "\n"
                                      "2 0 15 1\n"
                                      "10 4 0 2\n");
  TraceSource src(read_trace(path, t));
  EXPECT_EQ(src.size(), 3u);
  EXPECT_EQ(src.last_cycle(), 10u);
  std::vector<Packet> got;
  for (Cycle c = 0; c < 20; ++c) src.generate(c, [&](const Packet& p) { got.push_back(p); });
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].created, 2u);
  EXPECT_EQ(got[0].dst, 15u);
  EXPECT_EQ(got[1].created, 10u);
  EXPECT_EQ(got[1].src, 1u) << "r1_0_0 is node 1";
  EXPECT_EQ(got[1].length, 3u);
  EXPECT_EQ(got[2].src, 4u) << "same cycle: file order";
}

TEST(Trace, ABadLineIsNamedByNumber) {
  const Topology t = make_topology("mesh:4x4");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"1 0 1 2\n2 0 1\n", "line 2: expected 4 fields"},
      {"1 0 1 2\n\n# c\n5 0 16 2\n", "line 4: destination 16 is not a node"},
      {"x 0 1 2\n", "line 1: expected cycle as an integer"},
      {"1 r9_9_9 1 2\n", "line 1: source 'r9_9_9' is not a node"},
      {"1 0 1 0\n", "line 1: length must be 1 to 65535"},
      {"1 0 1 70000\n", "line 1: length 70000 is above 65535"},
      {"1 3 3 2\n", "line 1: source and destination are the same node"},
      {"# only comments\n", "holds no packets"},
  };
  int k = 0;
  for (const auto& [text, message] : cases) {
    const std::string path = write_file("bad" + std::to_string(k++) + ".trace", text);
    try {
      read_trace(path, t);
      ADD_FAILURE() << "accepted " << text;
    } catch (const ConfigError& e) {
      EXPECT_EQ(e.field(), "trace");
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(read_trace(::testing::TempDir() + "missing.trace", t), ConfigError);
}

}  // namespace
}  // namespace wormsim::test
