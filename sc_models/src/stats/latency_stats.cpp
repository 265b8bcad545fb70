#include <wormsim/stats/latency_stats.h>

#include <algorithm>
#include <map>

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
    for (auto& [len, v] : by) out.emplace_back(std::to_string(len), summarise(v));
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
    out.emplace_back(std::to_string(from) + "-" + std::to_string(to), summarise(v));
  }
  return out;
}

namespace {

// Each distinct latency of `v` and how many times it occurs, ascending:
// counted in an array over their range where it is narrow (a few times the
// list's length, or under 64 K cycles), else from a sorted copy.
std::vector<std::pair<std::uint64_t, std::uint64_t>> count_each(const std::vector<std::uint64_t>& v) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> h;
  if (v.empty()) return h;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  if (*hi - *lo < 4 * std::uint64_t{v.size()} + 65536) {
    std::vector<std::uint64_t> counts(*hi - *lo + 1, 0);
    for (std::uint64_t x : v) ++counts[x - *lo];
    for (std::size_t i = 0; i < counts.size(); ++i)
      if (counts[i] != 0) h.emplace_back(*lo + i, counts[i]);
    return h;
  }
  std::vector<std::uint64_t> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  for (std::uint64_t x : sorted) {
    if (h.empty() || h.back().first != x) h.emplace_back(x, 0);
    ++h.back().second;
  }
  return h;
}

}  // namespace

std::vector<std::pair<std::uint64_t, std::uint64_t>> LatencyStats::histogram() const { return count_each(latencies_); }

LatencySummary summarise(const std::vector<std::uint64_t>& v) {
  LatencySummary s;
  s.packets = v.size();
  if (v.empty()) return s;
  const auto h = count_each(v);
  std::uint64_t sum = 0;
  for (const auto& [latency, n] : h) sum += latency * n;
  s.average = static_cast<double>(sum) / static_cast<double>(v.size());
  s.min = h.front().first;
  s.max = h.back().first;
  // Nearest-rank percentiles: the latency at 0-based rank k of the sorted list.
  auto rank = [&](double q) {
    const std::size_t r = static_cast<std::size_t>(q * static_cast<double>(v.size()) + 0.999999);
    return std::min(v.size(), std::max<std::size_t>(r, 1)) - 1;
  };
  auto at_rank = [&](std::size_t k) {
    std::uint64_t below = 0;  // latencies before the current one
    for (const auto& [latency, n] : h) {
      below += n;
      if (below > k) return latency;
    }
    return h.back().first;
  };
  s.p50 = at_rank(rank(0.50));
  s.p99 = at_rank(rank(0.99));
  return s;
}

}  // namespace wormsim
