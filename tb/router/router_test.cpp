// Router unit tests: routing to each port, VC allocation and release, credit
// counting under back-pressure, round-robin fairness.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "router_harness.h"

namespace wormsim::test {
namespace {

RouterConfig config(unsigned net, unsigned local, unsigned vcs, unsigned depth) {
  RouterConfig c;
  c.network_ports = net;
  c.local_ports = local;
  c.vcs = vcs;
  c.buffer_depth = depth;
  return c;
}

// Router 0, 4 network ports: destination d (1..4) leaves by port d-1;
// destination 0 is this router, so it ejects on the local port (4).
TEST(Router, RoutesEachDestinationToItsPortWithThreeCycleHop) {
  for (NodeId dst = 0; dst <= 4; ++dst) {
    RouterHarness h(config(4, 1, 2, 4), {0, 0, 1, 2, 3});
    const unsigned expected_port = dst == 0 ? 4 : dst - 1;
    h.in(4).send_flit(make_flit(7, 0, dst, 0, 1));  // on the injection link from cycle 1
    Cycle seen = 0;
    unsigned seen_port = 99;
    for (int i = 0; i < 10 && seen == 0; ++i) {
      h.step();
      for (unsigned p = 0; p < 5; ++p) {
        if (h.out(p).flit().valid) {
          seen = h.cycle();
          seen_port = p;
        }
      }
    }
    EXPECT_EQ(seen_port, expected_port) << "destination " << dst;
    // Flit on the input link in cycle 1, BW in 1, VA in 2, SA/ST in 3, so it
    // is on the output link in cycle 4: a 3-cycle hop.
    EXPECT_EQ(seen, 4u) << "destination " << dst;
  }
}

TEST(Router, OneVcIsHeldFromHeadToTailThenReleased) {
  RouterHarness h(config(4, 1, 1, 8), {0, 0, 1, 2, 3});
  // Two 3-flit packets from input ports 1 and 2, both for output port 0.
  for (unsigned s = 0; s < 3; ++s) {
    h.in(1).send_flit(make_flit(100, 1, 1, s, 3));
    h.in(2).send_flit(make_flit(200, 2, 1, s, 3));
    h.step();
  }
  std::vector<std::uint64_t> order;
  bool allocated_mid_packet = false;
  for (int i = 0; i < 20; ++i) {
    h.step();
    if (h.out(0).flit().valid) order.push_back(h.out(0).flit().flit.packet);
    if (order.size() == 1 || order.size() == 4) allocated_mid_packet |= h.router().output_vc_allocated(0, 0);
  }
  ASSERT_EQ(order.size(), 6u);
  // No interleaving on the single VC: one whole packet, then the other.
  EXPECT_EQ(order[0], order[1]);
  EXPECT_EQ(order[1], order[2]);
  EXPECT_EQ(order[3], order[4]);
  EXPECT_EQ(order[4], order[5]);
  EXPECT_NE(order[0], order[3]);
  EXPECT_TRUE(allocated_mid_packet);
  EXPECT_FALSE(h.router().output_vc_allocated(0, 0));
  EXPECT_FALSE(h.router().input_vc_active(1, 0));
  EXPECT_FALSE(h.router().input_vc_active(2, 0));
}

TEST(Router, TwoPacketsTakeTwoOutputVcsAndInterleave) {
  RouterHarness h(config(4, 1, 2, 8), {0, 0, 1, 2, 3});
  std::map<std::uint64_t, std::set<unsigned>> vcs_of;
  std::vector<std::uint64_t> order;
  for (unsigned i = 0; i < 24; ++i) {
    if (i < 4) {
      h.in(1).send_flit(make_flit(100, 1, 1, i, 4, 0));
      h.in(2).send_flit(make_flit(200, 2, 1, i, 4, 0));
    }
    h.step();
    if (h.out(0).flit().valid) {
      vcs_of[h.out(0).flit().flit.packet].insert(h.out(0).flit().flit.vc);
      order.push_back(h.out(0).flit().flit.packet);
    }
  }
  ASSERT_EQ(order.size(), 8u);
  ASSERT_EQ(vcs_of[100].size(), 1u);
  ASSERT_EQ(vcs_of[200].size(), 1u);
  EXPECT_NE(*vcs_of[100].begin(), *vcs_of[200].begin());
  EXPECT_NE(order[0], order[1]) << "switch allocation alternates between the two VCs";
}

TEST(Router, CreditsStopTheOutputAtBufferDepthAndResumeOnReturn) {
  const unsigned depth = 4;
  RouterHarness h(config(4, 1, 1, depth), {0, 0, 1, 2, 3});
  const unsigned len = 12;
  unsigned sent = 0, upstream_credits = depth, credits_back = 0, forwarded = 0;
  for (int i = 0; i < 40; ++i) {
    if (h.in(1).credit().valid) {
      ++upstream_credits;
      ++credits_back;
    }
    if (sent < len && upstream_credits > 0) {
      h.in(1).send_flit(make_flit(5, 1, 1, sent++, len));
      --upstream_credits;
    }
    h.step();
    if (h.out(0).flit().valid) ++forwarded;
  }
  // The downstream never returned a credit: exactly `depth` flits went out.
  EXPECT_EQ(forwarded, depth);
  EXPECT_EQ(h.router().credits(0, 0), 0u);
  EXPECT_EQ(h.router().buffer(1, 0).size(), depth);
  EXPECT_EQ(credits_back, depth) << "one credit upstream per flit forwarded";
  // Return 3 credits: exactly 3 more flits leave.
  for (int i = 0; i < 3; ++i) {
    h.out(0).send_credit(0);
    h.step();
    if (h.out(0).flit().valid) ++forwarded;
  }
  for (int i = 0; i < 10; ++i) {
    h.step();
    if (h.out(0).flit().valid) ++forwarded;
  }
  EXPECT_EQ(forwarded, depth + 3);
  EXPECT_EQ(h.router().credits(0, 0), 0u);
}

TEST(Router, CreditOverflowIsDetected) {
  RouterHarness h(config(4, 1, 1, 2), {0, 0, 1, 2, 3});
  h.out(0).send_credit(0);
  h.step();  // the credit is on the link in the next cycle
  EXPECT_THROW(h.step(), std::logic_error);
}

// Four inputs keep single-flit packets coming for output 0, which always
// returns credits at once: grants rotate over the inputs.
TEST(Router, RoundRobinGrantsCompetingInputsInTurn) {
  RouterHarness h(config(4, 1, 1, 4), {0, 0, 1, 2, 3});
  const unsigned inputs[4] = {1, 2, 3, 4};
  unsigned credits[5] = {4, 4, 4, 4, 4};
  std::uint64_t next_id = 0;
  std::vector<NodeId> winners;
  for (int i = 0; i < 400; ++i) {
    for (unsigned p : inputs) {
      if (h.in(p).credit().valid) ++credits[p];
      if (credits[p] > 0) {
        h.in(p).send_flit(make_flit(next_id++, p, 1, 0, 1));
        --credits[p];
      }
    }
    if (h.out(0).flit().valid) {
      winners.push_back(h.out(0).flit().flit.src);
      h.out(0).send_credit(0);
    }
    h.step();
  }
  ASSERT_GT(winners.size(), 80u);
  std::map<NodeId, unsigned> count;
  for (NodeId w : winners) ++count[w];
  ASSERT_EQ(count.size(), 4u);
  unsigned lo = ~0u, hi = 0;
  for (auto& kv : count) {
    lo = std::min(lo, kv.second);
    hi = std::max(hi, kv.second);
  }
  EXPECT_LE(hi - lo, 1u) << "grants must be shared equally";
  for (std::size_t i = 4; i < winners.size(); ++i)
    EXPECT_EQ(winners[i], winners[i - 4]) << "grant order must rotate at position " << i;
}

// Switch allocation, input stage: one input port holds two packets on its
// two VCs for different outputs (so the output stage never decides between
// them). Each cycle the port sends one flit, and the VC it takes rotates: the
// pointer advances past the winner every time it crosses.
TEST(Router, SwitchInputStageRotatesOverTheVcsOfOnePort) {
  RouterHarness h(config(4, 1, 2, 4), {0, 0, 1, 2, 3});
  const unsigned len = 4;
  auto drain = [&h](int cycles, std::vector<unsigned>* ports, bool credit_back) {
    for (int i = 0; i < cycles; ++i) {
      for (unsigned p : {0u, 2u})
        if (h.out(p).flit().valid) {
          if (ports) ports->push_back(p);
          if (credit_back) h.out(p).send_credit(h.out(p).flit().flit.vc);
        }
      h.step();
    }
  };
  // Two packets whose credits never come back leave output VC 0 of ports 0
  // and 2 free but without a credit; the next packets take those VCs
  // (selection "first") and wait there.
  for (unsigned s = 0; s < len; ++s) {
    h.in(1).send_flit(make_flit(50, 1, 1, s, len, 0));
    h.step();
    h.in(1).send_flit(make_flit(60, 1, 3, s, len, 1));
    h.step();
  }
  drain(12, nullptr, false);
  for (unsigned s = 0; s < len; ++s) {
    h.in(1).send_flit(make_flit(100, 1, 1, s, len, 0));
    h.step();
    h.in(1).send_flit(make_flit(200, 1, 3, s, len, 1));
    h.step();
  }
  drain(6, nullptr, false);
  ASSERT_EQ(h.router().buffer(1, 0).size(), len) << "packet 100 waits whole for a credit";
  ASSERT_EQ(h.router().buffer(1, 1).size(), len) << "packet 200 waits whole for a credit";
  // The withheld credits come back one per cycle on each output: both VCs
  // are eligible in every cycle from now on.
  std::vector<unsigned> ports;
  for (unsigned k = 0; k < len; ++k) {
    h.out(0).send_credit(0);
    h.out(2).send_credit(0);
    drain(1, &ports, false);
  }
  drain(20, &ports, false);
  ASSERT_EQ(ports.size(), 2 * len) << "every flit of both packets forwarded";
  std::size_t alternations = 0;
  for (std::size_t i = 1; i < ports.size(); ++i) alternations += ports[i] != ports[i - 1];
  EXPECT_GE(alternations, ports.size() - 2) << "the input stage must rotate over its VCs";
}

}  // namespace
}  // namespace wormsim::test

