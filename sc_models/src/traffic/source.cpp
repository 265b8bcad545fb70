#include <wormsim/traffic/source.h>

#include <cmath>

namespace wormsim {

TrafficSource::TrafficSource(const SourceConfig& config, std::unique_ptr<TrafficPattern> pattern,
                             std::size_t nodes)
    : cfg_(config), pattern_(std::move(pattern)), p_(config.rate / config.packet_length) {
  rngs_.reserve(nodes);
  for (std::size_t n = 0; n < nodes; ++n) {
    rngs_.emplace_back(cfg_.seed, n + 1);
    events_.push(Event{gap(rngs_.back()) - 1, static_cast<NodeId>(n)});
  }
}

Cycle TrafficSource::gap(Rng& rng) const {
  if (p_ >= 1.0) return 1;
  const double u = 1.0 - rng.uniform();  // (0, 1]
  return 1 + static_cast<Cycle>(std::floor(std::log(u) / std::log1p(-p_)));
}

void TrafficSource::generate(Cycle cycle, const std::function<void(const Packet&)>& emit) {
  while (!events_.empty() && events_.top().first <= cycle) {
    const NodeId src = events_.top().second;
    events_.pop();
    Rng& rng = rngs_[src];
    if (enabled_) {
      if (auto dst = pattern_->destination(src, rng)) {
        emit(Packet{next_id_++, src, *dst, static_cast<std::uint16_t>(cfg_.packet_length), cycle, 0, {}});
      }
    }
    events_.push(Event{cycle + gap(rng), src});
  }
}

}  // namespace wormsim
