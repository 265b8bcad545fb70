// One simulation run in BookSim's latency mode: warm-up, measurement window,
// drain (injection goes on until every packet created in the window is
// delivered), then flush (injection stops, the rest of the traffic drains so
// the scoreboard can prove every packet arrived). A no-progress watchdog ends
// the run if flits are outstanding and none moves for `watchdog` cycles.
#pragma once
#include <memory>
#include <optional>
#include <unordered_map>
#include <string>

#include <stdexcept>

#include <wormsim/deadlock/channel_dependency.h>
#include <wormsim/deadlock/wait_for.h>
#include <wormsim/network/lane_balancer.h>
#include <wormsim/network/network.h>
#include <wormsim/sim/results.h>
#include <wormsim/sim/network_setup.h>
#include <wormsim/sim/scenario.h>
#include <wormsim/stats/delivery_shards.h>
#include <wormsim/stats/latency_stats.h>
#include <wormsim/stats/scoreboard.h>
#include <wormsim/traffic/source.h>

namespace wormsim {

class Simulation : public DeliveryObserver {
 public:
  /// Validates and builds; throws ConfigError on bad input and, unless
  /// scenario.deadlock_check is off, StaticDeadlockError if the channel
  /// dependency graph of the routing has a cycle.
  /// `resolved`: see setup_network.
  explicit Simulation(const Scenario& scenario, const ResolvedHook& resolved = {});

  /// Simulates one clock cycle: tick_evaluate() then tick_commit().
  void tick();
  /// The two halves of a cycle, for benches that put other clocked models
  /// (the verilated RTL) in the fabric: every component computes and writes
  /// its link inputs; then the clock edge of every link and the phase logic.
  void tick_evaluate();
  void tick_commit();
  bool done() const { return phase_ == Phase::Done; }
  /// Ends the run now (Ctrl-C): results() reports what was measured so far,
  /// marked interrupted.
  void interrupt();
  bool interrupted() const { return interrupted_; }
  /// "warm-up", "measure", "drain", "flush" or "done", for progress lines.
  const char* phase_name() const;
  /// Cycle at which the measurement window ends (drain time comes on top).
  Cycle window_end() const { return window_end_; }
  Cycle cycle() const { return cycle_; }

  /// Fast-forwards over cycles in which nothing can happen: when the fabric
  /// is quiescent, no packet is outstanding or queued by hand, and the
  /// source's next event lies ahead, the cycle jumps to that event or to the
  /// next phase boundary (warm-up end, window end), whichever is first, with
  /// exactly the state the idle ticks would have left. Returns the cycles
  /// skipped (0 when something can happen now). Results are identical with
  /// and without it. `horizon`: a cycle the caller has work at (packets it
  /// will inject by hand); the jump stops there.
  Cycle skip_idle(Cycle horizon = PacketSource::kNoEvent);

  /// Runs tick() until done, without a SystemC kernel (tests); skips idle
  /// cycles unless `skip_idle` is false.
  void run_plain(bool skip_idle = true);

  Results results(double wall_seconds) const;
  /// What each set-up step cost: those of setup_network, then the fabric.
  const std::vector<SetupStep>& setup_steps() const { return setup_steps_; }

  Network& network() { return *network_; }
  /// The lanes' cuts by measured work so far (network/lane_balancer.h);
  /// none with one thread.
  std::vector<LaneRecut> lane_recuts() const { return balancer_ ? balancer_->recuts() : std::vector<LaneRecut>{}; }
  const Scenario& scenario() const { return scenario_; }
  const Topology& topology() const { return *topology_; }
  /// Deliveries created and not yet complete (a worm: one per destination).
  std::size_t outstanding_packets() const {
    return shards_ ? shards_->outstanding_packets() : scoreboard_.outstanding_packets();
  }
  /// Deliveries complete (a worm: one per destination reached).
  std::uint64_t delivered_packets() const {
    return shards_ ? shards_->delivered_packets() : scoreboard_.delivered_packets();
  }
  /// Adds a packet by hand, created in the coming cycle exactly as if the
  /// traffic source had generated it then (tests, examples).
  /// Returns the packet's id.
  std::uint64_t inject(NodeId src, NodeId dst, unsigned length);
  /// Adds a multi-destination worm the same way: `payload` flits plus the
  /// header flits its form needs; delivered to every destination in order.
  /// Throws ConfigError("consumption") if the per-class policy has fewer than
  /// two consumption channels to work with.
  std::uint64_t inject_worm(NodeId src, WormRoute route, unsigned payload);
  const WormTable& worms() const { return worms_; }
  /// Fills f.worm and f.hop from f.packet and f.dst for a flit of a worm this
  /// simulation injected (flits that crossed a router that does not carry
  /// them, such as the RTL); false for unicast packets.
  bool resolve_worm(Flit& f) const;
  /// Called once per packet when its tail is delivered (after the scoreboard
  /// has checked it), with the delivery cycle, from the calling thread and
  /// in lane order. Before the first packet is created (std::logic_error
  /// after): with several threads, deliveries are then replayed on the
  /// calling thread instead of checked by each lane.
  void on_packet_delivered(Scoreboard::CompletionHandler listener);
  /// Lets the source stop creating packets from now on.
  void stop_traffic() { source_->set_enabled(false); }