namespace wormsim::test {
namespace {

// Selection functions: a 2-flit packet leaves on output VC 0 and its credits
// are not returned, so VC 0 is free again but has 2 credits fewer than VC 1.
// The next packet (routing allows VCs 0 and 1) takes VC 0 under "first" and
// VC 1 under "credits".
VcId vc_of_second_packet(Selection selection) {
  RouterConfig c = config(4, 1, 2, 4);
  c.selection = selection;
  RouterHarness h(c, {0, 0, 1, 2, 3}, 0, {0x3, 0x3, 0x3, 0x3, 0x3});
  std::vector<VcId> vcs;
  for (unsigned s = 0; s < 2; ++s) {
    h.in(4).send_flit(make_flit(1, 0, 1, s, 2));
    h.step();
  }
  for (int i = 0; i < 12; ++i) {
    if (i == 4) h.in(4).send_flit(make_flit(2, 0, 1, 0, 1));
    h.step();
    if (h.out(0).flit().valid) vcs.push_back(h.out(0).flit().flit.vc);
  }
  EXPECT_EQ(vcs.size(), 3u);
  EXPECT_EQ(vcs.front(), 0) << "the first packet takes VC 0 (both are empty)";
  return vcs.size() == 3 ? vcs.back() : 99;
}

TEST(Selection, FirstTakesTheFirstFreeVc) { EXPECT_EQ(vc_of_second_packet(Selection::First), 0); }

TEST(Selection, CreditsTakesTheEmptiestDownstreamBuffer) {
  EXPECT_EQ(vc_of_second_packet(Selection::Credits), 1);
}

// Age arbitration: two packets compete for one output; the one created
// first wins whatever the round-robin pointers and the packet ids say
// (packets injected by hand carry high ids); equal creation cycles go by id.
struct Contender {
  std::uint64_t id;
  Cycle created;
};

std::uint64_t winner(Arbitration a, Contender on_port1, Contender on_port2) {
  RouterConfig c = config(4, 1, 1, 8);
  c.arbitration = a;
  RouterHarness h(c, {0, 0, 1, 2, 3});
  Flit f1 = make_flit(on_port1.id, 1, 1, 0, 1), f2 = make_flit(on_port2.id, 2, 1, 0, 1);
  f1.created = on_port1.created;
  f2.created = on_port2.created;
  h.in(1).send_flit(f1);
  h.in(2).send_flit(f2);
  for (int i = 0; i < 10; ++i) {
    h.step();
    if (h.out(0).flit().valid) return h.out(0).flit().flit.packet;
  }
  return 0;
}

TEST(Arbitration, AgeGrantsTheOldestPacket) {
  EXPECT_EQ(winner(Arbitration::Age, {50, 3}, {7, 3}), 7u) << "same creation cycle: lower id";
  EXPECT_EQ(winner(Arbitration::Age, {7, 3}, {50, 3}), 7u);
  EXPECT_EQ(winner(Arbitration::Age, {1ull << 62, 2}, {7, 3}), 1ull << 62) << "created first wins over a lower id";
  // Round-robin from reset grants the lower input index whatever the age.
  EXPECT_EQ(winner(Arbitration::RoundRobin, {50, 9}, {7, 3}), 50u);
}

}  // namespace
}  // namespace wormsim::test
