#include <wormsim/router/router.h>

#include <wormsim/ni/network_interface.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace wormsim {
namespace {

/// Lays out `count` objects of T in a block: returns their offset, the
/// first multiple of T's alignment at or past `size`, and moves `size`
/// past them.
template <typename T>
std::size_t place(std::size_t& size, std::size_t count) {
  const std::size_t at = (size + alignof(T) - 1) / alignof(T) * alignof(T);
  size = at + count * sizeof(T);
  return at;
}

/// Constructs `count` copies of `value` at offset `at` of `block` (place()'s).
/// The block is freed without destroying them (~Router destroys only the
/// input VCs).
template <typename T>
T* construct(std::byte* block, std::size_t at, std::size_t count, const T& value) {
  static_assert(std::is_trivially_destructible_v<T>, "the router's block is freed without destroying its arrays");
  T* const first = reinterpret_cast<T*>(block + at);
  std::uninitialized_fill_n(first, count, value);
  return first;
}

}  // namespace

Router::Router(NodeId id, const RouterConfig& config, const RoutingFunction& routing,
               ActivityList& activity, std::size_t slot, const WormTable* worms)
    : id_(id), activity_(activity), slot_(slot), cfg_(config), routing_(routing), worms_(worms) {
  const unsigned ports = cfg_.total_ports();
  if (ports * cfg_.vcs > kMaxPortVcs) throw std::invalid_argument("router: ports x VCs must be <= 64");
  if (cfg_.routing_delay + 1 >= kDueRing) fail("routing delay above the router's limit");
  if (cfg_.allocator == Allocator::Islip && (ports * cfg_.input_speedup > 64 || ports * cfg_.output_speedup > 64))
    fail("ports x input (output) speedup must be <= 64");
  {
    // The hot arrays, one after another (each at a multiple of its
    // alignment), in one block from a cache-line boundary.
    const std::size_t vcs_total = std::size_t{ports} * cfg_.vcs;
    std::size_t size = 0;
    const std::size_t at_in = place<Link*>(size, ports), at_out = place<Link*>(size, ports);
    const std::size_t at_in_ends = place<InEnds>(size, ports), at_out_ends = place<Link::FlitEnd>(size, ports);
    const std::size_t at_req = place<std::uint64_t>(size, ports);
    const std::size_t at_in_arb = place<RoundRobin>(size, ports), at_out_arb = place<RoundRobin>(size, ports);
    const std::size_t at_choice = place<int>(size, ports);
    const std::size_t at_port_of = place<std::uint8_t>(size, vcs_total);
    const std::size_t at_out_port_of = place<std::uint8_t>(size, vcs_total);
    const std::size_t at_inputs = place<InputVc>(size, vcs_total), at_outputs = place<OutputVc>(size, vcs_total);
    const std::size_t at_va_best = place<int>(size, vcs_total), at_va_claim = place<int>(size, vcs_total);
    const std::size_t at_va_arb = place<RoundRobin>(size, vcs_total);
    const std::size_t at_va_grants = place<VaGrant>(size, vcs_total);
    const std::size_t at_wants = place<KeptWants>(size, vcs_total), at_kept = place<std::uint8_t>(size, vcs_total);
    static_assert(kKeptRoutes * sizeof(RouteCandidate) == 64, "an input VC's kept candidates fill one line");
    size = (size + 63) / 64 * 64;
    const std::size_t at_kept_routes = place<RouteCandidate>(size, vcs_total * kKeptRoutes);
    block_.reset(static_cast<std::byte*>(::operator new((size + 63) / 64 * 64, std::align_val_t{64})));
    std::byte* const b = block_.get();
    in_links_ = construct<Link*>(b, at_in, ports, nullptr);
    out_links_ = construct<Link*>(b, at_out, ports, nullptr);
    in_ends_ = construct(b, at_in_ends, ports, InEnds{});
    out_ends_ = construct(b, at_out_ends, ports, Link::FlitEnd{});
    sa_requests_ = construct<std::uint64_t>(b, at_req, ports, 0);
    sa_in_arb_ = construct(b, at_in_arb, ports, RoundRobin(cfg_.vcs));
    sa_out_arb_ = construct(b, at_out_arb, ports, RoundRobin(ports));
    sa_choice_ = construct(b, at_choice, ports, -1);
    port_of_ = construct<std::uint8_t>(b, at_port_of, vcs_total, 0);
    for (std::size_t i = 0; i < vcs_total; ++i) port_of_[i] = static_cast<std::uint8_t>(i / cfg_.vcs);
    out_port_of_ = construct<std::uint8_t>(b, at_out_port_of, vcs_total, 0);
    inputs_ = reinterpret_cast<InputVc*>(b + at_inputs);
    std::uninitialized_value_construct_n(inputs_, vcs_total);
    for (std::size_t i = 0; i < vcs_total; ++i) inputs_[i].fifo = Fifo<Flit>(cfg_.buffer_depth);
    outputs_ = construct(b, at_outputs, vcs_total, OutputVc{cfg_.buffer_depth, false, 0});
    va_best_ = construct(b, at_va_best, vcs_total, -1);
    va_claim_ = construct(b, at_va_claim, vcs_total, -1);
    va_arb_ = construct(b, at_va_arb, vcs_total, RoundRobin(static_cast<unsigned>(vcs_total)));
    va_grants_ = construct(b, at_va_grants, vcs_total, VaGrant{0, 0, -1});
    kept_wants_ = construct(b, at_wants, vcs_total, KeptWants{});
    kept_count_ = construct<std::uint8_t>(b, at_kept, vcs_total, 0);
    kept_routes_ = construct(b, at_kept_routes, vcs_total * kKeptRoutes, RouteCandidate{});
  }
  if (cfg_.arbitration == Arbitration::Age) fronts_.resize(ports * cfg_.vcs);
  while (va_due_mask_ + 1 < cfg_.routing_delay + 1) va_due_mask_ = 2 * va_due_mask_ + 1;
  vc_bits_ = cfg_.vcs >= 64 ? ~0ull : (1ull << cfg_.vcs) - 1;
  sa_winner_.assign(ports, -1);
  sa_claim_.assign(ports, -1);
  if (cfg_.allocator == Allocator::Islip) {
    islip_ = std::make_unique<IslipState>();
    islip_->va = Islip(ports * cfg_.vcs, ports * cfg_.vcs);
    const unsigned speedup = cfg_.input_speedup, out_speedup = cfg_.output_speedup, vcs = cfg_.vcs;
    islip_->sa = Islip(ports * speedup, ports * out_speedup);
    islip_->vc_pointer.assign(ports * speedup, RoundRobin(vcs));
    islip_->switch_input.assign(ports * vcs, 0);
    islip_->input_port.assign(ports * speedup, 0);
    islip_->input_vcs.assign(ports * speedup, 0);
    islip_->pointer_past.assign(vcs, 0);
    for (unsigned i = 0; i < ports * vcs; ++i) {
      const unsigned input = i / vcs * speedup + i % vcs % speedup;
      islip_->switch_input[i] = static_cast<std::uint8_t>(input);
      islip_->input_port[input] = static_cast<std::uint8_t>(i / vcs);
      islip_->input_vcs[input] |= 1ull << i;
    }
    for (unsigned v = 0; v < vcs; ++v)  // BookSim's offset after v: (v + S) mod V
      islip_->pointer_past[v] = static_cast<std::uint8_t>((v + speedup - 1) % vcs);
    islip_->output_lane.assign(ports, 0);
    islip_->output_port.assign(ports * out_speedup, 0);
    for (unsigned p = 0; p < ports; ++p) islip_->output_lane[p] = static_cast<std::uint8_t>(p % out_speedup);
    for (unsigned o = 0; o < ports * out_speedup; ++o) islip_->output_port[o] = static_cast<std::uint8_t>(o / out_speedup);
    if (out_speedup != 1)  // a port's queue holds at most the flits its credits let cross
      for (unsigned p = 0; p < ports; ++p) islip_->out_queue.emplace_back(std::size_t{vcs} * cfg_.buffer_depth);
    islip_->requesters.assign(kMaxPortVcs, 0);
    islip_->vcs_to.assign(ports * out_speedup, 0);
    islip_->matched.assign(kMaxPortVcs, 0);
    if (cfg_.speculative) {
      islip_->spec_open.assign(ports * cfg_.vcs, 0);
      islip_->spec_bids.assign(ports * out_speedup, 0);
    }
  }
}

