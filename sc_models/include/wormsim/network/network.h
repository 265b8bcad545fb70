// The fabric as plain, clocked C++: one router and one network interface per
// node, wired by links exactly as the topology data says. One cycle is
// evaluate() (every active component computes and commits its own state and
// writes the link registers of the cycles its sends are seen in) followed by
// commit() (the clock edge: what pipelined links carry into the next cycle
// comes into view of its receivers).
// The SystemC module in fabric_module.h drives this from a clock.
//
// Threads (set_threads): the nodes are cut into one part per lane, the
// topology's spatial blocks (TopologyKind::lanes: sub-blocks of a mesh or
// torus, blocks of whole modules of 3PT, equal ranges of ids elsewhere), so
// that neighbours mostly share a lane and lanes seldom touch each other's
// memory; each cycle the active components of every lane are evaluated in
// parallel, and at the clock edge each lane commits the pipelined link
// directions its components drove. A component reads only registered state
// and writes only its own state and its links' registers of later cycles, so
// no two lanes write one object: an arrival for another lane's component (its
// arrival bit and wake-up) goes to a list from the sending lane to the
// receiving one, which sets both as it takes its components
// (ActivityList::arrive_in). Deliveries go to the lane's
// own observer (set_lane_observers), or are held per lane and replayed in
// lane order; the caller's per-lane work (set_lane_prework, set_lane_work: a
// simulation's packet creation and traffic generation) runs in the lanes'
// evaluation. Results are the same for any number of threads.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <wormsim/core/activity.h>
#include <wormsim/core/lane_owned.h>
#include <wormsim/core/link.h>
#include <wormsim/core/list_evaluation.h>
#include <wormsim/network/profile.h>
#include <wormsim/network/worker_pool.h>
#include <wormsim/ni/network_interface.h>
#include <wormsim/router/router.h>
#include <wormsim/routing/routing.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

struct NetworkConfig {
  RouterConfig router;             ///< network_ports is taken from the topology
  double eject_probability = 1.0;  ///< see NiConfig
  std::uint64_t seed = 1;          ///< seeds the ejection back-pressure streams
  const WormTable* worms = nullptr;  ///< multi-destination worms in flight (may stay null)
  /// Memory hints while evaluating (Component::prefetch): by the fabric's
  /// size (Network::kPrefetchMinBufferBytes; below it only the first lines
  /// of the component kLightAhead places on), or forced on or off (off:
  /// none at all). Never changes a result, only the speed.
  enum class MemoryHints { BySize, On, Off } memory_hints = MemoryHints::BySize;
  /// Dense evaluation with one thread (ActivityList::set_dense): by the
  /// share of components active (Network::kDenseEnterEighths, where the
  /// staged memory hints are off), always, or never. Never changes a
  /// result, only the speed.
  enum class DenseEvaluation { ByActivity, Always, Never } dense = DenseEvaluation::ByActivity;
  /// Routers whose cycle is compiled for their configuration's shape
  /// (Router::make); false: every router runs the general cycle. The
  /// results are the same.
  bool shaped_routers = true;
  /// Latency in cycles of the link leaving router n's network port p, at
  /// index n * topology.num_ports + p (1 to kMaxLinkLatency); empty: every
  /// link 1 cycle. Injection and ejection links are always 1 cycle.
  std::vector<unsigned> link_latency;
  /// Cycles a router takes to count a credit that reaches one of its
  /// outputs (network and ejection ports), beyond the link's latency
  /// (BookSim's credit_delay; 0: counted in the cycle it arrives).
  unsigned credit_delay = 0;
  /// Cycles a flit that wins a router's switch takes beyond its link (a
  /// longer switch traversal), on network and ejection ports; credits are
  /// not delayed.
  unsigned traversal_delay = 0;
  /// Threads the routers and interfaces are built on (each its block of
  /// nodes); nothing in the fabric depends on it.
  unsigned build_threads = 1;
};

/// The random stream of node n's ejection back-pressure (NiConfig), the same
/// in every fabric built from one seed.
inline Rng ni_eject_rng(std::uint64_t seed, NodeId n) { return Rng(seed, 0x10000000ull + n); }

class Network {
 public:
  Network(const Topology& topology, const RoutingFunction& routing, const NetworkConfig& config,
          DeliveryObserver& observer);

