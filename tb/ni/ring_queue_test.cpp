// The network interface's source queue (RingQueue) gives back what was
// pushed, in order, against a std::deque, through growth while the queue
// wraps round its ring, and keeps its ring once grown.
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <iostream>
#include <random>

#include <wormsim/core/ring_queue.h>

namespace wormsim {
namespace {

TEST(RingQueue, GivesBackWhatWasPushedInOrderThroughGrowthAndWrapping) {
  for (const unsigned seed : {1u, 2u, 3u}) {
    std::cout << "seed " << seed << "\n";
    std::mt19937 rng(seed);
    RingQueue<std::uint64_t> queue;
    std::deque<std::uint64_t> expected;
    std::uint64_t next = 0;
    for (unsigned step = 0; step < 20000; ++step) {
      // Pushes outnumber pops for the first half, then pops do: the ring
      // grows while its head is anywhere in it, then drains.
      const bool push = std::uniform_int_distribution<unsigned>(0, 9)(rng) < (step < 10000 ? 6u : 4u);
      if (push) {
        queue.push_back(next);
        expected.push_back(next++);
      } else if (!expected.empty()) {
        ASSERT_EQ(queue.front(), expected.front()) << "step " << step;
        queue.pop_front();
        expected.pop_front();
      }
      ASSERT_EQ(queue.size(), expected.size()) << "step " << step;
      ASSERT_EQ(queue.empty(), expected.empty());
      ASSERT_GE(queue.capacity(), queue.size());
    }
  }
}

TEST(RingQueue, KeepsItsRingOnceGrownAndRefusesToReadWhenEmpty) {
  RingQueue<int> queue;
  EXPECT_EQ(queue.capacity(), 0u);
  for (int i = 0; i < 9; ++i) queue.push_back(i);
  EXPECT_EQ(queue.capacity(), 16u);  // 8, then doubled
  for (int round = 0; round < 100; ++round) {  // a steady queue of 9 goes round the ring
    EXPECT_EQ(queue.front(), round);
    queue.pop_front();
    queue.push_back(round + 9);
  }
  EXPECT_EQ(queue.capacity(), 16u);
  while (!queue.empty()) queue.pop_front();
  EXPECT_THROW(queue.front(), std::logic_error);
  EXPECT_THROW(queue.pop_front(), std::logic_error);
}

}  // namespace
}  // namespace wormsim
