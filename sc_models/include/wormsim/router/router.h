// Input-queued virtual-channel wormhole router with credit flow control.
// The pipeline, per cycle and in this order, is fixed by
// docs/microarchitecture.md:
//   VA  (head flit at the front of an idle input VC: route + VC allocation)
//   SA  (active input VCs with a flit and a credit: switch allocation)
//   commit: VA grants, SA winners traverse the crossbar onto the output link
//           and return a credit upstream, arriving flits are written (BW),
//           arriving credits are counted.
// Every stage reads the state at the start of the cycle; all updates land at
// the end of it, so the result does not depend on evaluation order.
//
// Multi-destination worms (multicast/worm.h): a head at one of its
// destinations with more to go *forks*: its input VC must win an ejection VC
// and a forward VC in the same allocation (all or nothing), and afterwards
// each flit crosses the switch only when it wins both outputs in the same
// cycle; the local copy keeps dst = here, the forwarded copy names the next
// destination. In both allocators the ejection side decides first: a fork
// that wins its ejection VC (port) claims its forward VC (port), and among
// forks claiming the same one, its arbiter decides; claims beat unicast
// requests. None of this touches a unicast packet.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include <wormsim/core/activity.h>
#include <wormsim/core/component.h>
#include <wormsim/core/fifo.h>
#include <wormsim/core/link.h>
#include <wormsim/core/list_evaluation.h>
#include <wormsim/router/islip.h>
#include <wormsim/router/round_robin.h>
#include <wormsim/router/router_config.h>
#include <wormsim/routing/routing.h>

namespace wormsim {

/// What a router's cycle takes as fixed when it is compiled: `kVcs` VCs per
/// port (0: any number), and, if `kPlain`, the separable allocator with
/// round-robin arbitration, the first-free selection, no routing delay and
/// no wait for tail credits. The general shape reads all of it from the
/// configuration; Router::make() gives a router compiled for its
/// configuration's shape where there is one. Every shape gives the same
/// results as the general one.
template <unsigned kVcs, bool kPlain, bool kLaned = false>
struct RouterShape {
  static constexpr unsigned vcs = kVcs;
  static constexpr bool plain = kPlain;
  /// Compiled for several lanes: the sends by the links' ends take the
  /// lanes' way inlined (Link::send_flit<true>).
  static constexpr bool laned = kLaned;
};
using GeneralRouterShape = RouterShape<0, false>;
/// Shape S compiled for several lanes.
template <class S>
using LanedShape = RouterShape<S::vcs, S::plain, true>;

class Router : public Component {
 public:
  Router(NodeId id, const RouterConfig& config, const RoutingFunction& routing,
         ActivityList& activity, std::size_t slot, const WormTable* worms = nullptr);
  /// A router as the constructor builds it, whose cycle is compiled for
  /// the configuration's shape (RouterShape) if `shaped` and it has one;
  /// else the general one.
  static std::unique_ptr<Router> make(NodeId id, const RouterConfig& config, const RoutingFunction& routing,
                                      ActivityList& activity, std::size_t slot, const WormTable* worms = nullptr,
                                      bool shaped = true);
  /// How to evaluate lists of components among which are routers that
  /// make(..., config, ..., shaped) builds: where they have a shape, their
  /// cycles and those of network interfaces are called directly (inlined
  /// in the list's loop), the other components' by evaluate(); otherwise
  /// evaluate_any. `laned`: for several lanes (the shape's LanedShape).
  /// Same results.
  static ListEvaluator list_evaluator(const RouterConfig& config, bool shaped = true, bool laned = false);
  /// Whether evaluate() runs a cycle compiled for a shape other than the general one.
  virtual bool shaped() const { return false; }

  Router(const Router&) = delete;
  Router& operator=(const Router&) = delete;
  ~Router() override;

