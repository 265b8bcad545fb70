// WorkerPool (network/worker_pool.h): every lane runs the job, also with
// many more lanes than cores; when lanes throw, every lane still finishes,
// the lowest throwing lane's exception reaches the caller, and the pool runs
// the next job as before. A
// Simulation with several threads refuses a delivery listener once packets
// exist (its lanes have checked deliveries themselves up to then).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include <wormsim/network/worker_pool.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

TEST(WorkerPool, TheLowestThrowingLanesExceptionReachesTheCaller) {
  WorkerPool pool(3);
  std::atomic<unsigned> ran{0};
  try {
    pool.run([&](unsigned lane) {
      ++ran;
      if (lane >= 1) throw std::runtime_error("lane " + std::to_string(lane));
    });
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "lane 1");
  }
  EXPECT_EQ(ran.load(), 3u) << "every lane finishes its job";
  ran = 0;
  EXPECT_NO_THROW(pool.run([&](unsigned) { ++ran; }));
  EXPECT_EQ(ran.load(), 3u);
}

// 21 lanes (more than the cores of most machines that run the tests): each
// run, every lane runs the job once and what it wrote is seen by the
// caller; the last lane's exception reaches the caller; a lane that takes
// 5 ms makes the others sleep, and they still finish.
TEST(WorkerPool, EveryLaneOfAManyLanePoolRunsEachJobOnce) {
  constexpr unsigned kLanes = 21;
  WorkerPool pool(kLanes);
  std::vector<unsigned> runs(kLanes, 0);  // each lane writes its own entry
  for (unsigned job = 1; job <= 300; ++job) {
    pool.run([&](unsigned lane) { ++runs.at(lane); });
    for (unsigned lane = 0; lane < kLanes; ++lane) ASSERT_EQ(runs[lane], job) << "lane " << lane;
  }
  try {
    pool.run([](unsigned lane) {
      if (lane == 20) throw std::runtime_error("lane 20");
    });
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "lane 20");
  }
  for (unsigned job = 0; job < 3; ++job)
    pool.run([&](unsigned lane) {
      if (lane == 17) std::this_thread::sleep_for(std::chrono::milliseconds(5));
      ++runs.at(lane);
    });
  for (unsigned lane = 0; lane < kLanes; ++lane) EXPECT_EQ(runs[lane], 303u) << "lane " << lane;
}

// run_blocks: every index once, in contiguous blocks, lane k before lane
// k + 1; at most as many lanes as items; one thread runs it inline.
TEST(WorkerPool, BlocksCoverEveryIndexOnce) {
  for (unsigned threads : {1u, 2u, 3u, 8u})
    for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{5}, std::size_t{64}, std::size_t{1001}}) {
      std::vector<std::atomic<unsigned>> seen(count);
      std::vector<std::pair<std::size_t, std::size_t>> blocks(threads, {0, 0});
      std::atomic<unsigned> calls{0};
      run_blocks(threads, count, [&](unsigned lane, std::size_t begin, std::size_t end) {
        ++calls;
        blocks.at(lane) = {begin, end};
        for (std::size_t i = begin; i < end; ++i) ++seen[i];
      });
      EXPECT_EQ(calls.load(), std::max(1u, static_cast<unsigned>(std::min<std::size_t>(threads, count))))
          << threads << " threads, " << count << " items";
      for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(seen[i].load(), 1u) << i;
      for (unsigned k = 1; k < calls.load(); ++k) EXPECT_EQ(blocks[k].first, blocks[k - 1].second) << k;
    }
  EXPECT_THROW(run_blocks(3, 10, [](unsigned lane, std::size_t, std::size_t) {
                 if (lane == 2) throw std::runtime_error("lane 2");
               }),
               std::runtime_error);
}

TEST(WorkerPool, ASimulationTakesADeliveryListenerOnlyBeforeItsFirstPacket) {
  Scenario s = small_scenario("mesh:4x4", 0.3, 5);
  s.threads = 2;
  Simulation early(s);
  unsigned heard = 0;
  EXPECT_NO_THROW(early.on_packet_delivered([&](const Packet&, Cycle) { ++heard; }));
  early.run_plain();
  EXPECT_EQ(heard, early.results(0.0).delivered_packets);
  Simulation late(s);
  for (int i = 0; i < 50; ++i) late.tick();
  EXPECT_THROW(late.on_packet_delivered([](const Packet&, Cycle) {}), std::logic_error);
}

}  // namespace
}  // namespace wormsim::test