Router::~Router() {
  std::destroy_n(inputs_, std::size_t{cfg_.total_ports()} * cfg_.vcs);
}

void Router::take_link_ends() {
  for (unsigned p = 0; p < cfg_.total_ports(); ++p) {
    if (Link* in = in_links_[p]; in != nullptr) {
      InEnds& e = in_ends_[p];
      e.credit = in->credit_end();
      const Link::FlitEnd flits = in->flit_end();
      e.flits = flits.regs;
      e.flit_mask = flits.mask;
    }
    if (out_links_[p] != nullptr) out_ends_[p] = out_links_[p]->flit_end();
  }
  self_wake_ = activity_.wake_word(slot_);
  self_wake_mask_ = std::uint64_t{1} << (slot_ % 64);
  ends_taken_ = true;
}

void Router::fail(const char* what) const {
  throw std::logic_error("router " + std::to_string(id_) + ": " + what);
}

template <class S, bool kArbiters>
inline void Router::commit_vc_allocation() {
  const unsigned vcs = vc_count<S>();
  const VaGrant* const grants_end = va_grants_ + va_grant_count_;
  for (const VaGrant* gi = va_grants_; gi != grants_end; ++gi) {
    const VaGrant& g = *gi;
    InputVc& in = inputs_[g.ivc];
    in.active = true;
    in.out_port = static_cast<PortId>(g.ovc / vcs);
    in.out_vc = static_cast<VcId>(g.ovc % vcs);
    in.out_index = static_cast<std::uint8_t>(g.ovc);
    outputs_[g.ovc].allocated = true;
    allocated_ |= 1ull << g.ovc;
    outputs_[g.ovc].owner = g.ivc;
    in.fork = g.local_ovc >= 0;
    if (in.fork) {
      forking_ |= 1ull << g.ivc;
      const unsigned l = static_cast<unsigned>(g.local_ovc);
      in.local_port = static_cast<PortId>(l / vcs);
      in.local_vc = static_cast<VcId>(l % vcs);
      outputs_[l].allocated = true;
      allocated_ |= 1ull << l;
      outputs_[l].owner = g.ivc;
      if constexpr (kArbiters) va_arb_[l].advance_past(g.ivc);
    }
    if constexpr (kArbiters) va_arb_[g.ovc].advance_past(g.ivc);
    out_port_of_[g.ivc] = static_cast<std::uint8_t>(g.ovc / vcs);
    sa_credit_ = (sa_credit_ & ~(1ull << g.ivc)) | std::uint64_t{outputs_[g.ovc].credits != 0} << g.ivc;
    va_waiting_ &= ~(1ull << g.ivc);
    sa_ready_ |= 1ull << g.ivc;
  }
}

template <class S>
inline void Router::buffer_write(Cycle cycle) {
  const unsigned parity = static_cast<unsigned>(cycle & 1);
  for (std::uint64_t arrived = arrivals_->flits[parity]; arrived; arrived &= arrived - 1) {
    const unsigned p = static_cast<unsigned>(__builtin_ctzll(arrived));
    const Flit& f = in_ends_[p].arrived_flit(cycle);
    if (f.vc >= vc_count<S>()) fail("flit on nonexistent VC");
    const unsigned index = p * vc_count<S>() + f.vc;
    InputVc& in = inputs_[index];
    // An active VC with a flit is ready (already so if it had one); an idle
    // VC that was empty has a new head.
    sa_ready_ |= std::uint64_t{in.active} << index;
    if (!in.active && in.fifo.empty()) new_head<S>(index, f);
    in.fifo.push(f);
    ++buffered_;
  }
  arrivals_->flits[parity] = 0;
}

inline void Router::count_credit(unsigned index) {
  OutputVc& out = outputs_[index];
  const unsigned credits = ++out.credits;
  if (credits > cfg_.buffer_depth) fail("credit overflow");
  // Without a branch (either way half the time): an allocated VC's owner
  // has a credit.
  sa_credit_ |= (allocated_ >> index & 1u) << out.owner;
}

inline void Router::credit_update(Cycle cycle) {
  // The links set a bit per output VC credited (port * V + vc).
  const unsigned parity = static_cast<unsigned>(cycle & 1);
  for (std::uint64_t arrived = arrivals_->credits[parity]; arrived; arrived &= arrived - 1)
    count_credit(static_cast<unsigned>(__builtin_ctzll(arrived)));
  arrivals_->credits[parity] = 0;
}

// Stage 0: the object up to the members only forks use; stage 1: the
// entries of the VCs this cycle will read (input VCs with a flit to move or
// a head to route, kept wants of routed heads) and the small per-port
// arrays; stage 2 (those entries now cached): the flits at the fronts, the
// link slots flits are sent to and arrive in.
void Router::prefetch(unsigned stage) const {
  if (stage == 0) {
    const char* end = reinterpret_cast<const char*>(&forward_routes_);
    for (const char* line = reinterpret_cast<const char*>(this) + 64; line < end; line += 64) __builtin_prefetch(line);
    return;
  }
  const std::uint64_t fronts = (va_waiting_ & ~routed_) | (sa_ready_ & sa_credit_);
  if (stage == 1) {
    for (std::uint64_t m = fronts; m; m &= m - 1) __builtin_prefetch(&inputs_[__builtin_ctzll(m)]);
    for (std::uint64_t m = va_waiting_ & routed_; m; m &= m - 1) __builtin_prefetch(&kept_wants_[__builtin_ctzll(m)]);
    const char* outputs = reinterpret_cast<const char*>(outputs_);
    for (std::size_t b = 0; b < std::size_t{cfg_.total_ports()} * cfg_.vcs * sizeof(OutputVc); b += 64)
      __builtin_prefetch(outputs + b);
    const char* ports = reinterpret_cast<const char*>(in_links_);  // the per-port arrays, then the input VCs
    for (const char* line = ports; line < reinterpret_cast<const char*>(inputs_); line += 64) __builtin_prefetch(line);
    return;
  }
  // With the links' ends taken and every direction one cycle (one lane
  // or several): the registers a crossing writes (the flit's, and the
  // credit's on the input link) and those flits arrive in, without a line
  // of the link objects.
  const bool ends = ends_taken_ && committer_->one_cycle();
  const Cycle now = committer_->edge();
  for (std::uint64_t m = fronts; m; m &= m - 1) {
    const unsigned index = static_cast<unsigned>(__builtin_ctzll(m));
    const InputVc& in = inputs_[index];
    const char* front = reinterpret_cast<const char*>(&in.fifo.front());
    __builtin_prefetch(front);
    __builtin_prefetch(front + sizeof(Flit) - 1);
    if (!in.active) continue;
    if (ends) {
      __builtin_prefetch(&out_ends_[in.out_port].regs[(now + 1) & 1], 1);
      __builtin_prefetch(&in_ends_[port_of_[index]]);
    } else {
      out_links_[in.out_port]->prefetch_send();
    }
  }
  for (std::uint64_t m = arrivals_->flits[now & 1]; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(__builtin_ctzll(m));
    if (ends_taken_)
      __builtin_prefetch(&in_ends_[p].arrived_flit(now));
    else
      in_links_[p]->prefetch_arrival();
  }
}

