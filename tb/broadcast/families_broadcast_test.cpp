// Broadcasts of Lin and Jan (P, FP_n, RFP_n) and Bai et al. (A(n, k)):
// legal under their port model (step engine), every node exactly once, the
// step counts their structure gives, and the same schedules as messages in
// the cycle-accurate fabric.
#include <gtest/gtest.h>

#include <cmath>

#include <wormsim/broadcast/algorithms.h>
#include <wormsim/broadcast/bai.h>
#include <wormsim/broadcast/fabric_run.h>
#include <wormsim/broadcast/lin_jan.h>
#include <wormsim/routing/registry.h>
#include <wormsim/topology/folded_petersen.h>
#include <wormsim/topology/petersen.h>
#include <wormsim/topology/spec.h>

namespace wormsim::test {
namespace {

unsigned eccentricity(const Topology& t, NodeId s) {
  unsigned e = 0;
  for (unsigned d : hop_distances(t, s)) e = std::max(e, d);
  return e;
}

TEST(LinJan, FpBroadcastTakesTwoStepsPerDigitAndThatIsOptimalAllPort) {
  for (unsigned n : {1u, 2u, 3u}) {
    const Topology t = make_topology(n == 1 ? "petersen" : "fp:" + std::to_string(n));
    for (NodeId s = 0; s < t.num_nodes(); s += n == 3 ? 37 : 1) {
      const Schedule sch = lin_jan_fp_broadcast(t, s);
      const StepReport r = run_steps(t, sch);
      ASSERT_EQ(r.error, "") << t.spec << " from " << s;
      EXPECT_EQ(r.steps, 2 * n) << t.spec << " from " << s;
      EXPECT_EQ(r.steps, eccentricity(t, s));
      EXPECT_EQ(sch.dropped, 0u);
    }
  }
}

TEST(LinJan, RfpBroadcastClimbsThenSpreadsAndResendsToTheClimb) {
  for (unsigned n : {2u, 3u}) {
    const Topology t = make_topology("rfp:" + std::to_string(n));
    for (NodeId s = 0; s < t.num_nodes(); s += n == 3 ? 13 : 1) {
      unsigned climb = 0;  // Basic-Routing hops from each digit to 00
      for (unsigned i = 1; i <= n; ++i) climb += petersen::distance(petersen::module_of_digit(FoldedPetersenKind::digit(s, i)),
                                                                   petersen::module_of_digit(0));
      const Schedule sch = lin_jan_rfp_broadcast(t, s);
      const StepReport r = run_steps(t, sch);
      ASSERT_EQ(r.error, "") << t.spec << " from " << s;
      EXPECT_EQ(r.steps, climb + 2 * n) << t.spec << " from " << s;
      EXPECT_EQ(sch.dropped, climb) << "as printed, every node of the climb but the root gets it twice";
      EXPECT_GE(r.steps, eccentricity(t, s));
    }
  }
}

TEST(Bai, OknStepsAreTheLevelSumAndThePaperCountsOneMediatePerLevelTooMany) {
  for (auto [n, k] : std::vector<std::pair<unsigned, unsigned>>{{4, 1}, {4, 2}, {5, 2}, {5, 3}, {6, 3}, {5, 4}, {6, 4}}) {
    const Topology t = make_topology("arrangement:" + std::to_string(n) + "," + std::to_string(k));
    unsigned ours = k * (n - k) + (k - 1);
    for (unsigned j = 0; j + 2 <= k; ++j) ours += k - j - 1;
    for (NodeId s : {NodeId{0}, static_cast<NodeId>(t.num_nodes() - 1)}) {
      const StepReport r = run_steps(t, bai_okn_broadcast(t, s));
      ASSERT_EQ(r.error, "") << t.spec;
      EXPECT_EQ(r.steps, ours) << t.spec;
      EXPECT_EQ(bai_okn_paper_steps(n, k), ours + (k - 1)) << t.spec;
    }
  }
}

TEST(Bai, OklgnIsLegalWithinTheProcedureCountAndAboveLogN) {
  for (auto [n, k] : std::vector<std::pair<unsigned, unsigned>>{
           {4, 1}, {4, 2}, {5, 2}, {5, 3}, {6, 2}, {6, 3}, {7, 3}, {8, 3}, {5, 4}, {6, 4}, {6, 5}}) {
    const Topology t = make_topology("arrangement:" + std::to_string(n) + "," + std::to_string(k));
    const unsigned log_n = static_cast<unsigned>(std::ceil(std::log2(static_cast<double>(t.num_nodes()))));
    for (NodeId s : {NodeId{0}, static_cast<NodeId>(t.num_nodes() / 2)}) {
      const StepReport r = run_steps(t, bai_oklgn_broadcast(t, s));
      ASSERT_EQ(r.error, "") << t.spec;
      EXPECT_LE(r.steps, bai_oklgn_paper_steps(n, k)) << t.spec;
      EXPECT_GE(r.steps, log_n) << t.spec;
      EXPECT_LE(r.steps, run_steps(t, bai_okn_broadcast(t, s)).steps) << t.spec;
    }
  }
}

TEST(FamilyBroadcasts, EveryAlgorithmRunsInTheFabricReachingEachNodeOnce) {
  for (const char* spec : {"petersen", "fp:2", "rfp:2", "arrangement:5,3", "arrangement:8,3"}) {
    const Topology t = make_topology(spec);
    for (const BroadcastAlgorithm& a : broadcast_algorithms()) {
      if (!a.applies_to(t) || !a.store_and_forward() || a.name.rfind("greedy", 0) == 0) continue;
      // All-port needs a local port per network port: A(8,3)'s 15 + 15 ports
      // x 4 VCs exceed the router's 64 input VCs (docs/reference.md: limits).
      const unsigned vcs = make_routing(t.kind->default_routing(), t, 0)->vcs();
      if (a.ports == PortModel::All && 2 * t.num_ports * vcs > 64) {
        EXPECT_EQ(std::string(spec), "arrangement:8,3") << a.name;
        continue;
      }
      const Schedule s = a.build(t, 3);
      const StepReport steps = run_steps(t, s);
      ASSERT_EQ(steps.error, "") << spec << " " << a.name;
      FabricBroadcastConfig c;
      c.topology = spec;
      c.flits = 4;
      c.startup = 10;
      const FabricBroadcastResult r = run_in_fabric(s, c);
      for (NodeId v = 0; v < t.num_nodes(); ++v) {
        if (v == 3) continue;
        EXPECT_EQ(r.receipts[v], 1u) << spec << " " << a.name << " node " << v;
      }
      // Store-and-forward: the farthest node waits for a chain of at least
      // eccentricity messages, each costing the start-up and its flits.
      EXPECT_GE(r.completion, eccentricity(t, 3) * (c.startup + c.flits)) << spec << " " << a.name;
      std::cout << spec << " " << a.name << ": " << steps.steps << " steps, completion cycle " << r.completion << "\n";
    }
  }
}

}  // namespace
}  // namespace wormsim::test
