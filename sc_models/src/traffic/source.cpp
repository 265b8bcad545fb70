#include <wormsim/traffic/source.h>

#include <algorithm>
#include <stdexcept>

namespace wormsim {

TrafficSource::TrafficSource(const SourceConfig& config, std::unique_ptr<TrafficPattern> pattern,
                             std::size_t nodes)
    : cfg_(config), pattern_(std::move(pattern)) {
  lanes_.emplace_back(EventCalendar(0, static_cast<NodeId>(nodes == 0 ? 0 : nodes - 1)));
  InjectionConfig ic = cfg_.injection;
  ic.mean_length = cfg_.lengths.mean();
  ic.packet_rate = cfg_.rate / ic.mean_length;
  injection_ = make_injection(ic, nodes);
  rngs_.reserve(nodes);
  for (std::size_t n = 0; n < nodes; ++n) {
    rngs_.emplace_back(cfg_.seed, n + 1);
    const Cycle first = injection_->next(static_cast<NodeId>(n), 0, rngs_.back());
    if (first < InjectionProcess::kNever) lanes_[0].events.push(first, static_cast<NodeId>(n));
  }
}

void TrafficSource::set_lanes(const std::vector<unsigned>& lane_of_node, unsigned lanes) {
  if (lanes == 0 || lane_of_node.size() != rngs_.size())
    throw std::invalid_argument("TrafficSource::set_lanes: one lane per node, at least one lane");
  ranges_ = true;
  for (std::size_t n = 0; n < lane_of_node.size(); ++n) {
    if (lane_of_node[n] >= lanes) throw std::invalid_argument("TrafficSource::set_lanes: a lane past the last");
    if (n > 0 && lane_of_node[n] < lane_of_node[n - 1]) ranges_ = false;
  }
  std::vector<std::pair<Cycle, NodeId>> all;
  for (const Lane& lane : lanes_)
    if (!lane.created.empty()) throw std::logic_error("TrafficSource::set_lanes: packets not emitted");
  std::vector<Lane> old;
  old.swap(lanes_);
  for (Lane& lane : old) lane.events.for_each([&all](Cycle at, NodeId n) { all.emplace_back(at, n); });
  // The packets of the last two phases go to their sources' lanes as cut
  // now (any lane hands every packet over; the maker forgets its own): a
  // node's bit in made_by_ is then set (create_lane) and cleared
  // (start_lane) by one lane alone, which does both in order, however the
  // lanes' phases interleave.
  std::vector<Packet> made[2];
  for (unsigned b = 0; b < 2; ++b) {
    for (Lane& lane : old) made[b].insert(made[b].end(), lane.made[b].begin(), lane.made[b].end());
    std::sort(made[b].begin(), made[b].end(), [](const Packet& x, const Packet& y) { return x.src < y.src; });
  }
  // Each lane's calendar spans its nodes.
  std::vector<NodeId> first(lanes, static_cast<NodeId>(lane_of_node.size())), last(lanes, 0);
  for (std::size_t n = 0; n < lane_of_node.size(); ++n) {
    first[lane_of_node[n]] = std::min(first[lane_of_node[n]], static_cast<NodeId>(n));
    last[lane_of_node[n]] = std::max(last[lane_of_node[n]], static_cast<NodeId>(n));
  }
  for (unsigned k = 0; k < lanes; ++k) lanes_.emplace_back(EventCalendar(std::min(first[k], last[k]), last[k]));
  for (const auto& [at, n] : all) lanes_[lane_of_node[n]].events.push(at, n);
  for (unsigned b = 0; b < 2; ++b)
    for (const Packet& p : made[b]) {
      Lane& lane = lanes_[lane_of_node[p.src]];
      lane.made[b].push_back(p);
      lane.made_flits[b] += p.length;
    }
  if (words_ == 0) {
    words_ = rngs_.size() / 64 + 1;
    for (auto& bits : made_by_) {
      bits = std::make_unique<std::atomic<std::uint64_t>[]>(words_);
      for (std::size_t w = 0; w < words_; ++w) bits[w].store(0, std::memory_order_relaxed);
    }
  }
}

void TrafficSource::start_lane(unsigned lane) {
  Lane& l = lanes_[lane];
  std::atomic<std::uint64_t>* made_by = made_by_[fill_].get();
  for (const Packet& p : l.made[fill_])
    made_by[p.src / 64].fetch_and(~(1ull << (p.src % 64)), std::memory_order_relaxed);
  l.made[fill_].clear();
  l.made_flits[fill_] = 0;
}

void TrafficSource::create_lane(unsigned lane, Cycle cycle) {
  Lane& l = lanes_[lane];
  std::atomic<std::uint64_t>* made_by = made_by_[fill_].get();
  take_due(l, cycle, [&](const Packet& p) {
    l.made[fill_].push_back(p);
    l.made_flits[fill_] += p.length;
    made_by[p.src / 64].fetch_or(1ull << (p.src % 64), std::memory_order_relaxed);
  });
}

TrafficSource::PhaseCount TrafficSource::close_phase() {
  PhaseCount count;
  for (const Lane& l : lanes_) {
    count.packets += l.made[fill_].size();
    count.flits += l.made_flits[fill_];
  }
  first_id_[fill_] = take_ids(count.packets);
  awaiting_ = count.packets;
  fill_ ^= 1u;
  return count;
}

Cycle TrafficSource::next_event(Cycle cycle) const {
  if (!enabled_) return kNoEvent;
  Cycle next = kNoEvent;
  for (const Lane& lane : lanes_) next = std::min(next, lane.events.earliest());
  return next == kNoEvent ? kNoEvent : std::max(cycle, next);
}

template <class Sink>
void TrafficSource::take_due(Lane& l, Cycle cycle, Sink&& sink) {
  l.events.take_due(cycle, [&](NodeId src) {
    Rng& rng = rngs_[src];
    if (enabled_) {
      if (auto dst = pattern_->destination(src, rng)) {
        const unsigned length = cfg_.lengths.draw(rng);
        sink(Packet{0, src, *dst, static_cast<std::uint16_t>(length), cycle, 0, {}});
      }
    }
    const Cycle next = injection_->next(src, cycle + 1, rng);
    if (next < InjectionProcess::kNever) l.events.push(next, src);
  });
}

void TrafficSource::generate_lane(unsigned lane, Cycle cycle) {
  Lane& l = lanes_[lane];
  take_due(l, cycle, [&l](const Packet& p) { l.created.push_back(p); });
}

void TrafficSource::emit_lanes(const std::function<void(const Packet&)>& emit) {
  if (ranges_) {
    for (Lane& lane : lanes_) {
      for (Packet& p : lane.created) {
        p.id = take_id();
        emit(p);
      }
      lane.created.clear();
    }
    return;
  }
  // Blocks: the packets by source node (a node creates at most one a
  // cycle), read back in node order: linear in the packets and the words of
  // the node range they span, whatever the number of lanes.
  if (by_source_.size() != rngs_.size()) {
    by_source_.assign(rngs_.size(), nullptr);
    created_.assign(rngs_.size() / 64 + 1, 0);
  }
  std::size_t first = created_.size(), last = 0;
  for (Lane& lane : lanes_)
    for (Packet& p : lane.created) {
      const std::size_t w = p.src / 64;
      by_source_[p.src] = &p;
      created_[w] |= 1ull << (p.src % 64);
      first = std::min(first, w);
      last = std::max(last, w);
    }
  for (std::size_t w = first; w <= last && first < created_.size(); ++w) {
    for (std::uint64_t bits = created_[w]; bits; bits &= bits - 1) {
      Packet& p = *by_source_[w * 64 + static_cast<unsigned>(__builtin_ctzll(bits))];
      p.id = take_id();
      emit(p);
    }
    created_[w] = 0;
  }
  for (Lane& lane : lanes_) lane.created.clear();
}

void TrafficSource::generate(Cycle cycle, const std::function<void(const Packet&)>& emit) {
  if (lanes() == 1) {  // straight to emit, in node order
    take_due(lanes_[0], cycle, [&](Packet p) {
      p.id = take_id();
      emit(p);
    });
    return;
  }
  for (unsigned lane = 0; lane < lanes(); ++lane) generate_lane(lane, cycle);
  emit_lanes(emit);
}

}  // namespace wormsim