void Router::evaluate(Cycle cycle) { evaluate_as<GeneralRouterShape>(cycle); }

template <class S>
inline void Router::evaluate_as(Cycle cycle) {
  if (__builtin_expect(!ends_taken_, 0)) take_link_ends();
  // Each stage only where it has something to decide: a head waiting for a
  // VC, a VC ready to cross (both read the state at the start of the cycle).
  // The separable allocator's winners cross inside switch_allocation():
  // at once without forks, after every decision with them (the VC grants'
  // commit touches other VCs and output VCs, so it may follow). The iSLIP
  // allocator's grants cross after the VC grants' commit.
  if (__builtin_expect(delays_routing<S>(), 0)) {
    if (va_delayed_ != 0) {
      if (cycle != now_ + 1) fail("a routing delay's head was not evaluated in every cycle");
      release_delayed(cycle);
    }
    now_ = cycle;
  }
  const bool va = va_waiting_ != 0, sa = sa_ready_ != 0;
  if (__builtin_expect(by_islip<S>(), 0)) {
    const bool ports = cfg_.input_speedup == 1 && cfg_.output_speedup == 1;  // no speedups
    if (va) vc_allocation_islip();
    if (sa || (va && cfg_.speculative)) {
      if (ports)
        switch_allocation_islip<true>();
      else
        switch_allocation_islip<false>();
    }
    if (va) commit_vc_allocation<S, false>();
    if (sa_grant_count_ != 0) {
      if (ports)
        cross_speculative_winners();
      else
        commit_switch_traversal();
    }
    if ((islip_->queued_ports | islip_->sent_ports) != 0) send_queued();
  } else {
    if (va) vc_allocation_inline<S>();
    if (sa) switch_allocation<S>();
    if (va) commit_vc_allocation<S, true>();
  }
  const Cycle now = committer_->edge();
  const unsigned parity = static_cast<unsigned>(now & 1);
  if (arrivals_->flits[parity]) buffer_write<S>(now);
  if (arrivals_->credits[parity]) credit_update(now);
  if (buffered_ != 0) wake_self();
}

template <class S>
void Router::route_as(const Flit& head, PortId in_port, VcId in_vc, RouteSet& out) const {
  out.clear();
  if (head.dst == id_) {
    if (head.worm != 0) {
      local_candidates(head, out);
    } else {
      const std::uint32_t all = all_vcs_mask(cfg_.vcs);
      for (unsigned l = 0; l < cfg_.local_ports; ++l)
        out.add(static_cast<PortId>(cfg_.network_ports + l), all);
    }
  } else {
    routing_.route(id_, in_port, in_vc, head, out);
  }
  if (waits_for_tail_credit<S>()) out.mark_atomic();
}

bool Router::kept_route(PortId in_port, VcId in_vc, RouteSet& out) const {
  const unsigned ivc = in_port * cfg_.vcs + in_vc;
  if (!(va_waiting_ >> ivc & 1u) || !(routed_ >> ivc & 1u) || (kept_forks_ >> ivc & 1u)) return false;
  out.clear();
  const RouteCandidate* kept = &kept_routes_[std::size_t{ivc} * kKeptRoutes];
  for (unsigned c = 0; c < kept_count_[ivc]; ++c)
    out.add(kept[c].port, kept[c].vc_mask, kept[c].escape, kept[c].priority, kept[c].atomic);
  return true;
}

// A worm's copies for this node take the ejection channel of their class
// (per-class policy) or any ejection VC (shared).
void Router::local_candidates(const Flit& head, RouteSet& out) const {
  const std::uint32_t all = all_vcs_mask(cfg_.vcs);
  const unsigned cls = (*worms_)[head.worm].cls;
  if (cfg_.consumption == ConsumptionPolicy::Shared || (cfg_.local_ports < 2 && cfg_.vcs < 2)) {
    for (unsigned l = 0; l < cfg_.local_ports; ++l)
      out.add(static_cast<PortId>(cfg_.network_ports + l), all);
  } else if (cfg_.local_ports >= 2) {
    out.add(static_cast<PortId>(cfg_.network_ports + cls % cfg_.local_ports), all);
  } else {
    out.add(static_cast<PortId>(cfg_.network_ports), 1u << (cls % cfg_.vcs));
  }
}

bool Router::waits_for_address(const Flit& head, const Fifo<Flit>& fifo) const {
  return fifo.size() < 2 && (*worms_)[head.worm].form == HeaderForm::List;
}

Flit Router::forwarded(const Flit& f) const {
  Flit copy = f;
  copy.hop = static_cast<std::uint16_t>(f.hop + 1);
  copy.dst = (*worms_)[f.worm].destinations[copy.hop];
  return copy;
}

// The output VC a head requests, as port * V + vc, or -1 if every candidate
// VC is allocated. First: candidate order, then ascending VC. Credits: the
// lowest priority value that has a free VC, then the candidate whose port
// has the most credits over the candidate's VCs (the most free buffer space
// downstream: with atomic allocation every free VC is empty, so the port's
// other VCs tell how congested it is), then the free VC with the most
// credits; ties in candidate order and ascending VC. Reads the state at the
// start of the cycle.
template <class S>
inline int Router::select(const RouteCandidate* routes, std::size_t n) const {
  const unsigned vcs = vc_count<S>();
  if (!selects_first<S>()) return select_by_credits(routes, n);
  for (std::size_t c = 0; c < n; ++c) {
    const std::uint64_t free = free_vcs<S>(routes[c]);
    if (free != 0) return static_cast<int>(routes[c].port * vcs + static_cast<unsigned>(__builtin_ctzll(free)));
  }
  return -1;
}

template <class S>
inline int Router::select(const RouteSet& routes) const { return select<S>(routes.data(), routes.size()); }

