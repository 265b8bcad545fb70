#include <wormsim/traffic/source.h>

#include <cmath>

namespace wormsim {

TrafficSource::TrafficSource(const SourceConfig& config, std::unique_ptr<TrafficPattern> pattern,
                             std::size_t nodes)
    : cfg_(config), pattern_(std::move(pattern)), p_(config.rate / config.packet_length) {
  rngs_.reserve(nodes);
  for (std::size_t n = 0; n < nodes; ++n) {
    rngs_.emplace_back(cfg_.seed, n + 1);
    const Cycle first = gap(rngs_.back());
    if (first < kNever) events_.push(Event{first - 1, static_cast<NodeId>(n)});
  }
}

Cycle TrafficSource::gap(Rng& rng) const {
  if (p_ >= 1.0) return 1;
  const double u = 1.0 - rng.uniform();  // (0, 1]
  const double g = std::floor(std::log(u) / std::log1p(-p_));
  // A gap past kNever (about 146 years of cycles at 1 GHz) is no packet at
  // all; converting a larger double to an integer would be undefined.
  return g < static_cast<double>(kNever) ? 1 + static_cast<Cycle>(g) : kNever;
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
    const Cycle next = gap(rng);
    if (next < kNever) events_.push(Event{cycle + next, src});
  }
}

}  // namespace wormsim
