// Deliveries checked and measured per lane. With several lanes, each lane's
// network interfaces report their deliveries to that lane's own shard (a
// Scoreboard, and the delivered side of LatencyStats) from the lane's
// thread, so no thread replays them afterwards. A delivery is opened in the
// shard of its destination's lane: a unicast packet's when it leaves its
// source queue (from that lane, on_injected), a worm's when it is created
// (serially). Merged figures do
// not depend on the number of shards: counts add, and the latencies are a
// multiset (LatencyStats' figures read them sorted).
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include <wormsim/core/lane_owned.h>
#include <wormsim/stats/latency_stats.h>
#include <wormsim/stats/scoreboard.h>

namespace wormsim {

class DeliveryShards {
 public:
  /// `shard_of_node[n]` (< shards): the shard of node n's deliveries; the
  /// measurement window as LatencyStats::set_window.
  DeliveryShards(unsigned shards, std::vector<unsigned> shard_of_node, Cycle window_start, Cycle window_end);

  unsigned size() const { return static_cast<unsigned>(shards_.size()); }
  /// Shard k's observer: called only from the lane that owns it.
  DeliveryObserver& shard(unsigned k) { return *shards_[k]; }

  /// A unicast packet's delivery, opened in its destination's shard at
  /// once: count_created() and open().
  void on_created(const Packet& p) {
    count_created(p);
    open(p);
  }
  /// Counts a unicast packet created (serial); its delivery is opened
  /// later (open(), or its shard's on_injected()), and it is outstanding
  /// until delivered.
  void count_created(const Packet& p) { count_created(1, p.length); }
  /// Counts `packets` unicast packets of `flits` flits in all (serial).
  void count_created(std::uint64_t packets, std::uint64_t flits) {
    created_packets_ += packets;
    created_flits_ += flits;
    counted_later_ += packets;
  }
  /// Opens the delivery of a unicast packet count_created() counted, in its
  /// destination's shard: from the lane that owns that shard, or serially.
  void open(const Packet& p);
  /// Node n's deliveries to shard shard_of_node[n] from now on (the lanes
  /// were cut again): the open ones move with their flits delivered so far.
  /// Between cycles.
  void rehome(const std::vector<unsigned>& shard_of_node);
  /// The shard of node n's deliveries.
  unsigned shard_of(NodeId n) const { return shard_of_node_[n]; }
  /// A worm's deliveries, each in its destination's shard (as
  /// Scoreboard::on_created with destinations and skipped flits).
  void on_created(const Packet& p, const std::vector<NodeId>& destinations, const std::vector<unsigned>& skipped);

  std::uint64_t created_packets() const { return created_packets_; }
  std::uint64_t created_flits() const { return created_flits_; }
  std::uint64_t delivered_packets() const;
  std::uint64_t delivered_flits() const;
  std::size_t outstanding_packets() const;
  /// Measured packets delivered (latencies recorded), over the shards.
  std::uint64_t measured_delivered() const;
  /// Adds every shard's delivered side to `stats` (its created side is the
  /// caller's), in shard order.
  void merge_into(LatencyStats& stats) const;

 private:
  struct alignas(kLaneLine) Shard : DeliveryObserver {  // lanes write their own shards: no shared line
    Shard(Cycle start, Cycle end);
    void on_delivered(const Flit& flit, NodeId node, unsigned channel, Cycle cycle) override {
      board.on_delivered(flit, node, channel, cycle);
      stats.on_flit_delivered(cycle);
    }
    /// A unicast packet for this shard's nodes left its source queue.
    void on_injected(const Packet& packet) override {
      if (packet.worm == 0) board.open_injected(packet);
    }
    Scoreboard board;
    LatencyStats stats;
  };
  /// f(shard) added over the shards.
  template <class F>
  std::uint64_t sum(F f) const {
    std::uint64_t n = 0;
    for (const auto& s : shards_) n += f(*s);
    return n;
  }
  std::vector<std::unique_ptr<Shard>> shards_;
  std::vector<unsigned> shard_of_node_;
  std::uint64_t created_packets_ = 0, created_flits_ = 0;
  std::uint64_t counted_later_ = 0;  ///< unicast packets count_created() counted
  // per-creation scratch: a worm's destinations and skipped flits by shard
  std::vector<std::vector<NodeId>> worm_destinations_;
  std::vector<std::vector<unsigned>> worm_skipped_;
};

}  // namespace wormsim
