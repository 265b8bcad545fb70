// Unit tests for behaviour the rest of the suite was blind to (mutation
// testing found each: a one-line bug there passed every other test).
//   scoreboard: a reordered, duplicated, misdelivered or lost flit is caught;
//   latency statistics: nearest-rank percentiles, rounded up, p99 not p95;
//   uniform traffic never sends a node to itself and reaches every other;
//   dimension order: x first, then y, then z, on every pair of a mesh;
//   the network interface rotates its injection VC from packet to packet.
#include <gtest/gtest.h>

#include <set>

#include <wormsim/core/rng.h>
#include <wormsim/ni/network_interface.h>
#include <wormsim/routing/registry.h>
#include <wormsim/stats/latency_stats.h>
#include <wormsim/stats/scoreboard.h>
#include <wormsim/topology/grid.h>
#include <wormsim/topology/spec.h>
#include <wormsim/traffic/pattern.h>

#include "router/router_harness.h"

namespace wormsim::test {
namespace {

TEST(Scoreboard, AcceptsAPacketInOrderAndCompletesIt) {
  Scoreboard sb;
  Cycle done = 0;
  sb.set_completion_handler([&done](const Packet&, Cycle c) { done = c; });
  const Packet p = make_packet(1, 0, 5, 3);
  sb.on_created(p);
  for (unsigned s = 0; s < 3; ++s) sb.on_delivered(flit_of(p, s), 5, 0, 10 + s);
  EXPECT_EQ(done, 12u);
  EXPECT_EQ(sb.outstanding_packets(), 0u);
}

TEST(Scoreboard, CatchesReorderDuplicateWrongNodeAndLoss) {
  const Packet p = make_packet(1, 0, 5, 3);
  {
    Scoreboard sb;
    sb.on_created(p);
    sb.on_delivered(flit_of(p, 0), 5, 0, 1);
    EXPECT_THROW(sb.on_delivered(flit_of(p, 2), 5, 0, 2), ScoreboardError) << "flit 2 before flit 1";
  }
  {
    Scoreboard sb;
    sb.on_created(p);
    for (unsigned s = 0; s < 3; ++s) sb.on_delivered(flit_of(p, s), 5, 0, s);
    EXPECT_THROW(sb.on_delivered(flit_of(p, 2), 5, 0, 9), ScoreboardError) << "a duplicate after completion";
  }
  {
    Scoreboard sb;
    sb.on_created(p);
    EXPECT_THROW(sb.on_delivered(flit_of(p, 0), 4, 0, 1), ScoreboardError) << "at the wrong node";
  }
  {
    Scoreboard sb;
    sb.on_created(p);
    Flit f = flit_of(p, 0);
    f.dst = 6;  // a flit whose header names another destination, ejected at its packet's node
    EXPECT_THROW(sb.on_delivered(f, 5, 0, 1), ScoreboardError) << "a flit with the wrong destination field";
  }
  {
    Scoreboard sb;
    sb.on_created(p);
    sb.on_delivered(flit_of(p, 0), 5, 0, 1);
    EXPECT_THROW(sb.on_delivered(flit_of(p, 1, 1), 5, 0, 2), ScoreboardError) << "left its ejection VC";
  }
  {
    Scoreboard sb;
    sb.on_created(p);
    sb.on_delivered(flit_of(p, 0), 5, 0, 1);
    EXPECT_EQ(sb.outstanding_packets(), 1u) << "an undelivered flit keeps its packet open";
  }
}

// The scoreboard remembers each node's last delivery (direct-mapped by node
// id) and reuses the entries of completed packets: neither may let a wrong
// flit through when packets interleave at a node, when two nodes share a
// remembered slot (5 and 5 + 1024), or after an entry was reused.
TEST(Scoreboard, ChecksEveryFlitWhenPacketsInterleaveAndEntriesAreReused) {
  Scoreboard sb;
  unsigned completed = 0;
  sb.set_completion_handler([&completed](const Packet&, Cycle) { ++completed; });
  const Packet a = make_packet(1, 0, 5, 3), b = make_packet(2, 1, 1029, 3), c = make_packet(3, 2, 5, 2);
  sb.on_created(a);
  sb.on_created(b);
  sb.on_created(c);
  sb.on_delivered(flit_of(a, 0), 5, 0, 1);
  sb.on_delivered(flit_of(b, 0), 1029, 0, 1);  // same remembered slot as node 5
  sb.on_delivered(flit_of(c, 0), 5, 1, 2);      // another packet at node 5, other channel
  sb.on_delivered(flit_of(a, 1), 5, 0, 2);
  EXPECT_THROW(sb.on_delivered(flit_of(b, 2), 1029, 0, 3), ScoreboardError) << "b's flit 2 before its flit 1";
  sb.on_delivered(flit_of(b, 1), 1029, 0, 3);
  EXPECT_THROW(sb.on_delivered(flit_of(c, 1), 5, 0, 3), ScoreboardError) << "c's flit on a's channel";
  sb.on_delivered(flit_of(a, 2), 5, 0, 4);
  EXPECT_EQ(completed, 1u);
  EXPECT_THROW(sb.on_delivered(flit_of(a, 2), 5, 0, 5), ScoreboardError) << "a duplicate right after completion";
  const Packet d = make_packet(4, 0, 5, 2);  // takes a's entry; same source and node as a
  sb.on_created(d);
  EXPECT_THROW(sb.on_delivered(flit_of(a, 0), 5, 0, 6), ScoreboardError) << "a completed packet's flit after reuse";
  sb.on_delivered(flit_of(d, 0), 5, 0, 6);
  sb.on_delivered(flit_of(d, 1), 5, 0, 7);
  sb.on_delivered(flit_of(c, 1), 5, 1, 7);
  sb.on_delivered(flit_of(b, 2), 1029, 0, 8);
  EXPECT_EQ(completed, 4u);
  EXPECT_EQ(sb.outstanding_packets(), 0u);
}

/// Packets with latencies scale x 1, scale x 2, ..., scale x n.
LatencySummary latencies(unsigned n, Cycle scale) {
  LatencyStats st;
  st.set_window(0, 1000);
  for (unsigned i = 1; i <= n; ++i) {
    const Packet p = make_packet(i, 0, 1, 1, 0);
    st.on_created(p);
    st.on_completed(p, scale * i);
  }
  return st.summary();
}

TEST(LatencyStats, NearestRankPercentilesRoundedUp) {
  // latencies 1..200: nearest rank p50 = the 100th = 100, p99 = the 198th = 198.
  const LatencySummary s = latencies(200, 1);
  EXPECT_EQ(s.p50, 100u);
  EXPECT_EQ(s.p99, 198u) << "p99, not p95 (190)";
  EXPECT_EQ(s.min, 1u);
  EXPECT_EQ(s.max, 200u);
  EXPECT_DOUBLE_EQ(s.average, 100.5);
  // 7 samples: p50 rank = ceil(3.5) = 4, rounding half-down would give 3.
  EXPECT_EQ(latencies(7, 10).p50, 40u) << "rank ceil(0.5 x 7) = 4";
  EXPECT_EQ(latencies(7, 10).p99, 70u);
  // 160 samples: p99 rank = ceil(158.4) = 159; rounding to nearest gives 158.
  EXPECT_EQ(latencies(160, 1).p99, 159u) << "percentile ranks round up";
}

TEST(UniformTraffic, NeverSendsToItselfAndReachesEveryOtherNode) {
  const Topology t = make_topology("mesh:4x4");
  PatternConfig pc;
  pc.name = "uniform";
  const auto pattern = make_pattern(pc, t);
  Rng rng(3, 1);
  for (NodeId src = 0; src < t.num_nodes(); ++src) {
    std::set<NodeId> seen;
    for (int k = 0; k < 2000; ++k) {
      const auto d = pattern->destination(src, rng);
      ASSERT_TRUE(d.has_value());
      ASSERT_NE(*d, src) << "uniform traffic sent node " << src << " to itself";
      seen.insert(*d);
    }
    EXPECT_EQ(seen.size(), t.num_nodes() - 1);
  }
}

TEST(DimensionOrder, CorrectsXThenYThenZOnEveryPair) {
  const Topology t = make_topology("mesh:3x3x3");
  const auto r = make_routing("dor", t, 2);
  const std::array<unsigned, 3> dims{3, 3, 3};
  for (NodeId s = 0; s < t.num_nodes(); ++s)
    for (NodeId d = 0; d < t.num_nodes(); ++d) {
      if (s == d) continue;
      NodeId at = s;
      PortId in = static_cast<PortId>(t.num_ports);
      int last_dim = -1;
      while (at != d) {
        Flit head;
        head.dst = d;
        head.src = s;
        head.type = FlitType::Head;
        RouteSet out;
        r->route(at, in, 0, head, out);
        ASSERT_EQ(out.size(), 1u);
        const PortId p = out[0].port;
        const int dim = p / 2;
        const Coord here = coord_of(dims, at), there = coord_of(dims, d);
        const unsigned c[3] = {here.x, here.y, here.z}, g[3] = {there.x, there.y, there.z};
        for (int k = 0; k < dim; ++k) ASSERT_EQ(c[k], g[k]) << "dimension " << dim << " before " << k << " is done";
        ASSERT_GE(dim, last_dim);
        last_dim = dim;
        const auto& peer = *t.peer[at][p];
        at = peer.node;
        in = peer.port;
      }
    }
}

struct Deliveries : DeliveryObserver {
  void on_delivered(const Flit&, NodeId, unsigned, Cycle) override {}
};

TEST(NetworkInterface, RotatesItsInjectionVcFromPacketToPacket) {
  ActivityList activity;
  LinkCommitter committer(activity);
  Deliveries obs;
  NiConfig cfg;
  cfg.vcs = 4;
  cfg.buffer_depth = 64;
  struct Sink : Component {
    void evaluate(Cycle) override {}
  } sink;
  NetworkInterface ni(0, cfg, obs, activity, activity.add(nullptr), Rng(1, 1));
  activity.replace(0, &ni);
  const std::size_t sink_slot = activity.add(&sink);
  Link inj(&committer, LinkEnd{0, 0, 0, false}, LinkEnd{sink_slot, 0, 0, true}, "inj");
  Link ej(&committer, LinkEnd{sink_slot, 0, 0, true}, LinkEnd{0, 0, 0, false}, "ej");
  ni.attach_injection(0, &inj);
  ni.attach_ejection(0, &ej);
  for (std::uint64_t id = 1; id <= 8; ++id) ni.enqueue(make_packet(id, 0, 1, 1));
  std::vector<VcId> vcs;
  for (Cycle c = 0; c < 40 && vcs.size() < 8; ++c) {
    for (Component* comp : activity.take()) comp->evaluate(c);
    committer.commit_all();
    if (inj.flit().valid) vcs.push_back(inj.flit().flit.vc);
  }
  ASSERT_EQ(vcs.size(), 8u);
  for (std::size_t k = 1; k < vcs.size(); ++k) EXPECT_NE(vcs[k], vcs[k - 1]) << "packet " << k << " reused its VC";
  EXPECT_EQ(std::set<VcId>(vcs.begin(), vcs.end()).size(), 4u) << "every VC gets its turn";
}

}  // namespace
}  // namespace wormsim::test