int Router::select_by_credits(const RouteCandidate* routes, std::size_t n) const {
  const unsigned vcs = cfg_.vcs;
  int best = -1;
  unsigned best_priority = 0, best_port_credits = 0, best_credits = 0;
  for (std::size_t c = 0; c < n; ++c) {
    const RouteCandidate& cand = routes[c];
    std::uint64_t free = free_vcs(cand);  // ascending; a candidate without one is never chosen
    if (free == 0) continue;
    const OutputVc* port = &outputs_[cand.port * vcs];
    unsigned port_credits = 0;
    for (std::uint64_t m = cand.vc_mask & vc_bits_; m; m &= m - 1)
      port_credits += port[__builtin_ctzll(m)].credits;
    for (; free; free &= free - 1) {
      const unsigned w = static_cast<unsigned>(__builtin_ctzll(free));
      const unsigned credits = port[w].credits;
      const bool better =
          best < 0 || cand.priority < best_priority ||
          (cand.priority == best_priority &&
           (port_credits > best_port_credits || (port_credits == best_port_credits && credits > best_credits)));
      if (better) {
        best = static_cast<int>(cand.port * vcs + w);
        best_priority = cand.priority;
        best_port_credits = port_credits;
        best_credits = credits;
      }
    }
  }
  return best;
}

void Router::check_ports(const RouteSet& routes) const {
  std::uint64_t named = 0;
  for (std::size_t c = 0; c < routes.size(); ++c) named |= 1ull << routes[c].port;
  if (named & ~connected_) unconnected_port(named & ~connected_);
}

void Router::unconnected_port(std::uint64_t ports) const {
  throw std::logic_error("router " + std::to_string(id_) + ": route to unconnected port " +
                         std::to_string(__builtin_ctzll(ports)));
}

// Age arbitration: the packet created first wins; packets created in the
// same cycle go by packet id, and the copies of one worm by the lower index.
bool Router::older(unsigned ivc_a, unsigned ivc_b) const {
  const Front& a = fronts_[ivc_a];
  const Front& b = fronts_[ivc_b];
  if (a.created != b.created) return a.created < b.created;
  return a.packet != b.packet ? a.packet < b.packet : ivc_a < ivc_b;
}

int Router::oldest_vc(unsigned port, std::uint64_t eligible) const {
  int best = -1;
  for (std::uint64_t m = eligible; m; m &= m - 1) {
    const unsigned v = static_cast<unsigned>(__builtin_ctzll(m));
    if (best < 0 || older(port * cfg_.vcs + v, port * cfg_.vcs + static_cast<unsigned>(best))) best = static_cast<int>(v);
  }
  return best;
}

template <class S>
int Router::pick_input(unsigned o) const {
  const std::uint64_t requests = sa_requests_[o];
  if (!(requests & (requests - 1))) return __builtin_ctzll(requests);  // one requester
  if (!by_age<S>()) return sa_out_arb_[o].pick(requests);
  int best = -1;
  for (std::uint64_t m = sa_requests_[o]; m; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(__builtin_ctzll(m));
    if (best < 0 || older(p * cfg_.vcs + static_cast<unsigned>(sa_choice_[p]),
                          static_cast<unsigned>(best) * cfg_.vcs + static_cast<unsigned>(sa_choice_[best])))
      best = static_cast<int>(p);
  }
  return best;
}

template <class S>
inline void Router::vc_request(unsigned requester, unsigned o) {
  int& best = va_best_[o];
  if (best < 0) {
    va_touched_.push_back(o);
    best = static_cast<int>(requester);
  } else if (by_age<S>() ? older(requester, static_cast<unsigned>(best))
                         : va_arb_[o].distance(requester) < va_arb_[o].distance(static_cast<unsigned>(best))) {
    best = static_cast<int>(requester);
  }
}

template <class S>
inline int Router::route_head(unsigned requester, const Flit& head, bool forks) {
  const unsigned vcs = vc_count<S>();
  route_as<S>(head, static_cast<PortId>(requester / vcs), static_cast<VcId>(requester % vcs), routes_);
  check_ports(routes_);
  const int request = select<S>(routes_);
  if (request < 0) keep_routes(requester, forks);  // it waits: keep its candidates
  return request;
}

template <class S>
inline void Router::vc_allocation_inline() {
  const std::uint64_t waiting = va_waiting_;
  if (!(waiting & (waiting - 1)) && !(routed_ & waiting)) {
    const unsigned requester = static_cast<unsigned>(__builtin_ctzll(waiting));
    const Flit& head = inputs_[requester].fifo.front();
    if (is_head(head.type) && !forks_here(head)) {
      va_grant_count_ = 0;
      const int request = route_head<S>(requester, head, false);
      if (request >= 0) va_grants_[va_grant_count_++] = VaGrant{requester, static_cast<unsigned>(request), -1};
      return;
    }
  }
  vc_allocation<S>();
}

// VA: each idle input VC whose front flit is a head requests the first free
// output VC among its route candidates (candidate order, then ascending VC).
// Each output VC grants one requester, round-robin over input VC index
// (port * V + vc). A forking head requests its ejection VC and its forward VC
// together and is granted only if it wins both; otherwise neither.
template <class S>
void Router::vc_allocation() {
  va_grant_count_ = 0;  // va_touched_, va_forks_ and va_fork_bits_ are empty (left so below)
  const unsigned vcs = vc_count<S>();
  for (std::uint64_t pending = va_waiting_; pending; pending &= pending - 1) {
    const unsigned requester = static_cast<unsigned>(__builtin_ctzll(pending));
    const unsigned p = requester / vcs;
    const VcId v = static_cast<VcId>(requester % vcs);
    int request;
    bool forks;
    if (routed_ >> requester & 1u) {
      // Still waiting unless one of its output VCs came free (and, if atomic,
      // drained). Decided without reading the head (checked when routed): in
      // a congested fabric most waiting heads stay blocked, and their flits
      // are cache misses.
      request = kept_open(requester) != 0
                    ? select<S>(&kept_routes_[std::size_t{requester} * kKeptRoutes], kept_count_[requester])
                    : -1;
      if (request < 0) continue;
      forks = kept_forks_ >> requester & 1u;
    } else {
      const Flit& head = inputs_[requester].fifo.front();
      if (!is_head(head.type)) fail("body flit at idle VC front");
      forks = forks_here(head);
      request = route_head<S>(requester, head, forks);
    }
    if (request < 0) continue;
    if (!forks && !(va_waiting_ & (va_waiting_ - 1))) {  // the only request: granted
      va_grants_[va_grant_count_++] = VaGrant{requester, static_cast<unsigned>(request), -1};
      return;
    }
    if (forks) {
      const Flit& head = inputs_[requester].fifo.front();
      if (waits_for_address(head, inputs_[requester].fifo)) continue;
      route_forward(head, static_cast<PortId>(p), v, forward_routes_);
      check_ports(forward_routes_);
      const int forward = select<S>(forward_routes_);
      if (forward < 0) continue;
      va_forks_.push_back(ForkRequest{requester, static_cast<unsigned>(forward),
                                      static_cast<unsigned>(request)});
      va_fork_bits_ |= 1ull << requester;
      vc_request<S>(requester, static_cast<unsigned>(forward));
    }
    vc_request<S>(requester, static_cast<unsigned>(request));
  }
  // A fork that wins its ejection VC claims its forward VC; among forks
  // claiming one forward VC, that VC's arbiter decides. (Deciding both VCs
  // independently could split two forks' wins forever.)
  for (const ForkRequest& f : va_forks_) {
    if (va_best_[f.local_ovc] != static_cast<int>(f.ivc)) continue;
    int& claim = va_claim_[f.ovc];
    if (claim < 0 || va_arb_[f.ovc].distance(f.ivc) < va_arb_[f.ovc].distance(static_cast<unsigned>(claim)))
      claim = static_cast<int>(f.ivc);
  }
  for (const ForkRequest& f : va_forks_)
    if (va_claim_[f.ovc] == static_cast<int>(f.ivc))
      va_grants_[va_grant_count_++] = VaGrant{f.ivc, f.ovc, static_cast<int>(f.local_ovc)};
  for (unsigned o : va_touched_) {
    const unsigned winner = static_cast<unsigned>(va_best_[o]);
    if (!(va_fork_bits_ >> winner & 1u) && va_claim_[o] < 0) va_grants_[va_grant_count_++] = VaGrant{winner, o, -1};
    va_best_[o] = -1;
  }
  for (const ForkRequest& f : va_forks_) va_claim_[f.ovc] = -1;
  va_touched_.clear();
  va_forks_.clear();
  va_fork_bits_ = 0;
}

