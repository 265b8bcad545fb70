// Packet latency and throughput over the measurement window: a packet is
// measured if it was created in [start, end); latency is the cycle its tail
// was delivered minus the cycle it was created.
#pragma once
#include <cstdint>
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

  /// Measured packets created but not yet delivered.
  std::uint64_t measured_outstanding() const { return measured_created_ - latencies_.size(); }
  std::uint64_t window_delivered_flits() const { return window_flits_; }
  std::uint64_t measured_created() const { return measured_created_; }
  /// Flits of the packets created in the window (what was offered there).
  std::uint64_t window_created_flits() const { return window_created_flits_; }
  LatencySummary summary() const;

 private:
  Cycle start_ = 0, end_ = 0;
  std::uint64_t measured_created_ = 0;
  std::uint64_t window_created_flits_ = 0;
  std::uint64_t window_flits_ = 0;
  std::vector<std::uint64_t> latencies_;
};

}  // namespace wormsim