 private:
  enum class Phase { Warmup, Measure, Drain, Flush, Done };

  void on_delivered(const Flit& flit, NodeId node, unsigned channel, Cycle cycle) override;
  /// A unicast packet's delivery opens as it leaves its source queue (a
  /// worm's deliveries open when it is created).
  void on_injected(const Packet& packet) override;

  void create(const Packet& p);
  /// A packet of the traffic source: created, unless its node's bounded
  /// source queue is full.
  void offer(const Packet& p);
  /// The links' and routers' counters at one instant (window start or end).
  struct Counters {
    std::vector<std::uint64_t> links;  ///< flits carried, per network link
    std::vector<RouterCounts> routers;
  };
  void snapshot_links(Counters& into) const;
  void advance_phase();
  std::string stuck_report() const;
  /// Measured packets not yet delivered.
  std::uint64_t measured_outstanding() const {
    return stats_.measured_outstanding() - (shards_ ? shards_->measured_delivered() : 0);
  }

  Scenario scenario_;
  std::unique_ptr<Topology> topology_;
  std::unique_ptr<RoutingFunction> routing_;
  /// With one thread, or a settle rule (which reads deliveries as they
  /// come): every delivery is checked by scoreboard_ and measured by stats_.
  /// With several: by the lanes' shards_, and stats_ keeps the created side.
  Scoreboard scoreboard_;
  LatencyStats stats_;
  std::unique_ptr<DeliveryShards> shards_;
  WormTable worms_;
  std::unordered_map<std::uint64_t, std::uint32_t> worm_of_packet_;
  std::unique_ptr<Network> network_;
  std::unique_ptr<PacketSource> source_;
  /// source_ when its lanes create the packets in the network's evaluation
  /// (several threads, a synthetic source); null otherwise.
  TrafficSource* lane_source_ = nullptr;
  /// With lane_source_ and shards_: the source's packets of the last cycle,
  /// counted, that their sources' lanes queue at their interfaces in the
  /// next cycle's evaluation (queue_pending).
  std::vector<Packet> pending_;
  void queue_pending(unsigned lane);
  /// With lane_source_ and shards_ and no source queue limit: the lanes
  /// give the packets their ids and hand them over themselves
  /// (TrafficSource::hand_over), and a cycle's serial work is a count per
  /// lane, not per packet; pending_ stays empty.
  bool hand_over_ = false;
  void hand_over(unsigned lane);
  /// With several lanes: cuts them again by measured work when balancer_
  /// says so, moving the source's streams and the delivery shards along.
  void rebalance();
  std::unique_ptr<LaneBalancer> balancer_;
  std::unique_ptr<DeadlockDetector> deadlock_detector_;  ///< made at the first runtime check
  Phase phase_ = Phase::Warmup;
  Cycle cycle_ = 0;
  Cycle skipped_ = 0;  ///< idle cycles fast-forwarded so far
  Cycle window_end_ = 0, drain_end_ = 0;
  std::uint64_t suppressed_packets_ = 0, suppressed_flits_ = 0, window_suppressed_flits_ = 0;
  std::uint64_t last_moves_ = 0;
  Cycle last_progress_ = 0;
  bool deadlock_ = false;
  bool interrupted_ = false;
  std::optional<Settle> settle_;  ///< the settle rule, when the scenario has one
  bool unstable_ = false;         ///< the settle rule's latency limit ended the run
  std::string deadlock_kind_, deadlock_text_;
  DependencyVerdict verdict_;
  std::vector<SetupStep> setup_steps_;
  std::uint64_t manual_ids_ = 1ull << 62;
  std::vector<Packet> manual_;
  Scoreboard::CompletionHandler listener_;
  Counters links_at_start_, links_at_end_;
};

}  // namespace wormsim
