// The scoreboard: a packet delivered in order completes; a reordered,
// duplicated, misdelivered or lost flit is caught, with an error that names
// the check it failed, also when packets interleave, one-flit packets among
// them, and completed packets' entries are reused; thousands of open
// deliveries, closed in random order, stay findable through its table's
// growth and deletions, packets whose slots by id collide are checked
// alike, and a hand-over moves exactly those asked for. A packet counted at
// creation opens its delivery only when it leaves its source queue:
// outstanding from creation, and no flit of it accepted before.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include <wormsim/stats/scoreboard.h>

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

TEST(Scoreboard, ADeliveryCountedAtCreationOpensWhenItsPacketLeavesItsQueue) {
  Scoreboard sb;
  unsigned completed = 0;
  sb.set_completion_handler([&completed](const Packet&, Cycle) { ++completed; });
  const Packet p = make_packet(4, 0, 5, 2), q = make_packet(9, 1, 5, 1);
  sb.count_created(p);
  sb.count_created(q);
  EXPECT_EQ(sb.created_packets(), 2u);
  EXPECT_EQ(sb.created_flits(), 3u);
  EXPECT_EQ(sb.outstanding_packets(), 2u) << "queued packets are outstanding";
  EXPECT_EQ(sb.open_deliveries(), 0u) << "nothing is open while the packets wait in their queues";
  EXPECT_THROW(sb.on_delivered(flit_of(p, 0), 5, 0, 3), ScoreboardError) << "a flit of a packet still queued";
  sb.open_injected(p);
  EXPECT_EQ(sb.open_deliveries(), 1u);
  EXPECT_EQ(sb.opened_injected(), 1u);
  EXPECT_EQ(sb.outstanding_packets(), 2u);
  EXPECT_THROW(sb.open_injected(p), ScoreboardError) << "a packet that leaves its queue twice";
  for (unsigned s = 0; s < 2; ++s) sb.on_delivered(flit_of(p, s), 5, 0, 4 + s);
  EXPECT_EQ(completed, 1u);
  EXPECT_EQ(sb.outstanding_packets(), 1u) << "q still waits in its queue";
  sb.open_injected(q);
  sb.on_delivered(flit_of(q, 0), 5, 0, 9);
  EXPECT_EQ(completed, 2u);
  EXPECT_EQ(sb.outstanding_packets(), 0u);
  EXPECT_EQ(sb.open_deliveries(), 0u);
  // r's slot by id holds s's delivery, so r's opens in the table; once s
  // is delivered the slot is free, and a second opening of r is caught all
  // the same.
  const Packet s = make_packet(7, 0, 5, 1), r = make_packet(7 + 1024, 2, 6, 1);
  sb.count_created(s);
  sb.count_created(r);
  sb.open_injected(s);
  sb.open_injected(r);
  sb.on_delivered(flit_of(s, 0), 5, 0, 10);
  EXPECT_THROW(sb.open_injected(r), ScoreboardError) << "twice, the first opening in the table";
  sb.on_delivered(flit_of(r, 0), 6, 0, 11);
  EXPECT_EQ(completed, 4u);
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

// Each rejected flit's error names the check it failed, whether its
// delivery is in the direct array (a unicast packet) or in the table (a
// worm's copy, keyed by node: at another node none is open), and the flit
// is not counted.
TEST(Scoreboard, EachRejectionNamesTheCheckThatFailed) {
  struct Case {
    const char* what;
    const char* what_in_table;
    unsigned seq, node, channel;
    VcId vc;
    bool wrong_type;
  };
  const std::vector<Case> cases = {
      {"delivered at wrong node 4 (expected 5)", "no delivery of its packet is open there", 1, 4, 0, 0, false},
      {"out of order at node 5: expected flit 1", nullptr, 2, 5, 0, 0, false},
      {"has wrong head/tail marking", nullptr, 1, 5, 0, 0, true},
      {"left its packet's ejection channel/VC", nullptr, 1, 5, 1, 0, false},
      {"left its packet's ejection channel/VC", nullptr, 1, 5, 0, 1, false},
  };
  for (const bool in_table : {false, true}) {
    for (const Case& c : cases) {
      Scoreboard sb;
      Packet p = make_packet(1, 0, 5, 3);
      const auto flit = [&](unsigned seq, VcId vc) {
        Flit f = flit_of(p, seq, vc);
        f.worm = p.worm;
        return f;
      };
      if (in_table) {
        p.worm = 1;
        sb.on_created(p, std::vector<NodeId>{5});
      } else {
        sb.on_created(p);
      }
      sb.on_delivered(flit(0, 0), 5, 0, 1);
      Flit f = flit(c.seq, c.vc);
      if (c.wrong_type) f.type = FlitType::Tail;
      std::string error;
      try {
        sb.on_delivered(f, c.node, c.channel, 2);
      } catch (const ScoreboardError& e) {
        error = e.what();
      }
      const char* what = in_table && c.what_in_table != nullptr ? c.what_in_table : c.what;
      EXPECT_NE(error.find(what), std::string::npos) << (in_table ? "table: " : "direct: ") << what << " | got: " << error;
      EXPECT_EQ(sb.delivered_flits(), 1u) << "a rejected flit is not counted";
      sb.on_delivered(flit(1, 0), 5, 0, 3);
      sb.on_delivered(flit(2, 0), 5, 0, 4);
      EXPECT_EQ(sb.delivered_packets(), 1u) << "the packet completes after the rejection";
    }
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

// A one-flit packet's delivery bypasses the node's remembered delivery: it
// is still checked against the table (a duplicate, a wrong node), and a
// longer packet in the middle of its delivery at the same node keeps being
// checked flit by flit around it.
TEST(Scoreboard, ChecksOneFlitPacketsBesideALongerOneAtTheSameNode) {
  Scoreboard sb;
  std::vector<std::uint64_t> completed;
  sb.set_completion_handler([&completed](const Packet& p, Cycle) { completed.push_back(p.id); });
  const Packet a = make_packet(1, 0, 5, 3), s = make_packet(2, 1, 5, 1), t = make_packet(3, 2, 5, 1);
  sb.on_created(a);
  sb.on_created(s);
  sb.on_created(t);
  sb.on_delivered(flit_of(a, 0), 5, 0, 1);
  sb.on_delivered(flit_of(s, 0), 5, 1, 2);  // completes between a's flits
  EXPECT_THROW(sb.on_delivered(flit_of(s, 0), 5, 1, 3), ScoreboardError) << "a one-flit packet delivered twice";
  EXPECT_THROW(sb.on_delivered(flit_of(t, 0), 4, 1, 3), ScoreboardError) << "a one-flit packet at the wrong node";
  EXPECT_THROW(sb.on_delivered(flit_of(a, 2), 5, 0, 3), ScoreboardError) << "a's flit 2 before its flit 1";
  sb.on_delivered(flit_of(a, 1), 5, 0, 3);
  sb.on_delivered(flit_of(t, 0), 5, 1, 4);
  sb.on_delivered(flit_of(a, 2), 5, 0, 4);
  EXPECT_EQ(completed, (std::vector<std::uint64_t>{2, 3, 1}));
  EXPECT_EQ(sb.outstanding_packets(), 0u);
}

// Unicast packets sit in a slot by id (1,024 slots at first); a packet
// whose slot is taken goes to the table. Both are checked alike, and a
// delivery in progress keeps its place in the packet when the slots double.
TEST(Scoreboard, PacketsWhoseSlotsCollideAreCheckedAlike) {
  Scoreboard sb;
  std::vector<std::uint64_t> completed;
  sb.set_completion_handler([&completed](const Packet& p, Cycle) { completed.push_back(p.id); });
  const Packet a = make_packet(5, 0, 5, 3), b = make_packet(5 + 1024, 1, 7, 2), c = make_packet(5 + 2048, 2, 5, 1);
  sb.on_created(a);
  sb.on_created(b);  // a's slot
  sb.on_created(c);  // a's slot
  sb.on_delivered(flit_of(a, 0), 5, 0, 1);
  sb.on_delivered(flit_of(b, 0), 7, 0, 1);
  EXPECT_THROW(sb.on_delivered(flit_of(b, 1), 5, 0, 2), ScoreboardError) << "b's flit at a's node";
  EXPECT_THROW(sb.on_delivered(flit_of(a, 1), 7, 0, 2), ScoreboardError) << "a's flit at b's node";
  sb.on_delivered(flit_of(b, 1), 7, 0, 2);
  sb.on_delivered(flit_of(c, 0), 5, 1, 3);
  EXPECT_THROW(sb.on_delivered(flit_of(c, 0), 5, 1, 4), ScoreboardError) << "c delivered twice";
  EXPECT_THROW(sb.on_delivered(flit_of(a, 2), 5, 0, 4), ScoreboardError) << "a's flit 2 before its flit 1";
  EXPECT_THROW(sb.on_delivered(flit_of(a, 1), 5, 1, 4), ScoreboardError) << "a's flit on another channel";
  sb.on_delivered(flit_of(a, 1), 5, 0, 4);
  sb.on_delivered(flit_of(a, 2), 5, 0, 5);
  EXPECT_THROW(sb.on_delivered(flit_of(a, 0), 5, 0, 6), ScoreboardError) << "a's flit after a completed";
  EXPECT_EQ(completed, (std::vector<std::uint64_t>{5 + 1024, 5 + 2048, 5}));
  EXPECT_EQ(sb.outstanding_packets(), 0u);

  // Packet 0 is half delivered while 4,000 more open: the slots fill, then
  // double (more than once), moving packet 0 with the flits it has seen.
  const Packet p = make_packet(0, 3, 9, 3);
  sb.on_created(p);
  sb.on_delivered(flit_of(p, 0), 9, 0, 10);
  std::vector<Packet> more;
  for (std::uint64_t id = 1; id <= 4000; ++id) {
    more.push_back(make_packet(id, 1, static_cast<NodeId>(id % 13), 1));
    sb.on_created(more.back());
  }
  EXPECT_EQ(sb.outstanding_packets(), 4001u);
  EXPECT_THROW(sb.on_delivered(flit_of(p, 0), 9, 0, 11), ScoreboardError) << "packet 0's head again";
  EXPECT_THROW(sb.on_delivered(flit_of(p, 2), 9, 0, 11), ScoreboardError) << "packet 0's flit 2 before 1";
  sb.on_delivered(flit_of(p, 1), 9, 0, 11);
  sb.on_delivered(flit_of(p, 2), 9, 0, 12);
  for (auto it = more.rbegin(); it != more.rend(); ++it) {
    EXPECT_THROW(sb.on_delivered(flit_of(*it, 0), (it->dst + 1) % 13, 0, 13), ScoreboardError);
    sb.on_delivered(flit_of(*it, 0), it->dst, 0, 13);
  }
  EXPECT_EQ(sb.outstanding_packets(), 0u);
  EXPECT_EQ(completed.size(), 4u + 4000u);
}

TEST(Scoreboard, ThousandsOpenClosedInRandomOrderStayFindable) {
  const unsigned seed = 17;
  std::cout << "scoreboard: seed " << seed << "\n";
  std::mt19937 rng(seed);
  Scoreboard sb;
  unsigned completed = 0;
  sb.set_completion_handler([&completed](const Packet&, Cycle) { ++completed; });
  // Waves of packets to few nodes (many keys share a node), each closed in a
  // random order; a packet's flits arrive one by one, interleaved with others.
  std::vector<Packet> open;
  std::uint64_t id = 0;
  for (int wave = 0; wave < 6; ++wave) {
    for (int k = 0; k < 3000; ++k) {
      const Packet p = make_packet(id++, static_cast<NodeId>(rng() % 8), static_cast<NodeId>(rng() % 8), 2);
      sb.on_created(p);
      open.push_back(p);
    }
    std::shuffle(open.begin(), open.end(), rng);
    const std::size_t close = open.size() * 3 / 4;
    for (std::size_t k = 0; k < close; ++k) sb.on_delivered(flit_of(open[k], 0), open[k].dst, 0, 1);
    for (std::size_t k = 0; k < close; ++k) sb.on_delivered(flit_of(open[k], 1), open[k].dst, 0, 2);
    open.erase(open.begin(), open.begin() + static_cast<long>(close));
    ASSERT_EQ(sb.outstanding_packets(), open.size());
    for (const Packet& p : open) {  // a flit of an open packet at a wrong node is refused: keys are exact
      EXPECT_THROW(sb.on_delivered(flit_of(p, 0), (p.dst + 1) % 8, 0, 3), ScoreboardError);
    }
  }
  // Half the nodes' open deliveries move to another board; both finish theirs.
  Scoreboard other;
  unsigned other_completed = 0;
  other.set_completion_handler([&other_completed](const Packet&, Cycle) { ++other_completed; });
  sb.hand_over([&other](NodeId n) { return n % 2 ? &other : nullptr; });
  std::size_t odd = 0;
  for (const Packet& p : open) odd += p.dst % 2;
  EXPECT_EQ(other.outstanding_packets(), odd);
  EXPECT_EQ(sb.outstanding_packets(), open.size() - odd);
  for (const Packet& p : open) {
    Scoreboard& board = p.dst % 2 ? other : sb;
    board.on_delivered(flit_of(p, 0), p.dst, 0, 4);
    board.on_delivered(flit_of(p, 1), p.dst, 0, 5);
  }
  EXPECT_EQ(sb.outstanding_packets(), 0u);
  EXPECT_EQ(other.outstanding_packets(), 0u);
  EXPECT_EQ(completed + other_completed, 18000u);
}

}  // namespace
}  // namespace wormsim::test
