// Packet sources: what creates the packets of a run. A synthetic source
// (TrafficSource) combines a destination pattern (pattern.h), an injection
// process (injection.h) and packet lengths (packet_lengths.h), each node with
// its own random stream derived from the seed; a trace source (trace.h)
// replays a file. Packets of a cycle are handed out in node order (trace:
// file order within a cycle).
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include <wormsim/core/lane_owned.h>
#include <wormsim/core/rng.h>
#include <wormsim/traffic/event_calendar.h>
#include <wormsim/ni/packet.h>
#include <wormsim/traffic/injection.h>
#include <wormsim/traffic/packet_lengths.h>
#include <wormsim/traffic/pattern.h>

namespace wormsim {

class PacketSource {
 public:
  virtual ~PacketSource() = default;
  /// Creates the packets of `cycle` and hands each to `emit`.
  virtual void generate(Cycle cycle, const std::function<void(const Packet&)>& emit) = 0;
  /// Off: the source creates nothing from now on (a run switches it off for
  /// good, so its random streams are never read again).
  void set_enabled(bool on) { enabled_ = on; }
  bool enabled() const { return enabled_; }
  std::uint64_t packets_created() const { return next_id_; }
  /// The earliest cycle >= `cycle` at which generate() may do anything
  /// (create a packet or draw a random number); kNoEvent if never. Cycles
  /// before it may be skipped without changing a result.
  virtual Cycle next_event(Cycle cycle) const { return cycle; }
  static constexpr Cycle kNoEvent = ~Cycle{0};

 protected:
  std::uint64_t take_id() { return next_id_++; }
  bool enabled_ = true;

 private:
  std::uint64_t next_id_ = 0;
};

struct SourceConfig {
  double rate = 0.1;            ///< offered load, flits/node/cycle, in (0, 1]
  PacketLengths lengths{4};     ///< flits per packet
  /// The injection process and its settings; its packet rate and mean
  /// length are set from `rate` and `lengths`.
  InjectionConfig injection;
  std::uint64_t seed = 1;
};

class TrafficSource : public PacketSource {
 public:
  /// Throws ConfigError for an unknown injection process or bad burst.
  TrafficSource(const SourceConfig& config, std::unique_ptr<TrafficPattern> pattern, std::size_t nodes);
  /// generate_lane() for every lane, then emit_lanes().
  void generate(Cycle cycle, const std::function<void(const Packet&)>& emit) override;
  Cycle next_event(Cycle cycle) const override;

  /// Splits the nodes into lanes: node n's events go to lane lane_of_node[n]
  /// (< lanes). Before the first generate(); one lane by default.
  void set_lanes(const std::vector<unsigned>& lane_of_node, unsigned lanes);
  unsigned lanes() const { return static_cast<unsigned>(lanes_.size()); }
  /// Creates the packets of `cycle` of lane `lane`'s nodes and keeps them
  /// (no id yet). Lanes may run on different threads at once: each touches
  /// only its own nodes' streams and state.
  void generate_lane(unsigned lane, Cycle cycle);
  /// Hands the kept packets to `emit` in node order, each with the next id,
  /// as generate() would have in one pass (a node creates at most one
  /// packet a cycle, and each lane keeps its own in node order).
  void emit_lanes(const std::function<void(const Packet&)>& emit);

 private:
  struct alignas(kLaneLine) Lane {  // written by its lane alone
    EventCalendar events;          ///< its nodes' next injection events
    std::vector<Packet> created;  ///< this cycle's, without ids
  };
  SourceConfig cfg_;
  std::unique_ptr<TrafficPattern> pattern_;
  std::unique_ptr<InjectionProcess> injection_;
  std::vector<Rng> rngs_;
  /// Pops lane `l`'s events due by `cycle`: each packet created (no id yet)
  /// to sink(packet), each node's next event scheduled.
  template <class Sink>
  void take_due(Lane& l, Cycle cycle, Sink&& sink);
  std::vector<Lane> lanes_;
  bool ranges_ = true;  ///< lane k's nodes all below lane k+1's: lane order is node order
  /// emit_lanes() with blocks: per node the packet it created this cycle
  /// (valid where its bit of created_ is set), and a bit per node that
  /// created one (all 0 between calls).
  std::vector<Packet*> by_source_;
  std::vector<std::uint64_t> created_;
};

}  // namespace wormsim