  /// The ports whose links bring a flit (input) or a credit (output), by
  /// the parity of the cycle it is seen in: set by the links' senders,
  /// cleared as the router takes them.
  struct Arrivals {
    ArrivalWords flits = {0, 0}, credits = {0, 0};
  };
  /// Keeps the arrival words in `words` instead of in the router (a Network
  /// puts all its routers' words in one small array, so a sender writes
  /// there and not into a router's object, which would be a cache miss
  /// each on a large fabric). Before any link is attached.
  void place_arrivals(Arrivals* words) { arrivals_ = words; }
  void attach_input(PortId port, Link* link) {
    in_links_[port] = link;
    link->notify_flit_to(arrivals_->flits, port);
    committer_ = link->committer();
    ends_taken_ = false;
  }
  void attach_output(PortId port, Link* link) {
    out_links_[port] = link;
    connected_ |= 1ull << port;
    link->notify_credit_to(arrivals_->credits, port * cfg_.vcs, cfg_.vcs);
    committer_ = link->committer();
    ends_taken_ = false;
  }

  void evaluate(Cycle cycle) override;
  void prefetch(unsigned stage) const override;

  // --- introspection (tests, watchdog, waves) ---
  NodeId id() const { return id_; }
  const RouterConfig& config() const { return cfg_; }
  unsigned buffered_flits() const { return buffered_; }
  /// No flit buffered and no output VC held: no input VC is occupied.
  bool unoccupied() const { return buffered_ == 0 && allocated_ == 0; }
  /// The occupied input VCs (bit port * V + vc): those with a flit buffered
  /// or holding an output VC, from the router's masks (a buffered flit is
  /// at an active VC, or a head waiting for a VC or for its routing delay).
  std::uint64_t occupied_vcs() const {
    std::uint64_t occupied = sa_ready_ | va_waiting_ | va_delayed_;
    for (std::uint64_t m = allocated_; m; m &= m - 1) occupied |= 1ull << outputs_[__builtin_ctzll(m)].owner;
    return occupied;
  }
  const Fifo<Flit>& buffer(PortId port, VcId vc) const { return ivc(port, vc).fifo; }
  bool input_vc_active(PortId port, VcId vc) const { return ivc(port, vc).active; }
  unsigned credits(PortId port, VcId vc) const { return ovc(port, vc).credits; }
  bool output_vc_allocated(PortId port, VcId vc) const { return ovc(port, vc).allocated; }
  /// Input VC (index port * V + vc) that holds output VC (port, vc).
  unsigned output_vc_owner(PortId port, VcId vc) const { return ovc(port, vc).owner; }
  PortId input_vc_out_port(PortId port, VcId vc) const { return ivc(port, vc).out_port; }
  VcId input_vc_out_vc(PortId port, VcId vc) const { return ivc(port, vc).out_vc; }
  const Link* input_link(PortId port) const { return in_links_[port]; }
  const Link* output_link(PortId port) const { return out_links_[port]; }
  bool input_vc_forks(PortId port, VcId vc) const { return ivc(port, vc).fork; }
  /// Flits in output port `port`'s queue (an output speedup), sent one a
  /// cycle; buffered_flits() counts them.
  unsigned output_queued(PortId port) const {
    return islip_ && !islip_->out_queue.empty() ? static_cast<unsigned>(islip_->out_queue[port].size()) : 0;
  }
  /// Whether output port `port`'s queue holds a flit for its VC `vc`.
  bool output_queue_holds(PortId port, VcId vc) const {
    for (unsigned k = 0; k < output_queued(port); ++k)
      if (islip_->out_queue[port].at(k).vc == vc) return true;
    return false;
  }
  PortId input_vc_local_port(PortId port, VcId vc) const { return ivc(port, vc).local_port; }
  VcId input_vc_local_vc(PortId port, VcId vc) const { return ivc(port, vc).local_vc; }
  /// Route candidates for a head at the front of input VC (in_port, in_vc);
  /// for a head that forks here, the ejection candidates.
  void route(const Flit& head, PortId in_port, VcId in_vc, RouteSet& out) const {
    route_as<GeneralRouterShape>(head, in_port, in_vc, out);
  }
  /// The candidates kept for the head waiting at the front of input VC
  /// (in_port, in_vc) since it was routed (the same route() gave), if it
  /// waits with them kept and does not fork here; false otherwise (then
  /// ask route()). Reads no flit.
  bool kept_route(PortId in_port, VcId in_vc, RouteSet& out) const;
  /// Route candidates of the copy a forking head forwards.
  void route_forward(const Flit& head, PortId in_port, VcId in_vc, RouteSet& out) const {
    out.clear();
    routing_.route(id_, in_port, in_vc, forwarded(head), out);
    if (cfg_.wait_for_tail_credit) out.mark_atomic();
  }
  /// A worm's head at one of its destinations with more to go.
  bool forks_here(const Flit& head) const {
    return head.worm != 0 && head.dst == id_ && head.hop + 1u < (*worms_)[head.worm].destinations.size();
  }
  /// The copy of `f` that a fork forwards: bound for the next destination.
  Flit forwarded(const Flit& f) const;

