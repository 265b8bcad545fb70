#include <wormsim/stats/latency_stats.h>

#include <algorithm>
#include <numeric>

namespace wormsim {

void LatencyStats::on_created(const Packet& p) {
  if (in_window(p.created)) {
    ++measured_created_;
    window_created_flits_ += p.length;
  }
}

void LatencyStats::on_completed(const Packet& p, Cycle delivered) {
  if (in_window(p.created)) latencies_.push_back(delivered - p.created);
}

LatencySummary LatencyStats::summary() const {
  LatencySummary s;
  s.packets = latencies_.size();
  if (latencies_.empty()) return s;
  std::vector<std::uint64_t> v = latencies_;
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