void Router::keep_routes(unsigned requester, bool forks) {
  if (routes_.size() > kKeptRoutes) return;
  // All kKeptRoutes entries (64 bytes, a fixed-size copy; those past the count are not read).
  static_assert(kKeptRoutes <= RouteSet::kMax);
  std::memcpy(&kept_routes_[std::size_t{requester} * kKeptRoutes], routes_.data(), kKeptRoutes * sizeof(RouteCandidate));
  kept_count_[requester] = static_cast<std::uint8_t>(routes_.size());
  KeptWants& want = kept_wants_[requester];
  want = KeptWants{};
  for (std::size_t c = 0; c < routes_.size(); ++c) {
    const std::uint64_t vcs_there = (std::uint64_t{routes_[c].vc_mask} & vc_bits_) << (routes_[c].port * cfg_.vcs);
    (routes_[c].atomic ? want.atomic : want.any) |= vcs_there;
  }
  routed_ |= 1ull << requester;
  kept_forks_ = (kept_forks_ & ~(1ull << requester)) | std::uint64_t{forks} << requester;
}

// VA by iSLIP: each idle input VC whose front flit is a head requests every
// output VC of its candidates it may take (free; atomic ones drained), and
// iSLIP matches input VCs to output VCs. Candidate order and priorities
// play no part (BookSim's islip reads neither).
void Router::vc_allocation_islip() {
  IslipState& st = *islip_;
  va_grant_count_ = 0;
  st.va_granted = 0;
  const unsigned vcs = cfg_.vcs;
  std::uint64_t outputs = 0, heads = 0;  // heads: the requesters with an output to request
  st.spec_heads = 0;
  for (std::uint64_t pending = va_waiting_; pending; pending &= pending - 1) {
    const unsigned requester = static_cast<unsigned>(__builtin_ctzll(pending));
    std::uint64_t open = 0;
    if (routed_ >> requester & 1u) {
      open = kept_open(requester);
    } else {
      const Flit& head = inputs_[requester].fifo.front();
      if (!is_head(head.type)) fail("body flit at idle VC front");
      if (forks_here(head)) fail("a multi-destination worm forks under the iSLIP allocator");
      route(head, static_cast<PortId>(requester / vcs), static_cast<VcId>(requester % vcs), routes_);
      check_ports(routes_);
      if (va_waiting_ == 1ull << requester) {
        // The only head waiting: it gets a VC now unless none is open, so
        // its candidates are kept only then.
        for (std::size_t c = 0; c < routes_.size(); ++c) open |= free_vcs(routes_[c]) << (routes_[c].port * vcs);
        if (open == 0) keep_routes(requester, false);
      } else if (routes_.size() <= kKeptRoutes) {
        keep_routes(requester, false);
        open = kept_open(requester);  // each candidate's free VCs, as free_vcs() gives them
      } else {
        for (std::size_t c = 0; c < routes_.size(); ++c) open |= free_vcs(routes_[c]) << (routes_[c].port * vcs);
      }
    }
    if (open == 0) continue;
    heads |= 1ull << requester;
    if (cfg_.speculative) {
      st.spec_heads |= 1ull << requester;
      st.spec_open[requester] = open;
    }
    for (std::uint64_t m = open; m; m &= m - 1) {
      const unsigned o = static_cast<unsigned>(__builtin_ctzll(m));
      st.requesters[o] = (outputs >> o & 1u ? st.requesters[o] : 0) | 1ull << requester;
      outputs |= 1ull << o;
    }
  }
  if (outputs == 0) return;
  if (!(heads & (heads - 1))) {  // one requester: each output it asks grants it
    const unsigned requester = static_cast<unsigned>(__builtin_ctzll(heads));
    const unsigned ovc = st.va.match_single(requester, outputs);
    va_grants_[va_grant_count_++] = VaGrant{requester, ovc, -1};
    st.va_granted = heads;
    st.va_ovc[requester] = static_cast<std::uint8_t>(ovc);
    return;
  }
  st.va_granted = st.va.match(outputs, st.requesters.data(), cfg_.alloc_iters, st.matched.data());
  for (std::uint64_t m = st.va_granted; m; m &= m - 1) {
    const unsigned requester = static_cast<unsigned>(__builtin_ctzll(m));
    va_grants_[va_grant_count_++] = VaGrant{requester, st.matched[requester], -1};
    st.va_ovc[requester] = static_cast<std::uint8_t>(st.matched[requester]);
  }
}

