// The activity list: a component woken several times in a cycle is listed
// once, in slot order; with every component woken (twice),
// each is listed once; a list taken stays as it was while the next fills;
// a bit set in a lent wake word is a wake-up, and no component joins once
// a word is lent.
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

}  // namespace
}  // namespace wormsim
