// The activity list: a component woken several times in a cycle is listed
// once, in slot order; with every component woken (twice),
// each is listed once; a list taken stays as it was while the next fills;
// a bit set in a lent wake word is a wake-up, and no component joins once
// a word is lent; with lanes, an arrival made by a component's own lane
// sets its word at once, one made by another lane waits until the
// component's lane takes its list, and each lane lists its components in
// slot order, each once.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include <wormsim/core/activity.h>

namespace wormsim {
namespace {

struct Idle : Component {
  void evaluate(Cycle) override {}
};

std::vector<Component*> listed(const ComponentList& l) { return {l.begin(), l.end()}; }

TEST(ActivityList, AComponentWokenSeveralTimesInACycleIsListedOnce) {
  ActivityList activity;
  Idle c[4];
  for (Idle& x : c) activity.add(&x);
  activity.wake(2);
  activity.wake(0);
  activity.wake(2);
  activity.wake(0);
  activity.wake(2);
  EXPECT_TRUE(activity.pending());
  EXPECT_EQ(listed(activity.take()), (std::vector<Component*>{&c[0], &c[2]}));
  EXPECT_FALSE(activity.pending());
  EXPECT_TRUE(activity.take().empty()) << "nothing woken since";
}

TEST(ActivityList, EveryComponentWokenTwiceIsListedOnceAndATakenListStays) {
  ActivityList activity;
  std::vector<Idle> c(64);
  for (Idle& x : c) activity.add(&x);
  for (int round = 0; round < 2; ++round)
    for (std::size_t k = c.size(); k-- > 0;) activity.wake(k);
  const ComponentList first = activity.take();
  ASSERT_EQ(first.size(), c.size());
  for (std::size_t k = 0; k < c.size(); ++k) EXPECT_EQ(first[k], &c[k]);
  // The next cycle's wake-ups (again every one, twice) leave the taken list as it was.
  for (int round = 0; round < 2; ++round)
    for (std::size_t k = 0; k < c.size(); ++k) activity.wake(k);
  for (std::size_t k = 0; k < c.size(); ++k) EXPECT_EQ(first[k], &c[k]);
  const ComponentList second = activity.take();
  ASSERT_EQ(second.size(), c.size());
  for (std::size_t k = 0; k < c.size(); ++k) EXPECT_EQ(second[k], &c[k]);
}

TEST(ActivityList, ABitSetInALentWakeWordIsAWakeUpAndNoComponentJoinsAfter) {
  ActivityList activity;
  std::vector<Idle> c(70);
  for (Idle& x : c) activity.add(&x);
  std::uint64_t* low = activity.wake_word(3);
  std::uint64_t* high = activity.wake_word(66);
  EXPECT_EQ(low, activity.wake_word(63)) << "slots 0-63 share a word";
  EXPECT_NE(low, high);
  *high |= std::uint64_t{1} << (66 % 64);
  *low |= std::uint64_t{1} << 3;
  EXPECT_EQ(listed(activity.take()), (std::vector<Component*>{&c[3], &c[66]}));
  Idle late;
  EXPECT_THROW(activity.add(&late), std::logic_error) << "a lent word would move";
}

TEST(ActivityList, AnArrivalFromAnotherLaneWaitsUntilTheComponentsLaneTakesIt) {
  ActivityList activity;
  std::vector<Idle> c(140);
  for (Idle& x : c) activity.add(&x);
  // Slots 0-69 to lane 0, 70-139 to lane 1 (words 1 and 2 hold both lanes' slots).
  std::vector<unsigned> lane_of(c.size());
  for (std::size_t s = 0; s < c.size(); ++s) lane_of[s] = s < 70 ? 0u : 1u;
  activity.set_lanes(2, &lane_of);
  for (std::size_t s = 0; s < c.size(); ++s) {
    EXPECT_EQ(c[s].lane(), lane_of[s]);
    EXPECT_TRUE(c[s].laned());
  }
  EXPECT_NE(activity.wake_word(69), activity.wake_word(70)) << "each lane has words of its own";
  std::uint64_t arrivals[2] = {0, 0};  // component 100's arrival words
  activity.begin_lanes();
  // Lane 0's part of a cycle: its own component 5 and lane 1's 100 and 71.
  activity.arrive_in(100, 0, &arrivals[1], 4);
  activity.arrive_in(5, 0, nullptr, 0);
  activity.arrive_in(71, 0, nullptr, 0);
  EXPECT_EQ(arrivals[1], 0u) << "another lane's arrival word waits for its lane";
  // Lane 1's part: its own 100 again (once listed), and 72 by its word.
  activity.arrive_in(100, 1, &arrivals[1], 1);
  EXPECT_EQ(arrivals[1], 1u) << "the component's own lane sets its word at once";
  *activity.wake_word(72) |= std::uint64_t{1} << (72 % 64);
  activity.begin_lanes();
  EXPECT_EQ(listed(activity.take_lane(1)), (std::vector<Component*>{&c[71], &c[72], &c[100]}));
  EXPECT_EQ(arrivals[1], 5u) << "lane 0's arrival bit, set as lane 1 took its list";
  EXPECT_EQ(listed(activity.take_lane(0)), (std::vector<Component*>{&c[5]}));
  activity.begin_lanes();
  EXPECT_TRUE(activity.take_lane(0).empty());
  EXPECT_TRUE(activity.take_lane(1).empty());
  // Back to one lane: a wake-up waiting moves with it.
  activity.arrive_in(130, 1, nullptr, 0);
  activity.set_lanes(1);
  EXPECT_FALSE(c[130].laned());
  EXPECT_EQ(listed(activity.take()), (std::vector<Component*>{&c[130]}));
}

}  // namespace
}  // namespace wormsim