  ~Network();
  Network(const Network&) = delete;
  Network& operator=(const Network&) = delete;

  void evaluate(Cycle cycle);
  void commit();

  /// Evaluates with `threads` lanes (1 = on the calling thread only).
  /// Cycles with fewer than `min_active` active components per lane run on
  /// the calling thread. Not with stand-in routers (replace_router).
  void set_threads(unsigned threads, std::size_t min_active_per_lane = 64);
  unsigned threads() const { return pool_ ? pool_->lanes() : 1; }
  /// With several lanes, between cycles: node n (router and interface) to
  /// lane lane_of_node[n] from now on (a cut by measured work, `why`:
  /// network/lane_balancer.h; kept in the profile). Results do not change;
  /// the caller moves its own per-lane state (the source's streams, the
  /// delivery shards).
  void recut_lanes(const std::vector<unsigned>& lane_of_node, const LaneRecut& why);
  /// Changes at every cut of the lanes (set_threads, recut_lanes): per-lane
  /// state built from an earlier cut is stale.
  std::uint64_t lane_cut() const { return lane_cut_; }
  /// With several lanes: counts each node's work from now on, from 0
  /// (node_work()); with `timed`, also times each lane's evaluation in the
  /// phases the lanes share, from 0 (lane_seconds()).
  void measure_work(bool timed = false);
  void stop_measuring() {
    activity_.count_taken(false);
    timing_lanes_ = false;
  }
  /// Per lane: the wall time its thread spent evaluating the lane's
  /// components in shared phases since measure_work(true) (0 without it).
  std::vector<double> lane_seconds() const;
  /// The shared evaluate phases lane_seconds() was timed over.
  std::uint64_t timed_phases() const { return timed_phases_; }
  /// Each node's work since measure_work(): the evaluations of its router
  /// and interface, plus kFlitWork for every flit its router sent.
  std::vector<double> node_work() const;
  /// A flit crossing a router, in evaluations' worth of work (the ratio of
  /// their instruction counts: docs/measured.md, "Threads").
  static constexpr double kFlitWork = 4.5;
  /// The lane whose thread evaluates node n's network interface (and so
  /// reports its deliveries); 0 with one lane.
  unsigned lane_of_node(NodeId n) const { return activity_.lane_of(ni_slot(n)); }
  /// Runs job(lane) for every lane, on the lanes' threads (the pool's run():
  /// lane 0 on the calling thread), or job(0) alone with one lane. Between
  /// cycles: for work that reads the fabric lane by lane.
  /// Timed as a shared phase when profiling.
  void for_each_lane(const std::function<void(unsigned)>& job) const;
  /// After set_threads: the deliveries of lane k's nodes go straight to
  /// observers[k], from lane k's thread (one per lane), instead of being
  /// held and replayed to the observer in lane order; empty: replayed.
  void set_lane_observers(std::vector<DeliveryObserver*> observers) { deliveries_.set_direct(std::move(observers)); }
  /// After set_threads: work(lane, cycle) runs in each lane's evaluation of
  /// every cycle, after the lane's components, on the lane's thread (lanes
  /// at once); it may touch only what belongs to that lane. Empty: none.
  void set_lane_work(std::function<void(unsigned, Cycle)> work) { lane_work_ = std::move(work); }
  /// As set_lane_work(), but before the lane takes its components for the
  /// cycle: a component it wakes (its own lane's only) is evaluated in this
  /// cycle, as if woken in the serial part of the cycle before.
  void set_lane_prework(std::function<void(unsigned, Cycle)> work) { lane_prework_ = std::move(work); }
  /// Times every phase from now on (network/profile.h); after set_threads.
  /// With lanes, first times the pool's own hand-off
  /// (NetworkProfile::pool_handoff: kHandoffRuns empty jobs).
  void set_profile(bool on);
  static constexpr unsigned kHandoffRuns = 2000;
  /// The times so far; null unless set_profile(true).
  const NetworkProfile* profile() const { return profile_.get(); }