 protected:
  /// evaluate() compiled for shape S (the configuration's, or the general
  /// one); inlined where a list evaluator calls it.
  template <class S>
  [[gnu::always_inline]] inline void evaluate_as(Cycle cycle);

 private:
  /// What a cycle of shape S reads of the configuration.
  template <class S>
  unsigned vc_count() const {
    if constexpr (S::vcs != 0) return S::vcs; else return cfg_.vcs;
  }
  template <class S>
  std::uint64_t vc_bits() const {
    if constexpr (S::vcs != 0) return (1ull << S::vcs) - 1; else return vc_bits_;
  }
  template <class S>
  bool by_age() const { return !S::plain && cfg_.arbitration == Arbitration::Age; }
  template <class S>
  bool by_islip() const { return !S::plain && cfg_.allocator == Allocator::Islip; }
  template <class S>
  bool delays_routing() const { return !S::plain && cfg_.routing_delay != 0; }
  template <class S>
  bool selects_first() const { return S::plain || cfg_.selection == Selection::First; }
  template <class S>
  bool waits_for_tail_credit() const { return !S::plain && cfg_.wait_for_tail_credit; }
  template <class S>
  void route_as(const Flit& head, PortId in_port, VcId in_vc, RouteSet& out) const;

  struct InputVc {
    Fifo<Flit> fifo;
    bool active = false;  ///< holds an output VC for the packet at its front
    PortId out_port = 0;
    VcId out_vc = 0;
    bool fork = false;  ///< also delivers every flit to (local_port, local_vc)
    bool drop_next = false;  ///< a list fork: the flit after the head goes to the ejection VC only
    PortId local_port = 0;
    VcId local_vc = 0;
    std::uint8_t out_index = 0;  ///< out_port * V + out_vc while active
  };
  static_assert(sizeof(InputVc) == 32, "two input VCs to a cache line");
  /// The packet at an input VC's front (its head's creation cycle and id),
  /// kept when a head reaches the front so age arbitration reads no
  /// buffered flit (kept with age arbitration only).
  struct Front {
    Cycle created = 0;
    std::uint64_t packet = 0;
  };
  struct OutputVc {
    unsigned credits = 0;
    bool allocated = false;
    unsigned owner = 0;  ///< input VC index (port * V + vc) while allocated
  };
  struct VaGrant {
    unsigned ivc, ovc;
    int local_ovc = -1;  ///< a fork's ejection VC
  };
  struct ForkRequest {
    unsigned ivc, ovc, local_ovc;
  };
  struct SaGrant {
    PortId in_port;
    VcId in_vc;
  };

  /// A fork whose next flit crosses to both outputs (not a dropped address flit).
  static bool crosses_twice(const InputVc& in) { return in.fork && !in.drop_next; }
  /// The output a VC's next flit takes first: its ejection VC for a dropped
  /// address flit, else its output VC.
  static PortId first_port(const InputVc& in) { return in.drop_next ? in.local_port : in.out_port; }
  static VcId first_vc(const InputVc& in) { return in.drop_next ? in.local_vc : in.out_vc; }
  /// A list worm forking here must see its next destination's address flit
  /// behind the head before it requests VCs.
  bool waits_for_address(const Flit& head, const Fifo<Flit>& fifo) const;
  InputVc& ivc(unsigned port, unsigned vc) { return inputs_[port * cfg_.vcs + vc]; }
  const InputVc& ivc(unsigned port, unsigned vc) const { return inputs_[port * cfg_.vcs + vc]; }
  OutputVc& ovc(unsigned port, unsigned vc) { return outputs_[port * cfg_.vcs + vc]; }
  const OutputVc& ovc(unsigned port, unsigned vc) const { return outputs_[port * cfg_.vcs + vc]; }

