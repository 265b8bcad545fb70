// The flit buffer and the round-robin arbiter against plain reference
// models. A buffer of any depth (its ring has the next power of two of
// slots) holds exactly its depth, in order, through many turns of the ring;
// an arbiter of any size, after any winner, picks the first requester at or
// after one past that winner, cyclically, and reports that pointer (0 after
// the last requester) and the distances from it.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <deque>
#include <random>
#include <stdexcept>

#include <wormsim/core/fifo.h>
#include <wormsim/router/round_robin.h>

namespace wormsim {
namespace {

TEST(FlitRing, AnyDepthHoldsItsDepthInOrderThroughManyTurns) {
  constexpr unsigned kSeed = 20261129;
  std::printf("seed %u\n", kSeed);
  std::mt19937 rng(kSeed);
  for (std::size_t depth = 1; depth <= 17; ++depth) {
    Fifo<int> fifo(depth);
    std::deque<int> model;
    EXPECT_EQ(fifo.capacity(), depth);
    int next = 0;
    for (int step = 0; step < 2000; ++step) {
      const bool push = model.empty() || (model.size() < depth && rng() % 2 == 0);
      if (push) {
        fifo.push(next);
        model.push_back(next++);
      } else {
        ASSERT_EQ(fifo.front(), model.front()) << "depth " << depth << ", step " << step;
        fifo.drop();
        model.pop_front();
      }
      ASSERT_EQ(fifo.size(), model.size());
      ASSERT_EQ(fifo.full(), model.size() == depth);
      for (std::size_t i = 0; i < model.size(); ++i)
        ASSERT_EQ(fifo.at(i), model[i]) << "depth " << depth << ", step " << step << ", entry " << i;
    }
    while (!fifo.full()) fifo.push(0);
    EXPECT_THROW(fifo.push(0), std::logic_error) << "depth " << depth << ": one past the depth";
    while (!fifo.empty()) fifo.drop();
    EXPECT_THROW(fifo.drop(), std::logic_error) << "depth " << depth;
  }
}

// The reference: the first requester at or after `pointer`, cyclically.
int first_from(std::uint64_t requests, unsigned pointer, unsigned size) {
  for (unsigned k = 0; k < size; ++k)
    if (requests >> ((pointer + k) % size) & 1u) return static_cast<int>((pointer + k) % size);
  return -1;
}

TEST(RoundRobin, AfterAnyWinnerTheFirstRequesterFromOnePastItWins) {
  constexpr unsigned kSeed = 61;
  std::printf("seed %u\n", kSeed);
  std::mt19937_64 rng(kSeed);
  for (unsigned size : {1u, 2u, 3u, 5u, 7u, 8u, 14u, 63u, 64u}) {
    const std::uint64_t all = size == 64 ? ~0ull : (1ull << size) - 1;
    RoundRobin arb(size);
    EXPECT_EQ(arb.pointer(), 0u);
    EXPECT_EQ(arb.pick(0), -1);
    for (unsigned winner = 0; winner < size; ++winner) {
      arb.advance_past(winner);
      const unsigned pointer = (winner + 1) % size;
      ASSERT_EQ(arb.pointer(), pointer) << "size " << size << ", winner " << winner;
      ASSERT_EQ(arb.pick(all), static_cast<int>(pointer)) << "size " << size << ", winner " << winner;
      for (unsigned i = 0; i < size; ++i)
        ASSERT_EQ(arb.distance(i), (i + size - pointer) % size) << "size " << size << ", winner " << winner;
      for (int trial = 0; trial < 50; ++trial) {
        const std::uint64_t requests = rng() & rng() & all;
        ASSERT_EQ(arb.pick(requests), first_from(requests, pointer, size))
            << "size " << size << ", winner " << winner << ", requests " << requests;
      }
    }
  }
}

}  // namespace
}  // namespace wormsim
