// Bounded source queues (Scenario::source_queue): past saturation a node
// stops creating packets while its queue is full, so memory stays bounded and
// the run reports the gap between offered and created load; unbounded queues
// (the default) grow without limit; below saturation the bound changes nothing.
#include <gtest/gtest.h>

#include <algorithm>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

/// Runs `s` and returns the largest source queue seen at any node in any cycle.
std::size_t longest_queue(const Scenario& s, Results& out) {
  std::cout << "[ seed ] " << s.seed << " (" << s.topology << ", rate " << s.rate << ", source_queue "
            << s.source_queue << ")\n";
  Simulation sim(s);
  std::size_t longest = 0;
  while (!sim.done()) {
    sim.tick();
    for (NodeId n = 0; n < sim.network().num_nodes(); ++n)
      longest = std::max(longest, sim.network().ni(n).queued_packets());
  }
  out = sim.results(0.0);
  return longest;
}

Scenario saturated(unsigned queue) {
  Scenario s = small_scenario("mesh:4x4", 0.9, 5);
  s.warmup = 200;
  s.cycles = 1500;
  s.drain_limit = 3000;
  s.source_queue = queue;
  return s;
}

TEST(SourceQueue, BoundedQueueNeverGrowsPastItsLimitAndReportsTheGap) {
  Results bounded, unbounded;
  const std::size_t b = longest_queue(saturated(4), bounded);
  const std::size_t u = longest_queue(saturated(0), unbounded);
  EXPECT_LE(b, 4u);
  EXPECT_GT(u, 100u);  // past saturation an unbounded queue keeps growing
  EXPECT_GT(bounded.suppressed_packets, 0u);
  EXPECT_EQ(bounded.suppressed_flits, 4 * bounded.suppressed_packets);  // 4-flit packets
  EXPECT_EQ(unbounded.suppressed_packets, 0u);
  // Offered = created + not created in the window (Bernoulli draws within noise).
  EXPECT_NEAR(bounded.generated + bounded.suppressed, 0.9, 0.03);
  // The 4x4 mesh saturates near 0.7: a bounded source creates what the
  // network accepts (within the queues' 4 packets per node), the rest is
  // reported as not created.
  EXPECT_GT(bounded.suppressed, 0.1);
  EXPECT_NEAR(bounded.generated, bounded.throughput, 0.02);
  // What is accepted is what the network can carry, bounded queue or not.
  EXPECT_NEAR(bounded.throughput, unbounded.throughput, 0.03);
  EXPECT_TRUE(bounded.flushed);  // every created packet still delivered
}

TEST(SourceQueue, BelowSaturationTheBoundChangesNothing) {
  Scenario s = small_scenario("mesh:4x4x4", 0.1, 3);
  Results free, bounded;
  longest_queue(s, free);
  s.source_queue = 64;
  longest_queue(s, bounded);
  EXPECT_EQ(bounded.suppressed_packets, 0u);
  EXPECT_EQ(free.injected_packets, bounded.injected_packets);
  EXPECT_EQ(free.latency.average, bounded.latency.average);
  EXPECT_EQ(free.cycles, bounded.cycles);
}

}  // namespace
}  // namespace wormsim::test
