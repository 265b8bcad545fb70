#include <wormsim/stats/latency_stats.h>

#include <algorithm>
#include <map>
#include <numeric>

namespace wormsim {

void LatencyStats::on_created(const Packet& p) { on_created(p.created, 1, p.length); }

void LatencyStats::on_completed(const Packet& p, Cycle delivered) {
  if (in_window(p.created)) {
    latencies_.push_back(delivered - p.created);
    lengths_.push_back(p.length);
  }
}

void LatencyStats::merge_delivered(const LatencyStats& part) {
  latencies_.insert(latencies_.end(), part.latencies_.begin(), part.latencies_.end());
  lengths_.insert(lengths_.end(), part.lengths_.begin(), part.lengths_.end());
  window_flits_ += part.window_flits_;
}

LatencySummary LatencyStats::summary() const { return summarise(latencies_); }

std::vector<std::pair<std::string, LatencySummary>> LatencyStats::summary_by_length() const {
  std::map<unsigned, std::vector<std::uint64_t>> by;
  for (std::size_t i = 0; i < latencies_.size(); ++i) by[lengths_[i]].push_back(latencies_[i]);
  std::vector<std::pair<std::string, LatencySummary>> out;
  if (by.size() < 2) return out;
  if (by.size() <= 16) {
    for (auto& [len, v] : by) out.emplace_back(std::to_string(len), summarise(std::move(v)));
    return out;
  }
  const unsigned lo = by.begin()->first, hi = by.rbegin()->first;
  const unsigned width = (hi - lo) / 8 + 1;
  std::map<unsigned, std::vector<std::uint64_t>> bins;
  for (auto& [len, v] : by) {
    auto& bin = bins[(len - lo) / width];
    bin.insert(bin.end(), v.begin(), v.end());
  }
  for (auto& [b, v] : bins) {
    const unsigned from = lo + b * width, to = std::min(hi, from + width - 1);
    out.emplace_back(std::to_string(from) + "-" + std::to_string(to), summarise(std::move(v)));
  }
  return out;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> LatencyStats::histogram() const {
  std::map<std::uint64_t, std::uint64_t> h;
  for (std::uint64_t l : latencies_) ++h[l];
  return {h.begin(), h.end()};
}

LatencySummary summarise(std::vector<std::uint64_t> v) {
  LatencySummary s;
  s.packets = v.size();
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  const double sum = std::accumulate(v.begin(), v.end(), 0.0);
  s.average = sum / static_cast<double>(v.size());
  // nearest-rank percentiles
  auto rank = [&](double q) {
    std::size_t r = static_cast<std::size_t>(q * static_cast<double>(v.size()) + 0.999999);
    return v[std::min(v.size(), std::max<std::size_t>(r, 1)) - 1];
  };
  s.p50 = rank(0.50);
  s.p99 = rank(0.99);
  s.min = v.front();
  s.max = v.back();
  return s;
}

}  // namespace wormsim
