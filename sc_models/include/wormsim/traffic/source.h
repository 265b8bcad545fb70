// Packet sources: what creates the packets of a run. A synthetic source
// (TrafficSource) combines a destination pattern (pattern.h), an injection
// process (injection.h) and packet lengths (packet_lengths.h), each node with
// its own random stream derived from the seed; a trace source (trace.h)
// replays a file. Packets of a cycle are handed out in node order (trace:
// file order within a cycle).
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
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
  /// The first of `n` consecutive ids.
  std::uint64_t take_ids(std::uint64_t n) {
    const std::uint64_t first = next_id_;
    next_id_ += n;
    return first;
  }
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
  /// (< lanes). One lane by default. Again between phases (the lanes cut
  /// again): the packets of the last two phases move to their sources'
  /// lanes, and any number of lanes may follow.
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

  // Hand-over in the lanes (no serial work per packet): in each evaluation
  // (a phase), lane k first calls start_lane(k) and hand_over(k, mine, f),
  // then evaluates, then creates its packets with create_lane(k, cycle);
  // after the phase, close_phase() once (serially). hand_over gives f each
  // packet the lanes created in the phase before whose source is `mine`,
  // with the id emit_lanes() would have given it (its rank in node order
  // among that phase's packets, after the packets of earlier phases), so
  // the run does not depend on the lanes.

  /// Lane `lane`'s packets of the phase two back (handed over in the last
  /// one) are forgotten.
  void start_lane(unsigned lane);
  /// Calls f(packet) for every packet of the last phase, of every lane,
  /// whose source `mine(source)` is true, id given; lanes may call it at
  /// once.
  template <class Mine, class F>
  void hand_over(unsigned lane, Mine&& mine, F&& f);
  /// Creates the packets of `cycle` of lane `lane`'s nodes for the next
  /// phase's hand-over.
  void create_lane(unsigned lane, Cycle cycle);
  struct PhaseCount {
    std::uint64_t packets = 0, flits = 0;
  };
  /// Ends a phase: its packets get their ids; returns how many it created.
  PhaseCount close_phase();
  /// Packets created in the last closed phase: handed over in the next.
  std::uint64_t awaiting_hand_over() const { return awaiting_; }

 private:
  struct alignas(kLaneLine) Lane {  // written by its lane alone
    explicit Lane(EventCalendar calendar) : events(std::move(calendar)) {}
    EventCalendar events;          ///< its nodes' next injection events
    std::vector<Packet> created;  ///< this cycle's, without ids
    /// create_lane(): the packets of the phase filled (fill_) and of the
    /// one before, without ids, in node order; flits of each.
    std::vector<Packet> made[2];
    std::uint64_t made_flits[2] = {0, 0};
    std::vector<std::uint32_t> below;  ///< hand_over(): per word, packets in words before
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
  /// Hand-over in the lanes: a bit per node that created a packet, per
  /// phase parity (set and cleared by the nodes' lanes, atomically: lanes
  /// share words); the first id of each parity's phase; the parity filled.
  std::unique_ptr<std::atomic<std::uint64_t>[]> made_by_[2];
  std::size_t words_ = 0;
  std::uint64_t first_id_[2] = {0, 0};
  unsigned fill_ = 0;
  std::uint64_t awaiting_ = 0;
};

template <class Mine, class F>
void TrafficSource::hand_over(unsigned lane, Mine&& mine, F&& f) {
  if (awaiting_ == 0) return;
  const unsigned last = fill_ ^ 1u;
  const std::atomic<std::uint64_t>* made_by = made_by_[last].get();
  // Ranks in node order: the packets of the words before each word.
  std::vector<std::uint32_t>& below = lanes_[lane].below;
  below.resize(words_);
  std::uint32_t n = 0;
  for (std::size_t w = 0; w < words_; ++w) {
    below[w] = n;
    n += static_cast<std::uint32_t>(__builtin_popcountll(made_by[w].load(std::memory_order_relaxed)));
  }
  for (const Lane& from : lanes_)
    for (const Packet& made : from.made[last]) {
      if (!mine(made.src)) continue;
      Packet p = made;
      const std::size_t w = p.src / 64;
      const std::uint64_t lower = made_by[w].load(std::memory_order_relaxed) & ((1ull << (p.src % 64)) - 1);
      p.id = first_id_[last] + below[w] + static_cast<std::uint64_t>(__builtin_popcountll(lower));
      f(p);
    }
}

}  // namespace wormsim
