// Kim and Lee's all-to-all broadcast (Algorithms 4 and 5) on 3PT, with
// combined messages: for every parity case, every node ends with every
// message; SLA meets Theorem 7 exactly, MLA meets Theorem 8 for even l and
// needs one step more for odd l (the hand-over from node 5 to node 0 that the
// text omits). The literal text does not deliver everything.
#include <gtest/gtest.h>

#include <wormsim/broadcast/all_to_all.h>
#include <wormsim/core/config_error.h>
#include <wormsim/topology/spec.h>

namespace wormsim {
namespace {

TEST(KimLeeAllToAll, EveryNodeGetsEveryMessageWithinTheTheoremsForEveryParity) {
  for (unsigned l : {2u, 3u, 4u, 5u})
    for (unsigned m : {2u, 3u, 4u, 5u})
      for (unsigned n = 2; n <= m; ++n) {
        const std::string spec = "3pt:" + std::to_string(l) + "x" + std::to_string(m) + "x" + std::to_string(n);
        const Topology t = make_topology(spec);
        const GossipReport sla = run_gossip(t, kim_lee_all_to_all(t, PortModel::One));
        ASSERT_EQ(sla.error, "") << spec;
        EXPECT_EQ(sla.missing, 0u) << spec;
        EXPECT_EQ(sla.complete_at, kim_lee_all_to_all_bound(l, m, n, PortModel::One)) << spec;
        const GossipReport mla = run_gossip(t, kim_lee_all_to_all(t, PortModel::All));
        ASSERT_EQ(mla.error, "") << spec;
        EXPECT_EQ(mla.missing, 0u) << spec;
        EXPECT_GT(mla.complete_at, 0u);
        EXPECT_LE(mla.complete_at, kim_lee_all_to_all_bound(l, m, n, PortModel::All) + l % 2) << spec;
      }
}

TEST(KimLeeAllToAll, TheLiteralTextLeavesMessagesUndelivered) {
  const Topology t = make_topology("3pt:3x3x3");
  for (PortModel p : {PortModel::One, PortModel::All}) {
    const GossipReport r = run_gossip(t, kim_lee_all_to_all(t, p, true));
    EXPECT_EQ(r.error, "");
    EXPECT_GT(r.missing, 0u) << port_model_name(p);
    EXPECT_EQ(r.complete_at, 0u);
  }
}

TEST(KimLeeAllToAll, GossipEngineEnforcesTheRules) {
  const Topology t = make_topology("3pt:2x2x2");
  GossipSchedule s;
  s.ports = PortModel::One;
  s.rounds = {{Transfer{0, 1}, Transfer{0, 4}}};
  EXPECT_NE(run_gossip(t, s).error.find("one-port"), std::string::npos);
  s.rounds = {{Transfer{0, 2}}};
  EXPECT_NE(run_gossip(t, s).error.find("no link"), std::string::npos);
  s.rounds = {{Transfer{0, 1}}};
  const GossipReport r = run_gossip(t, s);
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.missing, 80u * 80u - 81u);  // node 1 learned message 0, nothing else moved
  EXPECT_THROW(kim_lee_all_to_all(make_topology("mesh:4x4"), PortModel::One), ConfigError);
}

}  // namespace
}  // namespace wormsim
