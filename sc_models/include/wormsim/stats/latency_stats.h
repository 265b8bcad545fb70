// Packet latency and throughput over the measurement window: a packet is
// measured if it was created in [start, end); latency is the cycle its tail
// was delivered minus the cycle it was created.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <wormsim/ni/packet.h>

namespace wormsim {

struct LatencySummary {
  std::uint64_t packets = 0;
  double average = 0;
  std::uint64_t p50 = 0, p99 = 0, max = 0, min = 0;
};

class LatencyStats {
 public:
  void set_window(Cycle start, Cycle end) { start_ = start; end_ = end; }
  bool in_window(Cycle c) const { return c >= start_ && c < end_; }

  void on_created(const Packet& p);
  void on_completed(const Packet& p, Cycle delivered);
  void on_flit_delivered(Cycle cycle) { if (in_window(cycle)) ++window_flits_; }
  /// on_created() for `packets` packets of `flits` flits in all, all
  /// created in cycle `created`.
  void on_created(Cycle created, std::uint64_t packets, std::uint64_t flits) {
    if (!in_window(created)) return;
    measured_created_ += packets;
    window_created_flits_ += flits;
  }

  /// Measured packets created but not yet delivered.
  std::uint64_t measured_outstanding() const { return measured_created_ - latencies_.size(); }
  /// Measured packets delivered (latencies recorded).
  std::uint64_t measured_delivered() const { return latencies_.size(); }
  /// Adds `part`'s delivered side (latencies, flits delivered in the window)
  /// to this one's: `part` saw other deliveries of the same run.
  void merge_delivered(const LatencyStats& part);
  std::uint64_t window_delivered_flits() const { return window_flits_; }
  std::uint64_t measured_created() const { return measured_created_; }
  /// Flits of the packets created in the window (what was offered there).
  std::uint64_t window_created_flits() const { return window_created_flits_; }
  LatencySummary summary() const;
  /// Latency per packet-length class of the measured packets, shortest first:
  /// one class per length when there are at most 16 lengths ("5"), else 8
  /// equal ranges ("1-8"). Empty when every packet had the same length.
  std::vector<std::pair<std::string, LatencySummary>> summary_by_length() const;
  /// (latency, packets) for every latency measured, in increasing latency.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> histogram() const;

 private:
  Cycle start_ = 0, end_ = 0;
  std::uint64_t measured_created_ = 0;
  std::uint64_t window_created_flits_ = 0;
  std::uint64_t window_flits_ = 0;
  std::vector<std::uint64_t> latencies_;
  std::vector<std::uint16_t> lengths_;  ///< of the packet of each latency
};

/// Average, percentiles, min and max of a list of latencies.
LatencySummary summarise(const std::vector<std::uint64_t>& latencies);

}  // namespace wormsim