// SA by iSLIP: each switch input (input port p's VCs v with v mod S = k are
// switch input p * S + k, S the input speedup) requests the switch output of
// every one of its VCs that has a flit and a credit (output port o's switch
// output for input port p is o * T + p mod T, T the output speedup); iSLIP
// matches switch inputs to switch outputs, and a matched input sends from
// its VC for that output that is first from its round-robin pointer
// (BookSim's per-input VC offset).
//
// kPorts (S = T = 1): switch input p is input port p and switch output o
// output port o, read without the tables. A VC that holds its output VC
// crosses as soon as its input is matched: what it changes (its own VC, its
// output VC's credits, the pointers) is read by no later match, and the VC
// allocation committed after it touches other VCs. With speedups that holds
// too, but a speculative winner may join the same output's queue in the
// same cycle, so with speculation the grants are listed, in match order,
// and cross after that commit; speculative winners always do.
template <bool kPorts>
void Router::switch_allocation_islip() {
  IslipState& st = *islip_;
  sa_grant_count_ = 0;
  if (sa_ready_ & forking_) fail("a multi-destination worm forks under the iSLIP allocator");
  const unsigned vcs = cfg_.vcs;
  std::uint64_t* const requesters = st.requesters.data();
  unsigned* const matched_to = st.matched.data();
  std::uint64_t* const vcs_to = st.vcs_to.data();
  // Requests; `inputs` are the switch inputs that request, and matched_to
  // holds each one's (first) output: while no output has two requesting
  // inputs and no input two outputs, that is the match (unopposed).
  std::uint64_t outputs = 0, inputs = 0;
  bool unopposed = true;
  auto request = [&](unsigned input, unsigned o) {
    const std::uint64_t bit = 1ull << input;
    if (outputs >> o & 1u) {
      unopposed = unopposed && requesters[o] == bit;
      requesters[o] |= bit;
    } else {
      requesters[o] = bit;
      outputs |= 1ull << o;
    }
    if (inputs & bit) {
      unopposed = unopposed && matched_to[input] == o;
    } else {
      matched_to[input] = o;
      inputs |= bit;
    }
  };
  // The switch input of input VC `ivc`, and the switch output of output
  // port `port` that input VC `ivc` uses.
  auto switch_input = [&](unsigned ivc) -> unsigned { return kPorts ? port_of_[ivc] : st.switch_input[ivc]; };
  auto switch_output = [&](unsigned port, unsigned ivc) -> unsigned {
    return kPorts ? port : port * cfg_.output_speedup + st.output_lane[port_of_[ivc]];
  };
  for (std::uint64_t m = sa_ready_ & sa_credit_; m; m &= m - 1) {
    const unsigned index = static_cast<unsigned>(__builtin_ctzll(m));
    const unsigned o = switch_output(out_port_of_[index], index);
    vcs_to[o] = (outputs >> o & 1u ? vcs_to[o] : 0) | 1ull << index;
    request(switch_input(index), o);
  }
  const std::uint64_t active_outputs = outputs;  // those with a VC's request (vcs_to is theirs)
  // Speculative bids: a head that requested VCs bids for each port where one
  // of them has a credit (BookSim's spec_check_elig and spec_check_cred).
  std::uint64_t spec_outputs = 0;
  for (std::uint64_t m = st.spec_heads; m; m &= m - 1) {
    const unsigned head = static_cast<unsigned>(__builtin_ctzll(m));
    for (std::uint64_t w = st.spec_open[head]; w; w &= w - 1) {
      const unsigned ovc_index = static_cast<unsigned>(__builtin_ctzll(w));
      if (outputs_[ovc_index].credits == 0) continue;
      const unsigned o = switch_output(port_of_[ovc_index], head);
      st.spec_bids[o] = (spec_outputs >> o & 1u ? st.spec_bids[o] : 0) | 1ull << head;
      spec_outputs |= 1ull << o;
      request(switch_input(head), o);
    }
  }
  st.spec_heads = 0;  // this cycle's bids are in
  if (outputs == 0) return;
  std::uint64_t matched = inputs;
  if (unopposed)
    st.sa.match_unopposed(inputs, matched_to);
  else
    matched = st.sa.match(outputs, requesters, cfg_.alloc_iters, matched_to);
  for (std::uint64_t m = matched; m; m &= m - 1) {
    const unsigned input = static_cast<unsigned>(__builtin_ctzll(m));
    const unsigned o = matched_to[input];
    const unsigned port = kPorts ? input : st.input_port[input];
    const unsigned base = port * vcs;
    // the input VCs that cross by this switch input
    const std::uint64_t mine = kPorts ? vc_bits_ << base : st.input_vcs[input];
    const std::uint64_t to_output = active_outputs >> o & 1u ? vcs_to[o] & mine : 0;
    // A VC with its output VC beats a speculative bid; the winner's switch
    // input points past it (BookSim's offset), whether it crosses or not.
    const std::uint64_t bids = spec_outputs >> o & 1u ? st.spec_bids[o] & mine : 0;
    if ((to_output | bids) == 0) fail("a switch match without a request");
    const unsigned vc = static_cast<unsigned>(st.vc_pointer[input].pick((to_output != 0 ? to_output : bids) >> base));
    st.vc_pointer[input].advance_past(kPorts ? vc : st.pointer_past[vc]);
    if (to_output == 0)
      speculative_grant(base + vc, kPorts ? o : st.output_port[o]);
    else if constexpr (kPorts)
      traverse<GeneralRouterShape, false, false, false>(port, vc);
    else if (!cfg_.speculative)  // no speculative winner this cycle: every winner crosses in match order
      traverse_by_speedup(port, vc);
    else
      grant(static_cast<PortId>(port), static_cast<VcId>(vc));
  }
}

void Router::speculative_grant(unsigned ivc, unsigned o) {
  const IslipState& st = *islip_;
  if (!(st.va_granted >> ivc & 1u)) return;
  const unsigned ovc = st.va_ovc[ivc];
  if (ovc / cfg_.vcs == o && outputs_[ovc].credits != 0)
    grant(static_cast<PortId>(port_of_[ivc]), static_cast<VcId>(ivc % cfg_.vcs));
}

// SA, input stage: each input port picks one of its active VCs that has a
// flit and a credit for its output VC (a fork: for both its outputs),
// round-robin over VC index. Output stage: each output port grants one
// requesting input port, round-robin over port index. A fork crosses only if
// it wins both outputs. The input pointer advances only when its pick crosses.
template <class S>
inline void Router::switch_allocation() {
  if (sa_ready_ & forking_) {
    switch_allocation_forks();
    return commit_switch_traversal();
  }
  // No fork among the ready VCs: every request names one output VC, and each
  // output port's winner crosses. An active VC that does not fork is
  // eligible when its output VC has a credit (sa_credit_).
  const std::uint64_t eligible = sa_ready_ & sa_credit_;
  if (eligible & (eligible - 1)) return switch_allocation_many<S>(eligible);
  if (eligible == 0) return;
  // One eligible VC: it wins both stages.
  const unsigned index = static_cast<unsigned>(__builtin_ctzll(eligible));
  const unsigned p = port_of_[index];
  traverse<S, false, false, true>(p, index - p * vc_count<S>());
}

template <class S>
void Router::switch_allocation_many(std::uint64_t eligible_vcs) {
  const unsigned vcs = vc_count<S>();
  if (const std::uint64_t second = eligible_vcs & (eligible_vcs - 1); !(second & (second - 1))) {
    // Two eligible VCs. On one input port, the port's pick crosses; on two
    // ports toward two outputs, both cross, in output order (as below).
    // Two ports toward one output: the general way.
    const unsigned a = static_cast<unsigned>(__builtin_ctzll(eligible_vcs));
    const unsigned b = static_cast<unsigned>(__builtin_ctzll(second));
    const unsigned pa = port_of_[a], pb = port_of_[b];
    if (pa == pb) {
      const std::uint64_t eligible = (eligible_vcs >> (pa * vcs)) & vc_bits<S>();
      const unsigned v = by_age<S>() ? static_cast<unsigned>(oldest_vc(pa, eligible))
                                     : static_cast<unsigned>(sa_in_arb_[pa].pick(eligible));
      return traverse<S, false, false, true>(pa, v);
    }
    const unsigned oa = inputs_[a].out_port, ob = inputs_[b].out_port;
    if (oa != ob) {
      const bool a_first = oa < ob;
      traverse<S, false, false, true>(a_first ? pa : pb, a_first ? a - pa * vcs : b - pb * vcs);
      traverse<S, false, false, true>(a_first ? pb : pa, a_first ? b - pb * vcs : a - pa * vcs);
      return;
    }
  }
  std::uint64_t requested_outputs = 0;
  for (std::uint64_t ready = eligible_vcs; ready;) {
    const unsigned p = port_of_[__builtin_ctzll(ready)];
    const unsigned base = p * vcs;
    const std::uint64_t eligible = (ready >> base) & vc_bits<S>();
    ready &= ~(vc_bits<S>() << base);
    const unsigned v = !(eligible & (eligible - 1)) ? static_cast<unsigned>(__builtin_ctzll(eligible))
                       : by_age<S>()                      ? static_cast<unsigned>(oldest_vc(p, eligible))
                                                          : static_cast<unsigned>(sa_in_arb_[p].pick(eligible));
    sa_choice_[p] = static_cast<int>(v);
    const unsigned o = inputs_[base + v].out_port;
    const std::uint64_t bit = 1ull << o;
    sa_requests_[o] = (requested_outputs & bit ? sa_requests_[o] : 0) | 1ull << p;
    requested_outputs |= bit;
  }
  for (; requested_outputs; requested_outputs &= requested_outputs - 1) {
    const unsigned o = static_cast<unsigned>(__builtin_ctzll(requested_outputs));
    const std::uint64_t requests = sa_requests_[o];
    const unsigned p = static_cast<unsigned>(!(requests & (requests - 1)) ? __builtin_ctzll(requests) : pick_input<S>(o));
    traverse<S, false, false, true>(p, static_cast<unsigned>(sa_choice_[p]));
  }
}