  const Topology& topology() const { return topology_; }
  std::size_t num_nodes() const { return routers_.size(); }
  /// Memory hints by size (NetworkConfig::MemoryHints::BySize): on where the
  /// flit buffers alone pass this (the threshold's measurements are in
  /// docs/measured.md).
  static constexpr std::size_t kPrefetchMinBufferBytes = std::size_t{16} << 20;
  /// True when evaluation runs with memory hints (the staged ones).
  bool prefetching() const { return prefetch_; }
  /// Below kPrefetchMinBufferBytes (by size): the evaluation asks for the
  /// first kLightLines lines of the component kLightAhead places on in the
  /// list, and for nothing else (the staged hints cost more than they save
  /// where the fabric mostly fits the caches; list_evaluation.h).
  /// True when evaluation runs with those first-line hints only.
  bool light_hints() const { return light_hints_; }
  /// Dense evaluation by activity: from a cycle that evaluates at least
  /// this many eighths of the components (routers and interfaces) on, every
  /// component is evaluated each cycle with no wake-ups recorded, until a
  /// probe finds fewer than kDenseLeaveEighths woken. Not with the staged
  /// hints (a fabric past the caches pays a miss for each idle component).
  static constexpr std::size_t kDenseEnterEighths = 6, kDenseLeaveEighths = 5;
  /// True while the cycle loop evaluates every component (one thread).
  bool dense() const { return activity_.dense(); }
  Router& router(NodeId n) { return *routers_[n]; }
  const Router& router(NodeId n) const { return *routers_[n]; }
  NetworkInterface& ni(NodeId n) { return *nis_[n]; }
  const NetworkInterface& ni(NodeId n) const { return *nis_[n]; }
  const std::vector<std::unique_ptr<Link>>& links() const { return links_; }
  /// Links between routers (excludes injection/ejection links).
  const std::vector<const Link*>& network_links() const { return network_links_; }
  std::uint64_t flit_moves() const { return committer_.flit_moves(); }
  /// True when no component is scheduled for the next cycle and no link
  /// needs the next clock edge: evaluate() and commit() would change nothing.
  bool quiescent() const { return !activity_.pending() && committer_.idle(); }
  /// Calls `listener` after every clock edge (commit()), or none if empty.
  void set_edge_listener(std::function<void()> listener) { edge_listener_ = std::move(listener); }
  /// Name of a router port, e.g. "xp" or "local0".
  std::string port_name(PortId port) const;

  /// The links at router n's port: the one that brings flits in (and takes
  /// its credits back) and the one that takes flits out (and brings credits).
  /// Null where the topology has no neighbour.
  Link* router_input(NodeId n, PortId port) { return in_links_[n][port]; }
  Link* router_output(NodeId n, PortId port) { return out_links_[n][port]; }

  /// Puts another implementation of router n (for example the verilated RTL)
  /// in the fabric: `stand_in` is woken wherever router n would be, and the
  /// model router n is never evaluated again. The stand-in must read and
  /// drive router n's links exactly as a Router would. Router n's
  /// introspection (buffers, credits) then says nothing about the stand-in,
  /// so the runtime deadlock detector must be off.
  void replace_router(NodeId n, Component& stand_in);

 private:
  Link* make_link(LinkEnd up, LinkEnd down, std::string name, unsigned latency = 1, unsigned credit_latency = 0);
  /// Evaluates the components of `list` in order (with memory hints ahead
  /// of them when prefetch_ or light_hints_ is set).
  void evaluate_list(ComponentList list, Cycle cycle) const;
  /// evaluate() and commit(), timed into profile_ when kProfile.
  template <bool kProfile>
  void evaluate_phase(Cycle cycle);
  template <bool kProfile>
  void commit_phase();

  /// Hands deliveries straight to the observer with one lane; with several,
  /// keeps each lane's deliveries and replays them in lane order after the
  /// lanes finish, so the observer is only ever called from one thread, or
  /// (set_direct) hands each to its lane's own observer. A packet leaving
  /// its source queue goes the same ways, except that with lanes' own
  /// observers it reaches the observer of its destination's lane, from that
  /// lane, before anything else that lane does in the next cycle
  /// (open_injected): no flit of it arrives before then.
  class LaneDeliveries : public DeliveryObserver {
   public:
    LaneDeliveries(DeliveryObserver& target, const ActivityList& activity)
        : target_(target), activity_(activity) {}
    void on_delivered(const Flit& flit, NodeId node, unsigned channel, Cycle cycle) override;
    void on_injected(const Packet& packet) override;
    void set_lanes(unsigned lanes);
    /// What the interfaces report to: the target itself with one lane (no
    /// hop through this), else this.
    DeliveryObserver& entry() { return held_.empty() ? target_ : *this; }
    void set_direct(std::vector<DeliveryObserver*> observers) { direct_ = std::move(observers); }
    /// Before the lanes of a cycle start (serially): the packets that left
    /// their queues in the cycle before are the ones open_injected() hands out.
    void begin_cycle();
    /// Lane `lane`'s part of that hand-out, from its own thread.
    void open_injected(unsigned lane);
    /// Hands out at once, to the lanes' observers they were meant for,
    /// what the next cycle's open_injected() would (serially, between
    /// cycles: before the lanes are cut again).
    void flush_injected();
    void replay();

