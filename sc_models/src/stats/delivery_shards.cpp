#include <wormsim/stats/delivery_shards.h>

#include <stdexcept>

namespace wormsim {

DeliveryShards::Shard::Shard(Cycle start, Cycle end) {
  stats.set_window(start, end);
  board.set_completion_handler([this](const Packet& p, Cycle delivered) { stats.on_completed(p, delivered); });
}

DeliveryShards::DeliveryShards(unsigned shards, std::vector<unsigned> shard_of_node, Cycle window_start,
                               Cycle window_end)
    : shard_of_node_(std::move(shard_of_node)), worm_destinations_(shards), worm_skipped_(shards) {
  for (unsigned k = 0; k < shards; ++k) shards_.push_back(std::make_unique<Shard>(window_start, window_end));
}

void DeliveryShards::open(const Packet& p) { shards_[shard_of_node_[p.dst]]->board.open_injected(p); }

void DeliveryShards::on_created(const Packet& p, const std::vector<NodeId>& destinations,
                                const std::vector<unsigned>& skipped) {
  for (unsigned k = 0; k < size(); ++k) {
    worm_destinations_[k].clear();
    worm_skipped_[k].clear();
  }
  for (std::size_t i = 0; i < destinations.size(); ++i) {
    const unsigned k = shard_of_node_[destinations[i]];
    worm_destinations_[k].push_back(destinations[i]);
    worm_skipped_[k].push_back(i < skipped.size() ? skipped[i] : 0u);
  }
  for (unsigned k = 0; k < size(); ++k)
    if (!worm_destinations_[k].empty()) shards_[k]->board.on_created(p, worm_destinations_[k], worm_skipped_[k]);
  ++created_packets_;
  created_flits_ += p.length;
}

std::uint64_t DeliveryShards::delivered_packets() const {
  return sum([](const Shard& s) { return s.board.delivered_packets(); });
}

std::uint64_t DeliveryShards::delivered_flits() const {
  return sum([](const Shard& s) { return s.board.delivered_flits(); });
}

std::size_t DeliveryShards::outstanding_packets() const {
  const std::uint64_t open = sum([](const Shard& s) { return std::uint64_t{s.board.open_deliveries()}; });
  const std::uint64_t opened = sum([](const Shard& s) { return s.board.opened_injected(); });
  return open + counted_later_ - opened;  // deliveries open, and packets still in their source queues
}

std::uint64_t DeliveryShards::measured_delivered() const {
  return sum([](const Shard& s) { return s.stats.measured_delivered(); });
}

void DeliveryShards::merge_into(LatencyStats& stats) const {
  for (const auto& s : shards_) stats.merge_delivered(s->stats);
}

void DeliveryShards::rehome(const std::vector<unsigned>& shard_of_node) {
  if (shard_of_node.size() != shard_of_node_.size()) throw std::invalid_argument("DeliveryShards::rehome: one shard per node");
  for (unsigned k : shard_of_node)
    if (k >= shards_.size()) throw std::invalid_argument("DeliveryShards::rehome: a shard past the last");
  for (const auto& shard : shards_)
    shard->board.hand_over([&](NodeId n) { return &shards_[shard_of_node[n]]->board; });
  shard_of_node_ = shard_of_node;
}

}  // namespace wormsim