// Switch traversal of a VC that does not fork (also for the fork path's
// grants). The fast path calls it as soon as an output is decided, with no
// grant list: nothing a later output's decision reads changes (each input
// port requested one output, and the VC allocation committed after this
// touches other VCs), so the result is the one of deciding every output first.
template <class S, bool kMerge, bool kQueue, bool kArbiters>
inline void Router::traverse(unsigned in_port, unsigned in_vc) {
  const unsigned index = in_port * vc_count<S>() + in_vc;
  InputVc& in = inputs_[index];
  const Flit& flit = in.fifo.front();
  const bool tail = is_tail(flit.type);
  take_credit(in.out_index);
  if constexpr (kQueue) {
    // The first flit of the cycle to an empty queue leaves at once (as
    // send_queued() would send it this cycle); any other waits in the queue,
    // counted in buffered_ until it leaves.
    IslipState& st = *islip_;
    const std::uint64_t bit = 1ull << in.out_port;
    if (((st.queued_ports | st.sent_ports) & bit) == 0) {
      st.sent_ports |= bit;
      --buffered_;
      out_links_[in.out_port]->send_flit(flit, in.out_vc);
    } else {
      st.out_queue[in.out_port].push(IslipState::Queued{flit, in.out_vc});
      st.queued_ports |= bit;
    }
  } else {
    --buffered_;
    Link::send_flit<S::laned>(out_ends_[in.out_port], *committer_, flit, in.out_vc);
  }
  finish_crossing<S, kMerge, kArbiters>(in, index, in_port, in_vc, in.out_port, tail);
}

// The bookkeeping of every crossing, after the front flit of input VC
// (in_port, in_vc), `in` at `index`, was sent toward output port `out_port`: the flit leaves
// the buffer, its credit goes upstream, both arbiters move past the winner;
// a tail frees the VC's output VC and the VC itself (the next packet's head
// then waits for a VC), and an emptied VC leaves the ready set.
template <class S, bool kMerge, bool kArbiters>
inline void Router::finish_crossing(InputVc& in, unsigned index, unsigned in_port, unsigned in_vc, unsigned out_port,
                                    bool tail) {
  in.fifo.drop();
  // The flit came in on this port's link (buffer_write), so it has one.
  if constexpr (kMerge)
    in_links_[in_port]->send_credit_merged(static_cast<VcId>(in_vc));
  else
    Link::send_credit<S::laned>(in_ends_[in_port].credit, *committer_, static_cast<VcId>(in_vc));
  if constexpr (kArbiters) {
    sa_in_arb_[in_port].advance_past(in_vc);
    sa_out_arb_[out_port].advance_past(in_port);
  }
  if (tail) {
    outputs_[in.out_index].allocated = false;
    allocated_ &= ~(1ull << in.out_index);
    in.active = false;
    sa_ready_ &= ~(1ull << index);
    if (!in.fifo.empty()) new_head<S>(index, in.fifo.front());  // next packet's head
  } else if (in.fifo.empty()) {
    sa_ready_ &= ~(1ull << index);
  }
}

// switch_allocation() when a ready input VC forks: grants are listed (for
// commit_switch_traversal()).
void Router::switch_allocation_forks() {
  const unsigned vcs = cfg_.vcs;
  const std::uint64_t vc_bits = (vcs >= 64) ? ~0ull : ((1ull << vcs) - 1);
  std::uint64_t requested_outputs = 0;
  std::uint64_t ready = sa_ready_;
  bool forks = false;
  while (ready) {
    const unsigned p = static_cast<unsigned>(__builtin_ctzll(ready)) / vcs;
    const std::uint64_t port_ready = (ready >> (p * vcs)) & vc_bits;
    ready &= ~(vc_bits << (p * vcs));
    std::uint64_t eligible = 0;
    for (std::uint64_t m = port_ready; m; m &= m - 1) {
      const unsigned v = static_cast<unsigned>(__builtin_ctzll(m));
      const InputVc& in = ivc(p, v);
      if (ovc(first_port(in), first_vc(in)).credits == 0) continue;
      if (crosses_twice(in) && ovc(in.local_port, in.local_vc).credits == 0) continue;
      eligible |= 1ull << v;
    }
    const int v = cfg_.arbitration == Arbitration::Age ? oldest_vc(p, eligible) : sa_in_arb_[p].pick(eligible);
    if (v < 0) continue;
    sa_choice_[p] = v;
    const InputVc& in = ivc(p, static_cast<unsigned>(v));
    for (unsigned k = 0; k < (crosses_twice(in) ? 2u : 1u); ++k) {
      const unsigned o = k == 0 ? first_port(in) : in.local_port;
      if (!(requested_outputs >> o & 1u)) sa_requests_[o] = 0;
      sa_requests_[o] |= 1ull << p;
      requested_outputs |= 1ull << o;
    }
    forks = forks || crosses_twice(in);
  }
  if (!forks) {  // every request names one output: each output's winner crosses
    while (requested_outputs) {
      const unsigned o = static_cast<unsigned>(__builtin_ctzll(requested_outputs));
      requested_outputs &= requested_outputs - 1;
      const int p = pick_input<GeneralRouterShape>(o);
      grant(static_cast<PortId>(p), static_cast<VcId>(sa_choice_[p]));
    }
    return;
  }
  // Forks: one that wins its ejection port claims its forward port; among
  // claims on one port, that port's arbiter decides.
  for (std::uint64_t m = requested_outputs; m; m &= m - 1) {
    const unsigned o = static_cast<unsigned>(__builtin_ctzll(m));
    sa_winner_[o] = pick_input<GeneralRouterShape>(o);
    sa_claim_[o] = -1;
  }
  for (std::uint64_t m = requested_outputs; m; m &= m - 1) {
    const unsigned l = static_cast<unsigned>(__builtin_ctzll(m));
    const int p = sa_winner_[l];
    const InputVc& in = ivc(static_cast<unsigned>(p), static_cast<unsigned>(sa_choice_[p]));
    if (!crosses_twice(in) || l != in.local_port) continue;
    int& claim = sa_claim_[in.out_port];
    const RoundRobin& arb = sa_out_arb_[in.out_port];
    if (claim < 0 || arb.distance(static_cast<unsigned>(p)) < arb.distance(static_cast<unsigned>(claim))) claim = p;
  }
  for (std::uint64_t m = requested_outputs; m; m &= m - 1) {
    const unsigned o = static_cast<unsigned>(__builtin_ctzll(m));
    const int claim = sa_claim_[o];
    if (claim >= 0) {
      grant(static_cast<PortId>(claim), static_cast<VcId>(sa_choice_[claim]));
      continue;
    }
    const int p = sa_winner_[o];
    if (!crosses_twice(ivc(static_cast<unsigned>(p), static_cast<unsigned>(sa_choice_[p]))))
      grant(static_cast<PortId>(p), static_cast<VcId>(sa_choice_[p]));
  }
}

