// Bernoulli packet source for every node: in each cycle a node creates a
// packet with probability rate / packet_length (rate in flits/node/cycle).
// The gaps between creations are drawn as geometric variables, which is the
// same process, so idle nodes cost nothing. Each node has its own random
// stream derived from the seed.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <queue>
#include <vector>

#include <wormsim/core/rng.h>
#include <wormsim/ni/packet.h>
#include <wormsim/traffic/pattern.h>

namespace wormsim {

struct SourceConfig {
  double rate = 0.1;            ///< offered load, flits/node/cycle, in (0, 1]
  unsigned packet_length = 4;  ///< flits per packet
  std::uint64_t seed = 1;
};

class TrafficSource {
 public:
  TrafficSource(const SourceConfig& config, std::unique_ptr<TrafficPattern> pattern,
                std::size_t nodes);

  /// Creates the packets of `cycle` (in node order) and hands each to `emit`.
  void generate(Cycle cycle, const std::function<void(const Packet&)>& emit);

  void set_enabled(bool on) { enabled_ = on; }
  bool enabled() const { return enabled_; }
  std::uint64_t packets_created() const { return next_id_; }

 private:
  /// Cycles to a node's next packet (geometric); kNever: none within 2^62.
  Cycle gap(Rng& rng) const;
  static constexpr Cycle kNever = Cycle{1} << 62;

  SourceConfig cfg_;
  std::unique_ptr<TrafficPattern> pattern_;
  double p_;
  std::vector<Rng> rngs_;
  using Event = std::pair<Cycle, NodeId>;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events_;
  std::uint64_t next_id_ = 0;
  bool enabled_ = true;
};

}  // namespace wormsim
