// Trace-driven traffic: a text file of packets, replayed as they are.
//
// Format: one packet per line, four fields separated by spaces or tabs:
//     cycle  source  destination  length
// cycle is the creation cycle (0-based), source and destination are node ids
// or router names as `wormsim topo` prints them (r1_2_3), length is 1 to
// 65535 flits. '#' starts a comment (whole line or after the fields); blank
// lines are skipped. Lines need not be sorted: packets are replayed in cycle
// order, lines of the same cycle in file order. A packet to its own source is
// refused (it would never enter the network).
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include <wormsim/traffic/source.h>

namespace wormsim {

struct TraceRecord {
  Cycle cycle = 0;
  NodeId src = 0, dst = 0;
  unsigned length = 1;
};

/// Reads and sorts a trace; throws ConfigError (field "trace") naming the
/// file and line of the first bad line.
std::vector<TraceRecord> read_trace(const std::string& path, const Topology& t);

class TraceSource : public PacketSource {
 public:
  explicit TraceSource(std::vector<TraceRecord> records) : records_(std::move(records)) {}
  void generate(Cycle cycle, const std::function<void(const Packet&)>& emit) override;
  Cycle next_event(Cycle cycle) const override {
    return next_ < records_.size() && enabled_ ? std::max(cycle, records_[next_].cycle) : kNoEvent;
  }
  /// Creation cycle of the last packet (0 for an empty trace).
  Cycle last_cycle() const { return records_.empty() ? 0 : records_.back().cycle; }
  std::size_t size() const { return records_.size(); }

 private:
  std::vector<TraceRecord> records_;
  std::size_t next_ = 0;
};

}  // namespace wormsim
