#include <wormsim/router/router.h>

#include <stdexcept>
#include <string>

namespace wormsim {

Router::Router(NodeId id, const RouterConfig& config, const RoutingFunction& routing,
               ActivityList& activity, std::size_t slot)
    : id_(id), cfg_(config), routing_(routing), activity_(activity), slot_(slot) {
  const unsigned ports = cfg_.total_ports();
  if (ports * cfg_.vcs > 64) throw std::invalid_argument("router: ports x VCs must be <= 64");
  in_links_.assign(ports, nullptr);
  out_links_.assign(ports, nullptr);
  inputs_.resize(ports * cfg_.vcs);
  for (auto& in : inputs_) in.fifo = Fifo<Flit>(cfg_.buffer_depth);
  outputs_.resize(ports * cfg_.vcs);
  for (auto& out : outputs_) out.credits = cfg_.buffer_depth;
  va_arb_.assign(ports * cfg_.vcs, RoundRobin(ports * cfg_.vcs));
  sa_in_arb_.assign(ports, RoundRobin(cfg_.vcs));
  sa_out_arb_.assign(ports, RoundRobin(ports));
  port_buffered_.assign(ports, 0);
  va_best_.assign(ports * cfg_.vcs, -1);
  sa_choice_.assign(ports, -1);
}

void Router::evaluate(Cycle) {
  if (buffered_ != 0) {
    vc_allocation();
    switch_allocation();
    commit_vc_allocation();
    commit_switch_traversal();
  }
  buffer_write();
  credit_update();
  if (buffered_ != 0) activity_.wake(slot_);
}

void Router::route(const Flit& head, PortId in_port, RouteSet& out) const {
  out.clear();
  if (head.dst == id_) {
    const std::uint32_t all = all_vcs_mask(cfg_.vcs);
    for (unsigned l = 0; l < cfg_.local_ports; ++l)
      out.add(static_cast<PortId>(cfg_.network_ports + l), all);
    return;
  }
  routing_.route(id_, in_port, head, out);
}

// VA: each idle input VC whose front flit is a head requests the first free
// output VC among its route candidates (candidate order, then ascending VC).
// Each output VC grants one requester, round-robin over input VC index
// (port * V + vc).
void Router::vc_allocation() {
  va_grants_.clear();
  va_touched_.clear();
  const unsigned vcs = cfg_.vcs;
  for (unsigned p = 0; p < cfg_.total_ports(); ++p) {
    if (port_buffered_[p] == 0) continue;
    for (unsigned v = 0; v < vcs; ++v) {
      const InputVc& in = ivc(p, v);
      if (in.active || in.fifo.empty()) continue;
      const Flit& head = in.fifo.front();
      if (!is_head(head.type))
        throw std::logic_error("router " + std::to_string(id_) + ": body flit at idle VC front");
      route(head, static_cast<PortId>(p), routes_);
      int request = -1;
      for (std::size_t c = 0; c < routes_.size() && request < 0; ++c) {
        const RouteCandidate& cand = routes_[c];
        if (out_links_[cand.port] == nullptr)
          throw std::logic_error("router " + std::to_string(id_) + ": route to unconnected port " +
                                 std::to_string(cand.port));
        for (unsigned w = 0; w < vcs; ++w) {
          if ((cand.vc_mask >> w & 1u) && !ovc(cand.port, w).allocated) {
            request = static_cast<int>(cand.port * vcs + w);
            break;
          }
        }
      }
      if (request < 0) continue;
      const unsigned requester = p * vcs + v;
      int& best = va_best_[static_cast<unsigned>(request)];
      if (best < 0) {
        va_touched_.push_back(static_cast<unsigned>(request));
        best = static_cast<int>(requester);
      } else {
        const RoundRobin& arb = va_arb_[static_cast<unsigned>(request)];
        if (arb.distance(requester) < arb.distance(static_cast<unsigned>(best)))
          best = static_cast<int>(requester);
      }
    }
  }
  for (unsigned o : va_touched_) {
    va_grants_.push_back(VaGrant{static_cast<unsigned>(va_best_[o]), o});
    va_best_[o] = -1;
  }
}

// SA, input stage: each input port picks one of its active VCs that has a
// flit and a credit for its output VC, round-robin over VC index. Output
// stage: each output port grants one requesting input port, round-robin over
// port index. The input pointer advances only when its pick wins.
void Router::switch_allocation() {
  sa_grants_.clear();
  const unsigned ports = cfg_.total_ports();
  const unsigned vcs = cfg_.vcs;
  std::uint64_t out_requests[64] = {};
  std::uint64_t requested_outputs = 0;
  for (unsigned p = 0; p < ports; ++p) {
    sa_choice_[p] = -1;
    if (port_buffered_[p] == 0) continue;
    std::uint64_t eligible = 0;
    for (unsigned v = 0; v < vcs; ++v) {
      const InputVc& in = ivc(p, v);
      if (in.active && !in.fifo.empty() && ovc(in.out_port, in.out_vc).credits > 0)
        eligible |= 1ull << v;
    }
    const int v = sa_in_arb_[p].pick(eligible);
    if (v < 0) continue;
    sa_choice_[p] = v;
    const unsigned o = ivc(p, static_cast<unsigned>(v)).out_port;
    out_requests[o] |= 1ull << p;
    requested_outputs |= 1ull << o;
  }
  while (requested_outputs) {
    const unsigned o = static_cast<unsigned>(__builtin_ctzll(requested_outputs));
    requested_outputs &= requested_outputs - 1;
    const int p = sa_out_arb_[o].pick(out_requests[o]);
    sa_grants_.push_back(SaGrant{static_cast<PortId>(p), static_cast<VcId>(sa_choice_[p])});
  }
}

void Router::commit_vc_allocation() {
  const unsigned vcs = cfg_.vcs;
  for (const VaGrant& g : va_grants_) {
    InputVc& in = inputs_[g.ivc];
    in.active = true;
    in.out_port = static_cast<PortId>(g.ovc / vcs);
    in.out_vc = static_cast<VcId>(g.ovc % vcs);
    outputs_[g.ovc].allocated = true;
    va_arb_[g.ovc].advance_past(g.ivc);
  }
}

void Router::commit_switch_traversal() {
  for (const SaGrant& g : sa_grants_) {
    InputVc& in = ivc(g.in_port, g.in_vc);
    Flit flit = in.fifo.pop();
    --port_buffered_[g.in_port];
    --buffered_;
    OutputVc& out = ovc(in.out_port, in.out_vc);
    --out.credits;
    flit.vc = in.out_vc;
    out_links_[in.out_port]->send_flit(flit);
    if (in_links_[g.in_port] != nullptr) in_links_[g.in_port]->send_credit(g.in_vc);
    sa_in_arb_[g.in_port].advance_past(g.in_vc);
    sa_out_arb_[in.out_port].advance_past(g.in_port);
    if (is_tail(flit.type)) {
      out.allocated = false;
      in.active = false;
    }
  }
}

void Router::buffer_write() {
  for (unsigned p = 0; p < cfg_.total_ports(); ++p) {
    const Link* link = in_links_[p];
    if (link == nullptr || !link->flit().valid) continue;
    const Flit& f = link->flit().flit;
    if (f.vc >= cfg_.vcs) throw std::logic_error("router: flit on nonexistent VC");
    ivc(p, f.vc).fifo.push(f);
    ++port_buffered_[p];
    ++buffered_;
  }
}

void Router::credit_update() {
  for (unsigned p = 0; p < cfg_.total_ports(); ++p) {
    const Link* link = out_links_[p];
    if (link == nullptr || !link->credit().valid) continue;
    OutputVc& out = ovc(p, link->credit().vc);
    if (++out.credits > cfg_.buffer_depth)
      throw std::logic_error("router " + std::to_string(id_) + ": credit overflow");
  }
}

}  // namespace wormsim
