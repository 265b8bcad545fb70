// DeliveryShards (stats/delivery_shards.h): a delivery is opened in its
// destination's shard, and each shard checks only its own nodes'
// deliveries: a flit delivered through another node's shard is a
// scoreboard error there. A packet counted at creation is outstanding until
// delivered, and its shard opens its delivery when told it left its source
// queue. A worm's destinations are split over the shards
// with their skipped flits. The merged figures (counts, latencies, flits in
// the window) are those of one Scoreboard and LatencyStats fed the same
// deliveries.
#include <gtest/gtest.h>

#include <wormsim/stats/delivery_shards.h>

#include "router/router_harness.h"

namespace wormsim::test {
namespace {

TEST(DeliveryShards, EachShardChecksItsNodesAndTheMergeIsOneScoreboards) {
  // nodes 0-1 in shard 0, nodes 2-3 in shard 1; window [10, 100)
  DeliveryShards shards(2, {0, 0, 1, 1}, 10, 100);
  Scoreboard one;
  LatencyStats one_stats, merged;
  one_stats.set_window(10, 100);
  merged.set_window(10, 100);
  one.set_completion_handler([&](const Packet& p, Cycle at) { one_stats.on_completed(p, at); });
  const std::vector<Packet> packets = {make_packet(1, 0, 3, 3, 12), make_packet(2, 3, 1, 2, 20), make_packet(3, 1, 2, 1, 5)};
  for (const Packet& p : packets) {
    shards.on_created(p);
    one.on_created(p);
    one_stats.on_created(p);
    merged.on_created(p);
  }
  EXPECT_EQ(shards.created_packets(), 3u);
  EXPECT_EQ(shards.created_flits(), 6u);
  EXPECT_EQ(shards.outstanding_packets(), 3u);
  Cycle at = 30;
  for (const Packet& p : packets)
    for (unsigned s = 0; s < p.length; ++s, ++at) {
      const Flit f = flit_of(p, s);
      shards.shard(p.dst < 2 ? 0 : 1).on_delivered(f, p.dst, 0, at);
      one.on_delivered(f, p.dst, 0, at);
      one_stats.on_flit_delivered(at);
    }
  EXPECT_EQ(shards.delivered_packets(), 3u);
  EXPECT_EQ(shards.delivered_flits(), 6u);
  EXPECT_EQ(shards.outstanding_packets(), 0u);
  EXPECT_EQ(shards.measured_delivered(), 2u) << "packet 3 was created before the window";
  shards.merge_into(merged);
  EXPECT_EQ(merged.summary().average, one_stats.summary().average);
  EXPECT_EQ(merged.summary().max, one_stats.summary().max);
  EXPECT_EQ(merged.histogram(), one_stats.histogram());
  EXPECT_EQ(merged.window_delivered_flits(), one_stats.window_delivered_flits());
  EXPECT_EQ(merged.measured_outstanding(), 0u);
}

TEST(DeliveryShards, ACountedPacketOpensInItsShardWhenItLeavesItsQueue) {
  DeliveryShards shards(2, {0, 0, 1, 1}, 0, 100);
  const Packet p = make_packet(7, 0, 3, 2, 0), q = make_packet(8, 3, 1, 1, 0);
  shards.count_created(p);
  shards.count_created(q);
  EXPECT_EQ(shards.created_packets(), 2u);
  EXPECT_EQ(shards.outstanding_packets(), 2u);
  EXPECT_THROW(shards.shard(1).on_delivered(flit_of(p, 0), 3, 0, 5), ScoreboardError) << "not open yet";
  shards.shard(1).on_injected(p);
  EXPECT_EQ(shards.outstanding_packets(), 2u);
  for (unsigned s = 0; s < 2; ++s) shards.shard(1).on_delivered(flit_of(p, s), 3, 0, 6 + s);
  EXPECT_EQ(shards.outstanding_packets(), 1u);
  shards.shard(0).on_injected(q);
  shards.shard(0).on_delivered(flit_of(q, 0), 1, 0, 9);
  EXPECT_EQ(shards.outstanding_packets(), 0u);
  EXPECT_EQ(shards.delivered_packets(), 2u);
}

TEST(DeliveryShards, AFlitReportedThroughAnotherNodesShardIsAnError) {
  DeliveryShards shards(2, {0, 0, 1, 1}, 0, 100);
  const Packet p = make_packet(7, 0, 3, 2, 0);
  shards.on_created(p);
  EXPECT_THROW(shards.shard(0).on_delivered(flit_of(p, 0), 3, 0, 5), ScoreboardError);
  EXPECT_NO_THROW(shards.shard(1).on_delivered(flit_of(p, 0), 3, 0, 5));
}

TEST(DeliveryShards, AWormsDestinationsAreSplitWithTheirSkippedFlits) {
  DeliveryShards shards(2, {0, 0, 1, 1}, 0, 100);
  const Packet p = make_packet(9, 0, 1, 3, 0);
  // destination 3 (shard 1) does not receive flit 1; destination 1 (shard 0) does
  shards.on_created(p, {3, 1}, {1, 0});
  EXPECT_EQ(shards.created_packets(), 1u);
  EXPECT_EQ(shards.outstanding_packets(), 2u);
  Flit f = flit_of(p, 0);
  f.dst = 3;
  shards.shard(1).on_delivered(f, 3, 0, 4);
  f = flit_of(p, 2);
  f.dst = 3;
  shards.shard(1).on_delivered(f, 3, 0, 5);  // flit 1 skipped there
  for (unsigned s = 0; s < 3; ++s) shards.shard(0).on_delivered(flit_of(p, s), 1, 0, 6 + s);
  EXPECT_EQ(shards.delivered_packets(), 2u);
  EXPECT_EQ(shards.outstanding_packets(), 0u);
}

}  // namespace
}  // namespace wormsim::test
