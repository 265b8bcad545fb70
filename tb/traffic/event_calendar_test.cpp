// The sources' event calendar takes events in exactly the order a heap of
// (cycle, node) pairs gives them: events inside its ring and far past it,
// every node at most once, cycles taken one by one or skipped in jumps,
// nodes offset from 0; earliest() and for_each() see every event listed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <iostream>
#include <queue>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <wormsim/traffic/event_calendar.h>

namespace wormsim {
namespace {

using Event = std::pair<Cycle, NodeId>;
using Heap = std::priority_queue<Event, std::vector<Event>, std::greater<Event>>;

/// Nodes first..last each get an event; every event taken gets the next one
/// a random gap later (gaps up to `max_gap`, past the ring); the calendar
/// and a heap run side by side for `cycles` calls, jumping ahead by up to
/// `max_jump` cycles between calls.
void expect_heap_order(unsigned seed, NodeId first, NodeId last, Cycle max_gap, Cycle max_jump) {
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::cout << "event calendar: seed " << seed << "\n";
  std::mt19937_64 rng(seed);
  auto gap = [&] { return 1 + rng() % max_gap; };
  EventCalendar calendar(first, last);
  Heap heap;
  for (NodeId n = first; n <= last; ++n) {
    const Cycle at = rng() % max_gap;
    calendar.push(at, n);
    heap.push({at, n});
  }
  Cycle cycle = 0;
  std::uint64_t taken = 0;
  for (int call = 0; call < 4000; ++call) {
    cycle += 1 + rng() % max_jump;
    std::vector<Event> expected;
    while (!heap.empty() && heap.top().first <= cycle) {
      expected.push_back(heap.top());
      heap.pop();
    }
    std::vector<NodeId> got;
    std::vector<Cycle> next_of;
    calendar.take_due(cycle, [&](NodeId n) {
      got.push_back(n);
      const Cycle next = cycle + gap();
      next_of.push_back(next);
      calendar.push(next, n);
    });
    ASSERT_EQ(got.size(), expected.size()) << "cycle " << cycle;
    for (std::size_t k = 0; k < got.size(); ++k) {
      ASSERT_EQ(got[k], expected[k].second) << "cycle " << cycle << ", event " << k;
      heap.push({next_of[k], got[k]});
    }
    taken += got.size();
    ASSERT_EQ(calendar.earliest(), heap.empty() ? EventCalendar::kNone : heap.top().first);
  }
  EXPECT_GT(taken, 1000u);
  std::vector<Event> listed;
  calendar.for_each([&](Cycle at, NodeId n) { listed.push_back({at, n}); });
  std::sort(listed.begin(), listed.end());
  std::vector<Event> left;
  for (; !heap.empty(); heap.pop()) left.push_back(heap.top());
  EXPECT_EQ(listed, left);
}

TEST(EventCalendar, TakesEventsInHeapOrderInsideTheRing) { expect_heap_order(1, 0, 63, 20, 1); }

TEST(EventCalendar, TakesEventsInHeapOrderFarPastTheRing) { expect_heap_order(2, 0, 199, 1000, 1); }

TEST(EventCalendar, TakesEventsInHeapOrderWhenCyclesAreSkipped) { expect_heap_order(3, 0, 130, 400, 300); }

TEST(EventCalendar, NodesOffsetFromZero) { expect_heap_order(4, 4000, 4100, 300, 5); }

TEST(EventCalendar, EmptyAndRefusesThePast) {
  EventCalendar c(0, 9);
  EXPECT_EQ(c.earliest(), EventCalendar::kNone);
  c.take_due(50, [](NodeId) { ADD_FAILURE() << "no event listed"; });
  EXPECT_THROW(c.push(10, 3), std::logic_error);  // cycles up to 50 are taken
  c.push(51, 3);
  EXPECT_EQ(c.earliest(), 51u);
}

}  // namespace
}  // namespace wormsim
