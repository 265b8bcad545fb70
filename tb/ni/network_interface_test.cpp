// The network interface rotates its injection VC from packet to packet.
#include <gtest/gtest.h>

#include <set>

#include <wormsim/core/rng.h>
#include <wormsim/ni/network_interface.h>

#include "router/router_harness.h"

namespace wormsim::test {
namespace {

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
