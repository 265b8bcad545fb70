// Broadcast schedules: the step engine enforces the port rules; the all-port
// BFS takes exactly the source's eccentricity; the one-port greedy meets the
// lower bound or stays close; run as worms in the fabric every node receives
// exactly once, and without contention a node d hops away receives at cycle
// d x (beta + 3 + L + 4) + (d - 1) (it reacts the cycle after receipt).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include <wormsim/broadcast/algorithms.h>
#include <wormsim/broadcast/fabric_run.h>
#include <wormsim/broadcast/kim_lee.h>
#include <wormsim/core/config_error.h>
#include <wormsim/topology/spec.h>

namespace wormsim {
namespace {

unsigned eccentricity(const Topology& t, NodeId s) {
  const auto d = hop_distances(t, s);
  return *std::max_element(d.begin(), d.end());
}

TEST(StepEngine, RejectsEveryBrokenRule) {
  const Topology t = make_topology("mesh:3x3");
  Schedule s;
  s.source = 4;  // centre
  s.ports = PortModel::One;
  s.rounds = {{{4, 1}, {4, 3}}};
  EXPECT_NE(run_steps(t, s).error.find("one-port"), std::string::npos);
  s.ports = PortModel::All;
  s.rounds = {{{4, 0}}};
  EXPECT_NE(run_steps(t, s).error.find("no link"), std::string::npos);
  s.rounds = {{{1, 0}}};
  EXPECT_NE(run_steps(t, s).error.find("does not hold"), std::string::npos);
  s.rounds = {{{4, 1}, {1, 0}}};  // node 1 relays in the step it receives
  EXPECT_NE(run_steps(t, s).error.find("does not hold"), std::string::npos);
  s.rounds = {{{4, 1}}, {{1, 4}}};
  EXPECT_NE(run_steps(t, s).error.find("received twice"), std::string::npos);
  s.rounds = {{{4, 1}, {4, 3}, {4, 5}, {4, 7}}};
  EXPECT_NE(run_steps(t, s).error.find("never receives"), std::string::npos);
  s.rounds = {{{4, 1}, {4, 3}, {4, 5}, {4, 7}}, {{1, 0}, {1, 2}, {7, 6}, {7, 8}}};
  const StepReport ok = run_steps(t, s);
  EXPECT_EQ(ok.error, "");
  EXPECT_EQ(ok.steps, 2u);
  EXPECT_EQ(ok.transfers, 8u);
}

TEST(AllPortBfs, StepsEqualTheEccentricityOn3ptAndMesh) {
  for (const char* spec : {"3pt:2x2x2", "3pt:3x2x2", "3pt:2x3x2", "3pt:2x2x3", "3pt:3x3x3", "3pt:4x3x2",
                           "3pt:5x5x5", "mesh:5x5x5", "mesh:8x8", "torus:4x4x4"}) {
    const Topology t = make_topology(spec);
    for (NodeId src : {NodeId{0}, static_cast<NodeId>(t.num_nodes() / 2 + 3)}) {
      const StepReport r = run_steps(t, all_port_bfs(t, src));
      ASSERT_EQ(r.error, "") << spec;
      EXPECT_EQ(r.steps, eccentricity(t, src)) << spec << " from " << src;
    }
  }
}

TEST(OnePortGreedy, LegalAndNearTheLowerBound) {
  for (const char* spec : {"3pt:2x2x2", "3pt:3x3x3", "3pt:4x3x2", "mesh:5x5x5", "mesh:8x8"}) {
    const Topology t = make_topology(spec);
    const StepReport r = run_steps(t, one_port_greedy(t, 0));
    ASSERT_EQ(r.error, "") << spec;
    const unsigned bound = broadcast_lower_bound(t, 0, PortModel::One);
    EXPECT_GE(r.steps, bound) << spec;
    EXPECT_LE(r.steps, bound + bound / 2 + 2) << spec;
    std::cout << spec << ": one-port greedy " << r.steps << " steps, lower bound " << bound << "\n";
  }
}

// Kim and Lee (2014), Theorems 4 and 5: one-to-all broadcast in 3PT(l, m, n)
// takes at most 2 floor(l/2) + 2 floor(m/2) + 15 steps (l odd) or
// l + 2 floor(m/2) + 14 (l even) one-port, and 8 fewer all-port. (Both
// parities reduce to l + 2 floor(m/2) + 14, resp. + 6.) Every parity case of
// l, m, n with m >= n, every source for all-port, 10 sources for one-port.
TEST(PaperBounds, OurSchedulesMeetTheoremsFourAndFive) {
  for (unsigned l : {2u, 3u, 4u, 5u})
    for (unsigned m : {2u, 3u, 4u, 5u})
      for (unsigned n = 2; n <= m; ++n) {
        const std::string spec = "3pt:" + std::to_string(l) + "x" + std::to_string(m) + "x" + std::to_string(n);
        const Topology t = make_topology(spec);
        const unsigned sla = (l % 2 == 1 ? 2 * (l / 2) + 2 * (m / 2) + 15 : l + 2 * (m / 2) + 14);
        const unsigned mla = (l % 2 == 1 ? 2 * (l / 2) + 2 * (m / 2) + 7 : l + 2 * (m / 2) + 6);
        for (NodeId src = 0; src < t.num_nodes(); ++src) {
          const StepReport r = run_steps(t, all_port_bfs(t, src));
          ASSERT_EQ(r.error, "");
          ASSERT_LE(r.steps, mla) << spec << " all-port from " << src;
          ASSERT_EQ(r.steps, eccentricity(t, src));
        }
        for (NodeId src = 0; src < t.num_nodes(); src += static_cast<NodeId>(t.num_nodes() / 10)) {
          const StepReport r = run_steps(t, one_port_greedy(t, src));
          ASSERT_EQ(r.error, "");
          ASSERT_LE(r.steps, sla) << spec << " one-port from " << src;
          ASSERT_GE(r.steps, broadcast_lower_bound(t, src, PortModel::One));
        }
      }
}

// Kim and Lee's own algorithm (our reading of it) meets their Theorems 4
// and 5 for every parity case, from sources spread over the network.
TEST(PaperBounds, KimLeeAlgorithmMeetsTheoremsFourAndFive) {
  for (unsigned l : {2u, 3u, 4u, 5u})
    for (unsigned m : {2u, 3u, 4u, 5u})
      for (unsigned n = 2; n <= m; ++n) {
        const std::string spec = "3pt:" + std::to_string(l) + "x" + std::to_string(m) + "x" + std::to_string(n);
        const Topology t = make_topology(spec);
        for (NodeId src = 0; src < t.num_nodes(); src += 7) {
          for (PortModel ports : {PortModel::One, PortModel::All}) {
            const StepReport r = run_steps(t, kim_lee_one_to_all(t, src, ports));
            ASSERT_EQ(r.error, "") << spec << " from " << src;
            ASSERT_LE(r.steps, kim_lee_theorem_bound(l, m, ports))
                << spec << " " << port_model_name(ports) << "-port from " << src;
            ASSERT_GE(r.steps, broadcast_lower_bound(t, src, ports));
          }
        }
      }
}

TEST(Registry, EveryAlgorithmGivesALegalScheduleAndBestBeatsGreedy) {
  for (const char* spec : {"3pt:2x2x2", "3pt:4x3x3", "mesh:4x4x4", "mesh:6x5", "petersen", "fp:2", "rfp:2",
                           "arrangement:5,3", "arrangement:4,1"}) {
    const Topology t = make_topology(spec);
    for (const BroadcastAlgorithm& a : broadcast_algorithms()) {
      if (!a.applies_to(t)) {
        EXPECT_THROW(a.worms(t, 1), ConfigError) << spec << " " << a.name;
        continue;
      }
      if (!a.store_and_forward()) {
        const WormSchedule w = a.worms(t, 1);
        EXPECT_EQ(w.ports, a.ports) << a.name;
        EXPECT_EQ(check_phases(t, w).error, "") << spec << " " << a.name;
        continue;
      }
      const Schedule s = a.build(t, 1);
      EXPECT_EQ(s.ports, a.ports) << a.name;
      const StepReport r = run_steps(t, s);
      EXPECT_EQ(r.error, "") << spec << " " << a.name;
      EXPECT_GE(r.steps, broadcast_lower_bound(t, 1, a.ports)) << spec << " " << a.name;
    }
    EXPECT_LE(one_port_best(t, 1).rounds.size(), one_port_greedy(t, 1).rounds.size()) << spec;
  }
}

TEST(FabricBroadcast, AllPortMatchesTheZeroLoadFormulaExactly) {
  for (const char* spec : {"3pt:2x2x2", "mesh:4x4x4"}) {
    const Topology t = make_topology(spec);
    for (unsigned flits : {1u, 8u})
      for (Cycle beta : {Cycle{0}, Cycle{25}, Cycle{2000000}}) {  // long start-ups: idle fabric skipped, limit grows
        FabricBroadcastConfig c;
        c.topology = spec;
        c.flits = flits;
        c.startup = beta;
        const Schedule s = all_port_bfs(t, 3);
        const FabricBroadcastResult r = run_in_fabric(s, c);
        const Cycle per_step = beta + 3 + flits + 4;
        const Cycle ecc = eccentricity(t, 3);
        EXPECT_EQ(r.completion, ecc * per_step + ecc - 1) << spec << " L=" << flits << " beta=" << beta;
        const auto d = hop_distances(t, 3);
        for (NodeId v = 0; v < t.num_nodes(); ++v) {
          if (v == 3) continue;
          EXPECT_EQ(r.receipts[v], 1u);
          EXPECT_EQ(r.arrival[v], d[v] * per_step + d[v] - 1) << spec << " node " << v;
        }
        EXPECT_EQ(r.worms, t.num_nodes() - 1);
      }
  }
}

TEST(FabricBroadcast, OnePortEveryNodeOnceAndStartUpsSerialized) {
  const Topology t = make_topology("3pt:3x3x3");
  FabricBroadcastConfig c;
  c.topology = "3pt:3x3x3";
  c.flits = 4;
  c.startup = 30;
  const Schedule s = one_port_greedy(t, 11);
  const StepReport steps = run_steps(t, s);
  const FabricBroadcastResult r = run_in_fabric(s, c);
  for (NodeId v = 0; v < t.num_nodes(); ++v) {
    if (v != 11) {
      EXPECT_EQ(r.receipts[v], 1u) << v;
    }
  }
  // Nothing contends (each link carries one message, start-ups are longer
  // than a message), so the k-th send of a node that received at cycle a
  // arrives at a + 1 + k * beta + T0 (the source: a + 1 replaced by 0).
  std::vector<Cycle> expect(t.num_nodes(), 0);
  std::vector<unsigned> sent(t.num_nodes(), 0);
  const Cycle t0 = 3 + c.flits + 4;
  for (const auto& round : s.rounds)
    for (const Transfer& x : round) {
      const Cycle base = x.from == 11 ? 0 : expect[x.from] + 1;
      expect[x.to] = base + ++sent[x.from] * c.startup + t0;
    }
  EXPECT_EQ(r.arrival, expect);
  EXPECT_EQ(r.completion, *std::max_element(expect.begin(), expect.end()));
  std::cout << "3pt:3x3x3 one-port: " << steps.steps << " steps, completion cycle " << r.completion << "\n";
}

TEST(FabricBroadcast, SameInputSameCycles) {
  const Topology t = make_topology("mesh:4x4x4");
  FabricBroadcastConfig c;
  c.topology = "mesh:4x4x4";
  c.flits = 6;
  c.startup = 10;
  const Schedule s = one_port_greedy(t, 5);
  EXPECT_EQ(run_in_fabric(s, c).arrival, run_in_fabric(s, c).arrival);
}

}  // namespace
}  // namespace wormsim
