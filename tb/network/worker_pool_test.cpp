// WorkerPool (network/worker_pool.h): every lane runs the job; when lanes
// throw, every lane still finishes, the lowest throwing lane's exception
// reaches the caller, and the pool runs the next job as before. A
// Simulation with several threads refuses a delivery listener once packets
// exist (its lanes have checked deliveries themselves up to then).
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>

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
