#include <wormsim/systemc/fabric.h>

#include <algorithm>

#include <wormsim/core/config_error.h>
#include <wormsim/multicast/worm_packet.h>

namespace wormsim::systemc {
namespace {

/// The router's instance name: the node's name (r1_2_3).
std::string router_instance(const Topology& t, NodeId n) { return node_name(t, n); }

}  // namespace

sc_core::sc_signal<FlitSlot>* Fabric::flit_signal(const std::string& name) {
  return &flit_signals_.emplace_back(name.c_str());
}

sc_core::sc_signal<CreditSlot>* Fabric::credit_signal(const std::string& name) {
  return &credit_signals_.emplace_back(name.c_str());
}

Fabric::Fabric(const sc_core::sc_module_name& name, const Scenario& scenario, std::vector<NodeId> external)
    : sc_core::sc_module(name), clk("clk"), rst_n("rst_n"), setup_(setup_network(scenario)) {
  const Topology& t = *setup_.topology;
  const RouterConfig& rc = setup_.network.router;
  const std::size_t n = t.num_nodes();
  const unsigned traversal = setup_.network.traversal_delay, credit_delay = setup_.network.credit_delay;
  // Routers bound from outside (the RTL) run the RTL's pipeline: none of
  // the settings beyond it.
  const char* beyond_rtl = rc.routing_delay != 0 ? "routing_delay"
                           : traversal != 0      ? "traversal_delay"
                           : credit_delay != 0   ? "credit_delay"
                           : rc.wait_for_tail_credit ? "wait_for_tail_credit"
                           : rc.allocator != Allocator::Separable ? "allocator"
                           : rc.speculative ? "speculative"
                           : rc.input_speedup != 1 ? "input_speedup"
                           : rc.output_speedup != 1 ? "output_speedup"
                                                     : nullptr;
  if (beyond_rtl != nullptr && !external.empty())
    throw ConfigError(beyond_rtl, "routers bound from outside (the RTL) run the RTL's pipeline (no delays, a VC "
                                  "reallocated once its tail leaves, the separable allocator); the fabric's own routers and the fast "
                                  "engine run the other settings");
  for (NodeId e : external)
    if (e >= n) throw ConfigError("external", "router " + std::to_string(e) + " is not a node of " + t.spec);
  const std::vector<std::string> labels = router_port_labels(t, rc.local_ports);
  NiConfig ni_cfg;
  ni_cfg.channels = rc.local_ports;
  ni_cfg.vcs = rc.vcs;
  ni_cfg.buffer_depth = rc.buffer_depth;
  ni_cfg.eject_probability = setup_.network.eject_probability;

  routers_.resize(n);
  for (NodeId id = 0; id < n; ++id) {
    const std::string r = router_instance(t, id);
    if (std::find(external.begin(), external.end(), id) == external.end()) {
      routers_[id] = std::make_unique<Router>(r.c_str(), id, rc, *setup_.routing, labels, &worms_);
      routers_[id]->clk(clk);
      routers_[id]->rst_n(rst_n);
    }
    nis_.push_back(std::make_unique<NetworkInterface>(("ni_" + r).c_str(), id, ni_cfg,
                                                      ni_eject_rng(setup_.network.seed, id)));
    nis_.back()->clk(clk);
    nis_.back()->rst_n(rst_n);
    nis_.back()->on_flit([this](const Flit& f, NodeId node, unsigned ch, Cycle c) { delivered(f, node, ch, c); });
  }

  // One flit signal and one credit signal per link, named after the router
  // and port the link leaves by; each is read by one port and written by one.
  ports_.assign(n, std::vector<PortSignals>(labels.size()));
  for (NodeId id = 0; id < n; ++id) {
    const std::string r = router_instance(t, id);
    for (PortId p = 0; p < t.num_ports; ++p) {
      PortSignals& here = ports_[id][p];
      const auto& peer = t.peer[id][p];
      const std::string link = r + "_" + labels[p];
      if (!peer) {
        here.in = flit_signal(r + "_open_" + labels[p] + "_in");
        here.in_credit = credit_signal(r + "_open_" + labels[p] + "_in_credit");
        here.out = flit_signal(r + "_open_" + labels[p] + "_out");
        here.out_credit = credit_signal(r + "_open_" + labels[p] + "_out_credit");
        continue;
      }
      here.out = flit_signal(link);
      here.out_credit = credit_signal(link + "_credit");
      links_.emplace_back(here.out, here.out_credit);
      PortSignals& there = ports_[peer->node][peer->port];
      const unsigned latency = link_latency_of(setup_.scenario, t.num_ports, id, p);
      // <link> and <link>_credit are the upstream router's side; a longer
      // direction's reader sees <link>_far (<link>_far_credit, which the
      // downstream router writes).
      if (latency + traversal == 1) {
        there.in = here.out;
      } else {
        there.in = flit_signal(link + "_far");
        join(flit_lines_, here.out, there.in, link + "_pipe", latency + traversal);
      }
      if (latency + credit_delay == 1) {
        there.in_credit = here.out_credit;
      } else {
        there.in_credit = credit_signal(link + "_far_credit");
        join(credit_lines_, there.in_credit, here.out_credit, link + "_credit_pipe", latency + credit_delay);
      }
      if (there.in != here.out || there.in_credit != here.out_credit) links_.emplace_back(there.in, there.in_credit);
    }
    for (unsigned k = 0; k < rc.local_ports; ++k) {
      PortSignals& local = ports_[id][t.num_ports + k];
      const std::string ch = std::to_string(k);
      local.in = flit_signal(r + "_inj" + ch);
      local.in_credit = credit_signal(r + "_inj" + ch + "_credit");
      local.out = flit_signal(r + "_ej" + ch);
      local.out_credit = credit_signal(r + "_ej" + ch + "_credit");
      links_.emplace_back(local.in, local.in_credit);
      links_.emplace_back(local.out, local.out_credit);
      // The ejection link is a router output: 1 + X cycles for flits, 1 + C
      // for credits (the network interface's side is _far, _far_credit).
      sc_core::sc_signal<FlitSlot>* ni_in = local.out;
      sc_core::sc_signal<CreditSlot>* ni_credit = local.out_credit;
      if (traversal != 0) {
        ni_in = flit_signal(r + "_ej" + ch + "_far");
        join(flit_lines_, local.out, ni_in, r + "_ej" + ch + "_pipe", 1 + traversal);
      }
      if (credit_delay != 0) {
        ni_credit = credit_signal(r + "_ej" + ch + "_far_credit");
        join(credit_lines_, ni_credit, local.out_credit, r + "_ej" + ch + "_credit_pipe", 1 + credit_delay);
      }
      if (ni_in != local.out || ni_credit != local.out_credit) links_.emplace_back(ni_in, ni_credit);
      NetworkInterface& ni = *nis_[id];
      ni.out[k](*local.in);
      ni.out_credit[k](*local.in_credit);
      ni.in[k](*ni_in);
      ni.in_credit[k](*ni_credit);
    }
  }
  for (NodeId id = 0; id < n; ++id)
    if (routers_[id]) bind(id, *routers_[id]);
}

std::uint64_t Fabric::send(NodeId src, NodeId dst, unsigned length) {
  const NodeId n = static_cast<NodeId>(num_nodes());
  if (src >= n || dst >= n || src == dst)
    throw ConfigError("packet", "expected two different nodes below " + std::to_string(n));
  if (length < 1 || length > 65535) throw ConfigError("flits", "expected 1 to 65535 flits");
  Packet p;
  p.id = next_id_++;
  p.src = src;
  p.dst = dst;
  p.length = static_cast<std::uint16_t>(length);
  send_packet(p);
  return p.id;
}

std::uint64_t Fabric::send_worm(NodeId src, WormRoute route, unsigned payload) {
  check_worm_route(setup_.network.router, route);
  Packet p = worm_packet(topology(), src, route, payload, scenario().flit_bits);
  p.id = next_id_++;
  p.worm = worms_.add(std::move(route));
  send_packet(p);
  return p.id;
}

void Fabric::send_packet(const Packet& p) {
  if (p.worm != 0) worm_of_packet_[p.id] = p.worm;
  nis_.at(p.src)->send(p);
}

bool Fabric::resolve_worm(Flit& f) const {
  const auto it = worm_of_packet_.find(f.packet);
  if (it == worm_of_packet_.end()) return false;
  return restore_worm_fields(worms_, it->second, f);
}

void Fabric::delivered(const Flit& f, NodeId node, unsigned channel, Cycle cycle) {
  for (const auto& h : flit_handlers_) h(f, node, channel, cycle);
  if (!is_tail(f.type) || delivery_handlers_.empty()) return;
  const Delivery d{f.packet, f.src, node, static_cast<unsigned>(f.seq) + 1u, cycle};
  for (const auto& h : delivery_handlers_) h(d);
}

void Fabric::trace(sc_core::sc_trace_file* tf, const std::string& prefix) const {
  for (const auto& [flit, credit] : links_) {
    sc_core::sc_trace(tf, *flit, prefix + "." + flit->basename());
    sc_core::sc_trace(tf, *credit, prefix + "." + credit->basename());
  }
}

}  // namespace wormsim::systemc