void Router::traverse_by_speedup(unsigned in_port, unsigned in_vc) {
  if (!islip_) return traverse<GeneralRouterShape, false, false, true>(in_port, in_vc);
  const bool merge = cfg_.input_speedup != 1;
  if (cfg_.output_speedup != 1) {
    if (merge)
      traverse<GeneralRouterShape, true, true, false>(in_port, in_vc);
    else
      traverse<GeneralRouterShape, false, true, false>(in_port, in_vc);
  } else if (merge) {
    traverse<GeneralRouterShape, true, false, false>(in_port, in_vc);
  } else {
    traverse<GeneralRouterShape, false, false, false>(in_port, in_vc);
  }
}

void Router::send_queued() {
  IslipState& st = *islip_;
  for (std::uint64_t m = st.queued_ports & ~st.sent_ports; m; m &= m - 1) {
    const unsigned o = static_cast<unsigned>(__builtin_ctzll(m));
    Fifo<IslipState::Queued>& queue = st.out_queue[o];
    out_links_[o]->send_flit(queue.front().flit, queue.front().vc);
    queue.drop();
    --buffered_;
    if (queue.empty()) st.queued_ports &= ~(1ull << o);
  }
  st.sent_ports = 0;
}

void Router::cross_speculative_winners() {
  for (unsigned k = 0; k < sa_grant_count_; ++k)
    traverse<GeneralRouterShape, false, false, false>(sa_grants_[k].in_port, sa_grants_[k].in_vc);
  sa_grant_count_ = 0;
}

void Router::commit_switch_traversal() {
  for (unsigned k = 0; k < sa_grant_count_; ++k) {
    const SaGrant& g = sa_grants_[k];
    const unsigned index = g.in_port * cfg_.vcs + g.in_vc;
    InputVc& in = inputs_[index];
    if (!in.fork) {
      traverse_by_speedup(g.in_port, g.in_vc);
      continue;
    }
    const Flit& flit = in.fifo.front();  // sent from the buffer, then dropped
    --buffered_;
    if (in.drop_next) {  // a consumed address flit: to the ejection VC only
      in.drop_next = false;
      out_links_[in.local_port]->send_flit(flit, in.local_vc);
      take_credit(in.local_port * cfg_.vcs + in.local_vc);
      finish_crossing<GeneralRouterShape, false, true>(in, index, g.in_port, g.in_vc, in.local_port, false);
      continue;
    }
    // A fork: every flit crosses to its ejection VC and, as the copy bound
    // for the next destination, to its output VC.
    const bool tail = is_tail(flit.type);
    take_credit(in.out_index);
    out_links_[in.local_port]->send_flit(flit, in.local_vc);
    const unsigned local = in.local_port * cfg_.vcs + in.local_vc;
    OutputVc& lo = outputs_[local];
    take_credit(local);
    sa_out_arb_[in.local_port].advance_past(g.in_port);
    if (tail) {
      lo.allocated = false;
      allocated_ &= ~(1ull << local);
    }
    if (is_head(flit.type) && (*worms_)[flit.worm].form == HeaderForm::List) {
      const auto& route = (*worms_)[flit.worm];
      in.drop_next = fork_drops_address_flit(route.destinations.size(), flit.hop, cfg_.flit_bits);
    }
    out_links_[in.out_port]->send_flit(forwarded(flit), in.out_vc);
    if (tail) {
      in.fork = false;
      in.drop_next = false;
      forking_ &= ~(1ull << index);
    }
    finish_crossing<GeneralRouterShape, false, true>(in, index, g.in_port, g.in_vc, in.out_port, tail);
  }
  sa_grant_count_ = 0;
}

namespace {

/// The component tag of a router of shape S (Component::tag).
template <class S>
constexpr unsigned kShapeTag = 0x5200u | S::vcs;

/// A router whose cycle is compiled for shape S.
template <class S>
class ShapedRouter final : public Router {
 public:
  ShapedRouter(NodeId id, const RouterConfig& config, const RoutingFunction& routing, ActivityList& activity,
               std::size_t slot, const WormTable* worms)
      : Router(id, config, routing, activity, slot, worms) {
    set_tag(kShapeTag<S>);
  }
  void evaluate(Cycle cycle) override {
    if (laned())
      evaluate_as<LanedShape<S>>(cycle);
    else
      evaluate_as<S>(cycle);
  }
  bool shaped() const override { return true; }
  /// evaluate() with one lane (T = S) or several (T = LanedShape<S>), inlined.
  template <class T>
  [[gnu::always_inline]] void evaluate_shaped(Cycle cycle) {
    evaluate_as<T>(cycle);
  }
};

/// A ListEvaluator that calls the cycles of routers of shape S and of
/// network interfaces directly, compiled as T (S, or LanedShape<S>).
template <class S, class T = S>
void evaluate_list_as(Component* const* list, std::size_t n, Cycle cycle, bool light_hints) {
  evaluate_in_order(list, n, light_hints, [cycle](Component* c) __attribute__((always_inline)) {
    if (c->tag() == kShapeTag<S>)
      static_cast<ShapedRouter<S>*>(c)->template evaluate_shaped<T>(cycle);
    else if (c->tag() == NetworkInterface::kTag)
      static_cast<NetworkInterface*>(c)->evaluate_cycle(cycle);
    else
      c->evaluate(cycle);
  });
}

/// f(S{}) for the shape of the routers make() builds for `config`: a plain
/// shape of 1, 2, 4 or any number of VCs, or GeneralRouterShape for none.
template <class F>
auto with_shape(const RouterConfig& config, bool shaped, F&& f) {
  const bool plain = config.allocator == Allocator::Separable && config.arbitration == Arbitration::RoundRobin &&
                     config.selection == Selection::First && config.routing_delay == 0 && !config.wait_for_tail_credit;
  if (!shaped || !plain) return f(GeneralRouterShape{});
  switch (config.vcs) {
    case 1: return f(RouterShape<1, true>{});
    case 2: return f(RouterShape<2, true>{});
    case 4: return f(RouterShape<4, true>{});
    default: return f(RouterShape<0, true>{});
  }
}

}  // namespace

std::unique_ptr<Router> Router::make(NodeId id, const RouterConfig& config, const RoutingFunction& routing,
                                     ActivityList& activity, std::size_t slot, const WormTable* worms, bool shaped) {
  return with_shape(config, shaped, [&](auto shape) -> std::unique_ptr<Router> {
    using S = decltype(shape);
    if constexpr (S::plain)
      return std::make_unique<ShapedRouter<S>>(id, config, routing, activity, slot, worms);
    else
      return std::make_unique<Router>(id, config, routing, activity, slot, worms);
  });
}

ListEvaluator Router::list_evaluator(const RouterConfig& config, bool shaped, bool laned) {
  return with_shape(config, shaped, [laned](auto shape) -> ListEvaluator {
    using S = decltype(shape);
    if constexpr (S::plain)
      return laned ? evaluate_list_as<S, LanedShape<S>> : evaluate_list_as<S>;
    else
      return evaluate_any;
  });
}

}  // namespace wormsim
