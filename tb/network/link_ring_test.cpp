// A link direction is a ring of registers indexed by the cycle its item is
// seen in: at every latency, a flit and a credit sent every cycle are each
// seen exactly their latency later, once, with the arrival bit set for that
// cycle, whether the sender runs before or after the receiver in a cycle;
// the in-flight queries between cycles count what is on its way; each end
// is woken for the cycles it sees something in, also where a one-cycle link
// shares the committer with pipelined ones. The flits and heads a link has
// carried count every send at once, at every latency, and a register's
// count going past 2^32 keeps the total exact. A longer link joining while
// items are on their way (the committer's wheel grows) changes no arrival.
// Sends through a direction's end (Link::send_flit(end, ...), as a router
// sends) are seen the same way.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include <wormsim/core/activity.h>
#include <wormsim/core/link.h>

namespace wormsim {
namespace {

struct Idle : Component {
  void evaluate(Cycle) override {}
};

/// Sends a flit with seq s and a credit for VC s mod 4 in each cycle s < 300;
/// each end is woken for exactly the cycles it sees something in. With
/// `neighbour` > 0 an idle link of that latency shares the committer (a
/// fabric with pipelined links, where every send goes through the wheel).
/// `by_ends`: every other send through the direction's end (one-cycle
/// links alone on the committer).
void expect_every_item_seen_once(unsigned latency, unsigned credit_latency, unsigned neighbour = 0,
                                 bool by_ends = false) {
  SCOPED_TRACE("latency " + std::to_string(latency) + ", credit latency " + std::to_string(credit_latency) +
               ", a neighbour of latency " + std::to_string(neighbour) + (by_ends ? ", by ends" : ""));
  ActivityList activity;
  Idle a, b;
  const std::size_t up = activity.add(&a), down = activity.add(&b);
  LinkCommitter committer(activity);
  Link link(&committer, LinkEnd{up, 0, 0, true}, LinkEnd{down, 0, 1, true}, "l", latency, credit_latency);
  std::unique_ptr<Link> other;
  if (neighbour > 0)
    other = std::make_unique<Link>(&committer, LinkEnd{up, 1, 0, true}, LinkEnd{down, 1, 1, true}, "n", neighbour);
  std::uint64_t flit_words[2] = {0, 0}, credit_words[2] = {0, 0};
  link.notify_flit_to(flit_words, 3);
  link.notify_credit_to(credit_words, 5, 4);
  constexpr unsigned kSends = 300;
  const unsigned longest = std::max(latency, credit_latency);
  unsigned flits_seen = 0, credits_seen = 0;
  std::uint64_t sent = 0;
  std::uint32_t heads = 0;
  for (Cycle t = 0; t < kSends + longest + 2; ++t) {
    ASSERT_EQ(committer.edge(), t);
    const ComponentList woken = activity.take();
    const bool flit_due = t >= latency && t - latency < kSends, credit_due = t >= credit_latency && t - credit_latency < kSends;
    EXPECT_EQ(std::count(woken.begin(), woken.end(), &b), flit_due ? 1 : 0) << "cycle " << t;
    EXPECT_EQ(std::count(woken.begin(), woken.end(), &a), credit_due ? 1 : 0) << "cycle " << t;
    const Flit* f = link.flit_arrival();
    if (t >= latency && t - latency < kSends) {
      ASSERT_NE(f, nullptr) << "cycle " << t;
      EXPECT_EQ(f->seq, t - latency);
      EXPECT_EQ(link.arrived_flit(t).seq, t - latency);
      EXPECT_EQ(flit_words[t & 1], 1u << 3) << "cycle " << t;
      ++flits_seen;
    } else {
      EXPECT_EQ(f, nullptr) << "cycle " << t;
      EXPECT_EQ(flit_words[t & 1], 0u) << "cycle " << t;
    }
    const CreditSlot c = link.credit();
    if (t >= credit_latency && t - credit_latency < kSends) {
      ASSERT_TRUE(c.valid) << "cycle " << t;
      EXPECT_EQ(c.vc, (t - credit_latency) % 4);
      EXPECT_EQ(c.more, 0u);
      EXPECT_EQ(credit_words[t & 1], 1u << (5 + (t - credit_latency) % 4)) << "cycle " << t;  // bit 5 + VC
      ++credits_seen;
    } else {
      EXPECT_FALSE(c.valid) << "cycle " << t;
    }
    flit_words[t & 1] = credit_words[t & 1] = 0;  // the receiver reads its word of the cycle
    if (t < kSends) {
      Flit g;
      g.seq = static_cast<std::uint16_t>(t);
      g.vc = static_cast<VcId>(t % 2);
      g.type = t % 3 == 0 ? FlitType::Head : FlitType::Body;
      if (by_ends && t % 2 == 1) {
        ASSERT_TRUE(committer.simple());
        Link::send_flit(link.flit_end(), committer, g, g.vc);
        Link::send_credit(link.credit_end(), committer, static_cast<VcId>(t % 4));
      } else {
        link.send_flit(g);
        link.send_credit(static_cast<VcId>(t % 4));
      }
      ++sent;
      heads += t % 3 == 0 ? 1u : 0u;
    }
    EXPECT_EQ(link.flits_carried(), sent) << "cycle " << t;
    EXPECT_EQ(link.heads_carried(), heads) << "cycle " << t;
    // The sender may run before the receiver in a cycle: what this cycle
    // sees is still there after the sends.
    if (t >= latency && t - latency < kSends) {
      ASSERT_NE(link.flit_arrival(), nullptr) << "cycle " << t << ", after the send";
      EXPECT_EQ(link.arrived_flit(t).seq, t - latency) << "cycle " << t << ", after the send";
    }
    // A credit the end sent (a watched one-cycle direction) is its arrival
    // bit alone, gone once the receiver took its word; one sent by the link
    // stays in its register for the cycle.
    if (t >= credit_latency && t - credit_latency < kSends) {
      if (by_ends && (t - credit_latency) % 2 == 1) {
        EXPECT_FALSE(link.credit().valid) << "cycle " << t << ", after the receiver took it";
      } else {
        ASSERT_TRUE(link.credit().valid) << "cycle " << t << ", after the send";
        EXPECT_EQ(link.credit().vc, (t - credit_latency) % 4) << "cycle " << t << ", after the send";
      }
    }
    committer.commit_all();
    // Between cycles (the coming one is t + 1): in the pipeline are the
    // sends of cycles s with s + L > t + 1.
    auto in_pipeline = [&](unsigned l) {
      unsigned n = 0;
      for (Cycle s = t + 2 > l ? t + 2 - l : 0; s <= t && s < kSends; ++s) ++n;
      return n;
    };
    EXPECT_EQ(link.flits_in_pipeline(), in_pipeline(latency)) << "after cycle " << t;
    EXPECT_EQ(link.credits_in_pipeline(), in_pipeline(credit_latency)) << "after cycle " << t;
    if (t < kSends) {  // the flit and the credit just sent are on their way
      EXPECT_TRUE(link.flit_in_flight(static_cast<VcId>(t % 2)));
      EXPECT_TRUE(link.credit_in_flight(static_cast<VcId>(t % 4)));
    }
  }
  EXPECT_EQ(flits_seen, kSends);
  EXPECT_EQ(credits_seen, kSends);
  EXPECT_FALSE(link.flit_in_flight(0));
  EXPECT_FALSE(link.flit_in_flight(1));
  EXPECT_FALSE(link.credit_in_flight(2));
  EXPECT_EQ(link.flits_in_pipeline(), 0u);
}

TEST(LinkRing, EveryFlitAndCreditIsSeenExactlyItsLatencyLaterOnce) {
  for (const unsigned latency : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 9u, 64u}) expect_every_item_seen_once(latency, latency);
}

TEST(LinkRing, SendsByEndsAreSeenTheSame) {
  expect_every_item_seen_once(1, 1, 0, true);
  expect_every_item_seen_once(3, 1);  // a pipelined flit direction beside a one-cycle credit one
}

TEST(LinkRing, CreditsMayTakeLongerThanFlits) {
  expect_every_item_seen_once(1, 3);  // a one-cycle flit direction beside a pipelined credit one
  expect_every_item_seen_once(2, 4);
  expect_every_item_seen_once(3, 1);
}

TEST(LinkRing, AOneCycleLinkInAFabricWithPipelinedLinksIsSeenOneCycleLater) {
  expect_every_item_seen_once(1, 1, 2);  // both directions through the wheel
  expect_every_item_seen_once(1, 1, 5);
  expect_every_item_seen_once(1, 3, 2);
  expect_every_item_seen_once(2, 1, 3);
}

TEST(LinkRing, ACountPastTwoToTheThirtyTwoStaysExact) {
  std::uint32_t count = 0xFFFFFFFEu;
  std::uint64_t wrapped = 0;
  count_with_wrap(count, wrapped);
  EXPECT_EQ(wrapped + count, 0xFFFFFFFFull);
  count_with_wrap(count, wrapped);
  EXPECT_EQ(wrapped + count, 0x100000000ull);
  count_with_wrap(count, wrapped);
  EXPECT_EQ(wrapped + count, 0x100000001ull);
}

// A credit sets the bit of its VC (first bit + VC), and a credit merged into
// it in the same cycle (an input speedup) sets its own, whether the arrival
// is set as it is sent (one cycle) or at the commit before it is seen.
TEST(LinkRing, MergedCreditsSetABitPerVc) {
  for (const unsigned latency : {1u, 2u, 5u}) {
    SCOPED_TRACE("credit latency " + std::to_string(latency));
    ActivityList activity;
    Idle a, b;
    const std::size_t up = activity.add(&a), down = activity.add(&b);
    LinkCommitter committer(activity);
    Link link(&committer, LinkEnd{up, 0, 0, true}, LinkEnd{down, 0, 1, true}, "l", 1, latency);
    std::uint64_t words[2] = {0, 0};
    link.notify_credit_to(words, 8, 4);
    for (Cycle t = 0; t < 12; ++t) {
      if (t == latency + 3) {
        EXPECT_EQ(words[t & 1], (1ull << 9) | (1ull << 11));
        const CreditSlot c = link.credit();
        ASSERT_TRUE(c.valid);
        EXPECT_EQ(c.vc, 1u);
        EXPECT_TRUE(c.credits(3));
        EXPECT_FALSE(c.credits(2));
      } else {
        EXPECT_EQ(words[t & 1], 0u) << "cycle " << t;
      }
      words[t & 1] = 0;
      if (t == 3) {
        link.send_credit(1);
        link.send_credit_merged(3);
      }
      committer.commit_all();
    }
  }
}

TEST(LinkRing, ALongerLinkJoiningMidFlightMovesNoArrival) {
  ActivityList activity;
  Idle a, b;
  const std::size_t up = activity.add(&a), down = activity.add(&b);
  LinkCommitter committer(activity);
  Link short_link(&committer, LinkEnd{up, 0, 0, true}, LinkEnd{down, 0, 1, true}, "s", 3, 2);
  std::uint64_t words[2] = {0, 0};
  short_link.notify_flit_to(words, 1);
  std::unique_ptr<Link> long_link;
  std::vector<Cycle> seen;
  for (Cycle t = 0; t < 40; ++t) {
    if (const Flit* f = short_link.flit_arrival()) {
      EXPECT_EQ(f->seq + 3u, t);
      EXPECT_EQ(words[t & 1], 1u << 1) << "cycle " << t;
      seen.push_back(t);
    }
    words[t & 1] = 0;
    if (long_link != nullptr) {
      if (const Flit* f = long_link->flit_arrival()) {
        EXPECT_EQ(f->seq + 11u, t);
      }
    }
    if (t < 20) {
      Flit g;
      g.seq = static_cast<std::uint16_t>(t);
      short_link.send_flit(g);
      short_link.send_credit(0);
      if (long_link != nullptr) long_link->send_flit(g);
    }
    // Items of cycles 8 and 9 are on their way when the 11-cycle link
    // (a wheel of 16 buckets instead of 4) joins.
    if (t == 9) long_link = std::make_unique<Link>(&committer, LinkEnd{up, 1, 0, true}, LinkEnd{down, 1, 1, true}, "l", 11);
    committer.commit_all();
  }
  ASSERT_EQ(seen.size(), 20u);
  for (unsigned k = 0; k < 20; ++k) EXPECT_EQ(seen[k], k + 3u);
  EXPECT_EQ(short_link.credits_in_pipeline(), 0u);
}

}  // namespace
}  // namespace wormsim