   private:
    struct Delivery {
      Flit flit;
      NodeId node;
      unsigned channel;
      Cycle cycle;
    };
    DeliveryObserver& target_;
    const ActivityList& activity_;
    std::vector<LaneOwned<std::vector<Delivery>>> held_;  ///< per lane; empty with one lane
    std::vector<LaneOwned<std::vector<Packet>>> held_injected_;  ///< per lane, replayed before held_
    std::vector<DeliveryObserver*> direct_;    ///< per lane, or empty: replayed
    /// With direct_: per cycle parity, per lane, the packets its interfaces
    /// injected, by their destination's lane; fill_ is this cycle's parity.
    std::vector<LaneOwned<std::vector<std::vector<Packet>>>> injected_[2];
    unsigned fill_ = 0;
    /// Hands lane `lane` the packets for it in the lists of `parity`.
    void hand_out(unsigned parity, unsigned lane);
    void clear_injected(unsigned parity);
  };

  /// Activity-list slots: router n at 2n, its network interface at 2n + 1
  /// (registered in that order by the constructor).
  static std::size_t router_slot(NodeId n) { return std::size_t{n} * 2; }
  static std::size_t ni_slot(NodeId n) { return std::size_t{n} * 2 + 1; }

  /// Node n to lane lane_of_node[n] (empty: one lane) in the activity
  /// lists, the links' ends and their clock edge.
  void apply_lanes(const std::vector<unsigned>& lane_of_node);

  const Topology& topology_;
  RouterConfig router_cfg_;
  std::uint64_t lane_cut_ = 0;  ///< lane_cut()
  std::vector<std::uint64_t> sent_at_measure_;  ///< per node: flits its router had sent at measure_work()
  bool timing_lanes_ = false;                   ///< measure_work(true) until stop_measuring()
  std::uint64_t timed_phases_ = 0;              ///< timed_phases()
  std::vector<LaneOwned<double>> lane_seconds_;  ///< lane_seconds(), written by each lane's thread
  /// Flits node n's router has sent.
  std::uint64_t flits_sent(NodeId n) const;
  ActivityList activity_;
  LinkCommitter committer_;
  LaneDeliveries deliveries_;
  std::unique_ptr<WorkerPool> pool_;
  std::unique_ptr<NetworkProfile> profile_;
  std::size_t min_active_per_lane_ = 64;
  std::function<void(unsigned, Cycle)> lane_work_, lane_prework_;  ///< set_lane_work(), set_lane_prework()
  std::function<void()> edge_listener_;  ///< set_edge_listener()
  bool stand_ins_ = false;
  bool prefetch_ = false;  ///< memory hints while evaluating (NetworkConfig::memory_hints)
  bool light_hints_ = false;  ///< the first lines only, ahead (kLightAhead), where prefetch_ is not set
  /// Evaluates lists without the staged hints (Router::list_evaluator).
  ListEvaluator list_evaluator_ = evaluate_any;
  bool shaped_routers_ = true;  ///< NetworkConfig::shaped_routers
  /// Every router's arrival words, by node id, in one array (16 bytes per
  /// router: the clock edge's writes stay in a few cache lines' reach).
  std::unique_ptr<Router::Arrivals[]> arrivals_;
  std::vector<std::unique_ptr<Router>> routers_;
  std::vector<std::unique_ptr<NetworkInterface>> nis_;
  std::vector<std::unique_ptr<Link>> links_;
  std::vector<const Link*> network_links_;
  std::vector<std::vector<Link*>> in_links_, out_links_;  ///< [node][port]
};

}  // namespace wormsim
