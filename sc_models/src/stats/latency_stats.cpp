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

namespace {

// The least and greatest of a non-empty list, and its sum.
struct Span {
  std::uint64_t lo = ~std::uint64_t{0}, hi = 0, sum = 0;
};
Span span_of(const std::vector<std::uint64_t>& v) {
  Span s;
  for (std::uint64_t x : v) {
    s.lo = std::min(s.lo, x);
    s.hi = std::max(s.hi, x);
    s.sum += x;
  }
  return s;
}

// Latencies lie in a narrow range (a few times the packets, or less than
// 64 K cycles wide): counted in an array over it instead of sorted.
bool countable(const Span& s, std::size_t n) { return s.hi - s.lo < 4 * std::uint64_t{n} + 65536; }

std::vector<std::uint64_t> counts_over(const std::vector<std::uint64_t>& v, const Span& s) {
  std::vector<std::uint64_t> counts(s.hi - s.lo + 1, 0);
  for (std::uint64_t x : v) ++counts[x - s.lo];
  return counts;
}

}  // namespace

std::vector<std::pair<std::uint64_t, std::uint64_t>> LatencyStats::histogram() const {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> h;
  if (latencies_.empty()) return h;
  const Span s = span_of(latencies_);
  if (countable(s, latencies_.size())) {
    const std::vector<std::uint64_t> counts = counts_over(latencies_, s);
    for (std::size_t i = 0; i < counts.size(); ++i)
      if (counts[i] != 0) h.emplace_back(s.lo + i, counts[i]);
    return h;
  }
  std::vector<std::uint64_t> v = latencies_;
  std::sort(v.begin(), v.end());
  for (std::uint64_t x : v) {
    if (h.empty() || h.back().first != x) h.emplace_back(x, 0);
    ++h.back().second;
  }
  return h;
}

LatencySummary summarise(std::vector<std::uint64_t> v) {
  LatencySummary s;
  s.packets = v.size();
  if (v.empty()) return s;
  const Span span = span_of(v);
  s.average = static_cast<double>(span.sum) / static_cast<double>(v.size());
  s.min = span.lo;
  s.max = span.hi;
  // Nearest-rank percentiles: the latency at 0-based rank k of the sorted list.
  auto rank = [&](double q) {
    const std::size_t r = static_cast<std::size_t>(q * static_cast<double>(v.size()) + 0.999999);
    return std::min(v.size(), std::max<std::size_t>(r, 1)) - 1;
  };
  const std::size_t k50 = rank(0.50), k99 = rank(0.99);
  if (countable(span, v.size())) {
    const std::vector<std::uint64_t> counts = counts_over(v, span);
    std::uint64_t below = 0;  // latencies under lo + i
    bool found50 = false;
    for (std::size_t i = 0; i < counts.size(); ++i) {
      below += counts[i];
      if (!found50 && below > k50) {
        s.p50 = span.lo + i;
        found50 = true;
      }
      if (below > k99) {
        s.p99 = span.lo + i;
        break;
      }
    }
    return s;
  }
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k50), v.end());
  s.p50 = v[k50];
  std::nth_element(v.begin() + static_cast<std::ptrdiff_t>(k50), v.begin() + static_cast<std::ptrdiff_t>(k99), v.end());
  s.p99 = v[k99];
  return s;
}

}  // namespace wormsim