  /// A candidate's free VCs (bit v: VC v of its port), atomic: only those
  /// whose downstream buffer is empty.
  template <class S = GeneralRouterShape>
  std::uint64_t free_vcs(const RouteCandidate& cand) const {
    const unsigned base = cand.port * vc_count<S>();
    std::uint64_t free = cand.vc_mask & ~(allocated_ >> base) & vc_bits<S>();
    if (cand.atomic) free = drained(free << base) >> base;
    return free;
  }
  /// Those of output VCs `ovcs` (bit port * V + vc) with every credit back
  /// (downstream buffer empty).
  std::uint64_t drained(std::uint64_t ovcs) const {
    std::uint64_t d = 0;
    for (std::uint64_t m = ovcs; m; m &= m - 1) {
      const unsigned index = static_cast<unsigned>(__builtin_ctzll(m));
      d |= std::uint64_t{outputs_[index].credits == cfg_.buffer_depth} << index;
    }
    return d;
  }
  /// The output VC a head requests (port * V + vc), by the selection
  /// function, or -1 if none of the candidates' VCs is free.
  template <class S = GeneralRouterShape>
  [[gnu::always_inline]] inline int select(const RouteSet& routes) const;
  template <class S = GeneralRouterShape>
  [[gnu::always_inline]] inline int select(const RouteCandidate* routes, std::size_t n) const;
  /// select() by the credits selection function.
  int select_by_credits(const RouteCandidate* routes, std::size_t n) const;
  /// Throws if a candidate names an unconnected port (a routing bug).
  [[gnu::always_inline]] inline void check_ports(const RouteSet& routes) const;
  [[noreturn, gnu::cold]] void unconnected_port(std::uint64_t ports) const;
  void local_candidates(const Flit& head, RouteSet& out) const;
  template <class S>
  [[gnu::always_inline]] inline void vc_request(unsigned requester, unsigned ovc_index);
  bool older(unsigned ivc_a, unsigned ivc_b) const;
  int oldest_vc(unsigned port, std::uint64_t eligible) const;
  /// SA output stage: the input port granted output port o.
  template <class S>
  int pick_input(unsigned o) const;
  template <class S>
  void vc_allocation();
  /// vc_allocation(), where one head waits that has not been routed and
  /// does not fork here: decided inline (the common case of light load).
  template <class S>
  [[gnu::always_inline]] inline void vc_allocation_inline();
  /// Routes the unrouted head `head` of input VC `requester` and selects
  /// its output VC (-1: none free now; its candidates are kept).
  template <class S>
  [[gnu::always_inline]] inline int route_head(unsigned requester, const Flit& head, bool forks);
  template <class S>
  [[gnu::always_inline]] inline void switch_allocation();
  /// switch_allocation() where more than one VC is eligible (`eligible_vcs`).
  template <class S>
  void switch_allocation_many(std::uint64_t eligible_vcs);
  /// The two stages by iSLIP (cfg_.allocator == Allocator::Islip): every
  /// output VC (port) a requester can use is requested; switch winners are
  /// listed and moved by commit_switch_traversal().
  void vc_allocation_islip();
  /// kPorts: input and output speedups of 1 (ports are the switch's
  /// inputs and outputs; winners cross at once).
  template <bool kPorts>
  void switch_allocation_islip();
  /// Keeps routes_, the candidates of the head of input VC `requester` that
  /// waits for a VC, and what they may take (if they fit in kKeptRoutes).
  void keep_routes(unsigned requester, bool forks);
  /// The output VCs a kept head may take now (free; atomic ones drained).
  std::uint64_t kept_open(unsigned requester) const {
    const KeptWants& want = kept_wants_[requester];
    const std::uint64_t atomic = want.atomic & ~allocated_;
    return (want.any & ~allocated_) | (atomic != 0 ? drained(atomic) : 0);
  }
  /// switch_allocation() when some ready input VC forks.
  void switch_allocation_forks();
  /// Switch traversal of a granted input VC that does not fork.
  /// kMerge: a credit that may follow others of this cycle on the input
  /// link (an input speedup: Link::send_credit_merged). kQueue: the flit
  /// joins its output's queue (an output speedup: send_queued()).
  /// kArbiters: move the separable allocator's pointers (the iSLIP
  /// allocator has its own and never reads those).
  template <class S, bool kMerge, bool kQueue, bool kArbiters>
  [[gnu::always_inline]] inline void traverse(unsigned in_port, unsigned in_vc);
  /// After input VC (in_port, in_vc), `in` at index `index`, sent its
  /// front flit toward `out_port`: drop it, return its credit (merged with
  /// others of this cycle if kMerge), move both arbiters past it, and
  /// release the VC at a tail.
  template <class S, bool kMerge, bool kArbiters>
  [[gnu::always_inline]] inline void finish_crossing(InputVc& in, unsigned index, unsigned in_port, unsigned in_vc,
                                                     unsigned out_port, bool tail);
  /// commit_switch_traversal()'s traversal of a VC that does not fork, by
  /// the router's speedups.
  void traverse_by_speedup(unsigned in_port, unsigned in_vc);
  /// Each output port with queued flits sends its oldest onto its link.
  void send_queued();
  void grant(PortId in_port, VcId in_vc) { sa_grants_[sa_grant_count_++] = SaGrant{in_port, in_vc}; }
  [[noreturn]] void fail(const char* what) const;
  /// `head` reached the front of the idle input VC at `index`: it waits
  /// for a VC (after the routing delay) and has not been routed.
  template <class S>
  void new_head(unsigned index, const Flit& head) {
    if (__builtin_expect(delays_routing<S>(), 0)) {
      va_delayed_ |= 1ull << index;  // requests from evaluate(now_ + 1 + routing_delay) on
      va_due_[(now_ + 1 + cfg_.routing_delay) & va_due_mask_] |= 1ull << index;
    } else {
      va_waiting_ |= 1ull << index;
    }
    routed_ &= ~(1ull << index);
    if (by_age<S>()) fronts_[index] = Front{head.created, head.packet};
  }
  /// Takes a credit of an allocated output VC (its owner sends).
  void take_credit(unsigned ovc_index) {
    OutputVc& out = outputs_[ovc_index];
    if (--out.credits == 0) sa_credit_ &= ~(1ull << out.owner);
  }
  template <class S, bool kArbiters>
  [[gnu::always_inline]] inline void commit_vc_allocation();
  void commit_switch_traversal();
  /// commit_switch_traversal() of iSLIP without speedups: the speculative
  /// winners' crossings (no VC forks there).
  void cross_speculative_winners();
  template <class S>
  [[gnu::always_inline]] inline void buffer_write(Cycle cycle);
  [[gnu::always_inline]] inline void credit_update(Cycle cycle);
  /// One credit back for output VC `index`.
  [[gnu::always_inline]] inline void count_credit(unsigned index);

