#include <wormsim/traffic/source.h>

namespace wormsim {

TrafficSource::TrafficSource(const SourceConfig& config, std::unique_ptr<TrafficPattern> pattern,
                             std::size_t nodes)
    : cfg_(config), pattern_(std::move(pattern)) {
  InjectionConfig ic;
  ic.name = cfg_.injection;
  ic.mean_length = cfg_.lengths.mean();
  ic.packet_rate = cfg_.rate / ic.mean_length;
  ic.burst = cfg_.burst;
  ic.burst_alpha = cfg_.burst_alpha;
  ic.burst_beta = cfg_.burst_beta;
  injection_ = make_injection(ic, nodes);
  rngs_.reserve(nodes);
  for (std::size_t n = 0; n < nodes; ++n) {
    rngs_.emplace_back(cfg_.seed, n + 1);
    const Cycle first = injection_->next(static_cast<NodeId>(n), 0, rngs_.back());
    if (first < InjectionProcess::kNever) events_.push(Event{first, static_cast<NodeId>(n)});
  }
}

void TrafficSource::generate(Cycle cycle, const std::function<void(const Packet&)>& emit) {
  while (!events_.empty() && events_.top().first <= cycle) {
    const NodeId src = events_.top().second;
    events_.pop();
    Rng& rng = rngs_[src];
    if (enabled_) {
      if (auto dst = pattern_->destination(src, rng)) {
        const unsigned length = cfg_.lengths.draw(rng);
        emit(Packet{take_id(), src, *dst, static_cast<std::uint16_t>(length), cycle, 0, {}});
      }
    }
    const Cycle next = injection_->next(src, cycle + 1, rng);
    if (next < InjectionProcess::kNever) events_.push(Event{next, src});
  }
}

}  // namespace wormsim