  // What every evaluation reads first, together in the object's first
  // lines (masks, counts, the pointers to the per-port and per-VC arrays);
  // the rest follows.
  NodeId id_;
  unsigned buffered_ = 0;
  unsigned sa_grant_count_ = 0;  ///< grants listed (sa_grants_); 0 between evaluations
  std::uint64_t va_waiting_ = 0;  ///< input VCs (bit port*V+vc): idle, head at front
  std::uint64_t sa_ready_ = 0;    ///< input VCs: active with a flit buffered
  /// Input VCs whose output VC has a credit: for an active VC that does not
  /// fork, whether its output VC's credits are above 0 (set at VC
  /// allocation, kept where credits are taken and returned).
  std::uint64_t sa_credit_ = 0;
  std::uint64_t allocated_ = 0;   ///< output VCs held by a packet (OutputVc::allocated)
  /// Input VCs whose waiting head's route candidates are kept (a routing
  /// function is pure: a head that waits for a VC keeps its candidates).
  std::uint64_t routed_ = 0;
  std::uint64_t forking_ = 0;     ///< input VCs: active forks
  std::uint64_t vc_bits_ = 0;     ///< the low V bits
  std::uint64_t connected_ = 0;  ///< ports with an output link
  /// Counts the cycles (the links' parity): the committer of the attached links,
  /// so a router evaluates only once it has one.
  LinkCommitter* committer_ = nullptr;
  // in_ends_ and out_ends_ hold the attached links' ends once ends_taken_
  // (Component): taken at the first evaluation after an attach or a lane.
  Arrivals* arrivals_ = &own_arrivals_;  ///< place_arrivals()
  ActivityList& activity_;
  std::size_t slot_;
  /// The word of the router's wake-ups (ActivityList::wake_word; taken
  /// with the links' ends).
  std::uint64_t* self_wake_ = nullptr;
  std::uint64_t self_wake_mask_ = 0;  ///< the router's bit in *self_wake_
  /// Wakes the router for the next cycle (from its own evaluation, its
  /// ends taken).
  void wake_self() { *self_wake_ |= self_wake_mask_; }
  RouterConfig cfg_;
  // The per-port and per-VC arrays every evaluation reads, one after
  // another in one block of the router's own (block_, from a cache-line
  // boundary): ports P, VCs V.
  Link** in_links_;              ///< [P]
  Link** out_links_;             ///< [P]
  /// Per port, the ends of its links (Link::FlitEnd, Link::CreditEnd) it
  /// sends and reads arrivals through: the input link's credit and flit
  /// directions, the output link's flit direction.
  struct alignas(64) InEnds {
    Link::CreditEnd credit;
    const Link::FlitReg* flits = nullptr;
    std::uint8_t flit_mask = 1;
    const Flit& arrived_flit(Cycle cycle) const { return flits[cycle & flit_mask].flit; }
  };
  static_assert(sizeof(InEnds) == 64, "a port's input ends fill one line");
  InEnds* in_ends_;              ///< [P]
  Link::FlitEnd* out_ends_;      ///< [P]
  /// Takes in_ends_ and out_ends_ from the attached links (both ends of
  /// each attached by now).
  void take_link_ends();
  std::uint64_t* sa_requests_;   ///< [P] per output port: requesting input ports
  RoundRobin* sa_in_arb_;        ///< [P] per input port, over its VCs
  RoundRobin* sa_out_arb_;       ///< [P] per output port, over input ports
  int* sa_choice_;               ///< [P] per input port: chosen VC or -1
  std::uint8_t* port_of_;        ///< [P x V] input VC index -> port
  std::uint8_t* out_port_of_;    ///< [P x V] active input VC index -> its output VC's port (InputVc::out_port)
  InputVc* inputs_;              ///< [P x V]
  OutputVc* outputs_;            ///< [P x V]
  // Then what VC allocation reads of each VC.
  int* va_best_;                 ///< [P x V] per output VC: winning input VC or -1
  int* va_claim_;                ///< [P x V] per output VC: fork that claims it, or -1
  RoundRobin* va_arb_;           ///< [P x V] per output VC, over input VCs
  /// Output VCs (bit port*V+vc) a kept head may take: any free one, or
  /// (atomic candidates) a free and drained one.
  struct KeptWants {
    std::uint64_t any = 0, atomic = 0;
  };
  KeptWants* kept_wants_;        ///< [P x V] per input VC
  std::uint8_t* kept_count_;     ///< [P x V] per input VC: its kept candidates
  RouteCandidate* kept_routes_;  ///< [P x V x kKeptRoutes] the candidates, a cache line per input VC
  struct BlockFree {
    void operator()(std::byte* p) const { ::operator delete(p, std::align_val_t{64}); }
  };
  std::unique_ptr<std::byte, BlockFree> block_;
  // What VC allocation reads, next.
  const RoutingFunction& routing_;
  const WormTable* worms_;
  std::uint64_t kept_forks_ = 0;  ///< routed heads that fork here (their head is read only then)
  std::uint64_t va_fork_bits_ = 0;  ///< requesters that fork
  VaGrant* va_grants_;           ///< [P x V] this cycle's grants (at most one per input VC)
  unsigned va_grant_count_ = 0;  ///< va_grants_ in use
  /// Per-cycle scratch of vc_allocation(), empty between its calls (as
  /// are va_forks_ and va_fork_bits_).
  std::vector<unsigned> va_touched_;
  static constexpr unsigned kKeptRoutes = 8;  ///< heads with more are routed again each cycle
  RouteSet routes_;
  std::vector<ForkRequest> va_forks_;
  std::vector<Front> fronts_;  ///< per input VC, with age arbitration
  /// With a routing delay: input VCs whose head waits for its route, and
  /// the cycle being evaluated.
  std::uint64_t va_delayed_ = 0;
  Cycle now_ = 0;
  /// Moves the delayed heads whose wait ends in `cycle` to va_waiting_
  /// (the router is evaluated in every cycle while it buffers a flit).
  void release_delayed(Cycle cycle) {
    std::uint64_t& due = va_due_[cycle & va_due_mask_];
    va_delayed_ &= ~due;
    va_waiting_ |= due;
    due = 0;
  }
  Arrivals own_arrivals_;               ///< the arrival words unless placed elsewhere
  /// Speculative switch grant of head `ivc` on output port `o`: it crosses
  /// if its VC allocation this cycle gave it a VC of port o with a credit.
  void speculative_grant(unsigned ivc, unsigned o);
  std::vector<int> sa_winner_;  ///< per output port: winning input port
  std::vector<int> sa_claim_;   ///< per output port: fork that claims it, or -1
  // Last: what only forks and iSLIP use (prefetch(0) fetches the object up
  // to here).
  RouteSet forward_routes_;
  SaGrant sa_grants_[64];
  /// iSLIP's pointers (VA: input VCs x output VCs; SA: switch inputs x
  /// switch outputs) and its per-cycle requests and matches; with speculation,
  /// the heads that requested a VC this cycle, per head the output VCs it
  /// requested, and per switch output the heads that bid for it.
  struct IslipState {
    Islip va, sa;
    std::vector<RoundRobin> vc_pointer;  ///< per switch input, over its port's VCs
    /// Per input VC its switch input (port * S + vc mod S); per switch input
    /// its port and its input VCs (bits port * V + vc); per VC v the VC a
    /// switch input's pointer moves past after granting v ((v + S - 1) mod V).
    std::vector<std::uint8_t> switch_input, input_port, pointer_past;
    /// Per input port its switch output's offset at every output port
    /// (port mod output speedup); per switch output its port.
    std::vector<std::uint8_t> output_lane, output_port;
    std::vector<std::uint64_t> input_vcs;
    std::vector<std::uint64_t> requesters;
    std::vector<std::uint64_t> vcs_to;  ///< SA: per switch output, the input VCs requesting it
    std::vector<unsigned> matched;
    std::uint64_t spec_heads = 0;
    /// This cycle's VC allocation: the input VCs it granted, and per input
    /// VC the output VC granted (valid where va_granted has its bit).
    std::uint64_t va_granted = 0;
    std::uint8_t va_ovc[64] = {};
    std::vector<std::uint64_t> spec_open;
    std::vector<std::uint64_t> spec_bids;
    /// With an output speedup: per output port the flits that crossed and
    /// wait for its link (their output VC beside), and the ports with any.
    struct Queued {
      Flit flit;
      VcId vc;
    };
    std::vector<Fifo<Queued>> out_queue;
    std::uint64_t queued_ports = 0;
    /// Ports whose link took a flit straight from the crossbar this cycle
    /// (their queue was empty): send_queued() sends nothing more on them.
    std::uint64_t sent_ports = 0;
  };
  std::unique_ptr<IslipState> islip_;  ///< null with the separable allocator
  /// With a routing delay: per cycle (modulo the ring, a power of two above
  /// the delay) the delayed heads whose wait ends in it.
  static constexpr unsigned kDueRing = 32;
  std::uint64_t va_due_[kDueRing] = {};
  unsigned va_due_mask_ = 0;
};

}  // namespace wormsim
