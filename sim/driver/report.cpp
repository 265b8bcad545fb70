#include "report.h"

#include "output_file.h"

#include <cstdio>
#include <algorithm>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include <wormsim/core/choice.h>
#include <wormsim/network/lane_balancer.h>
#include <wormsim/router/allocator.h>
#include <wormsim/routing/registry.h>
#include <wormsim/sim/network_setup.h>
#include <wormsim/traffic/injection.h>
#include <wormsim/traffic/pattern.h>

namespace wormsim::driver {
namespace {

std::string packet_text(const Scenario& s) {
  if (!s.trace.empty()) return "trace-given";
  return s.packet_mix ? "mixed-length (" + s.packet_mix->text() + " flits)" : std::to_string(s.packet) + "-flit";
}

/// The settings the run's injection process reads beyond the rate (from
/// its row of the injection table).
std::vector<InjectionParameter> injection_parameters(const Scenario& s) {
  const InjectionInfo& info = find_injection(s.injection);
  return info.parameters ? info.parameters(injection_config(s)) : std::vector<InjectionParameter>{};
}

std::string traffic_text(const Scenario& s, const Results& r) {
  if (!s.trace.empty()) return "trace " + s.trace;
  std::string t = r.traffic + " traffic";
  const std::vector<InjectionParameter> params = injection_parameters(s);
  if (!params.empty()) {
    std::ostringstream b;
    for (std::size_t i = 0; i < params.size(); ++i)
      b << (i ? ", " : "") << params[i].label << " " << params[i].value << params[i].unit;
    t += ", " + s.injection + " injection (" + b.str() + ")";
  }
  return t;
}

/// "3-cycle links, ", "1-2-cycle links (auto), " or nothing for 1-cycle links.
std::string links_text(const Scenario& s) {
  unsigned lo = s.link_latency, hi = s.link_latency;
  for (const unsigned l : s.link_latencies)
    if (l > 0) lo = std::min(lo, l), hi = std::max(hi, l);
  if (s.link_latencies.empty() && hi == 1) return "";
  const std::string auto_text = s.physical.link_latency_auto ? " (auto)" : "";
  return (lo == hi ? std::to_string(hi) : std::to_string(lo) + "-" + std::to_string(hi)) + "-cycle links" + auto_text + ", ";
}

}  // namespace

void print_summary(std::ostream& os, const Scenario& s, const Results& r) {
  os << std::fixed;
  os << "wormsim run: " << r.topology << " (" << r.nodes << " nodes), routing " << r.routing
     << " (selection " << r.selection << ", arbitration " << s.arbitration
     << (parse_choice(allocators(), s.allocator, "allocator", "allocator") == Allocator::Separable ? std::string()
                                    : ", allocator " + s.allocator + " x" + std::to_string(s.alloc_iters))
     << (s.input_speedup == 1 ? std::string() : ", input speedup " + std::to_string(s.input_speedup))
     << (s.output_speedup == 1 ? std::string() : ", output speedup " + std::to_string(s.output_speedup))
     << (s.speculative ? ", speculative" : "")
     << "), " << s.vcs << " VCs x " << s.buffer << " flits, " << s.local_ports
     << " local port(s), " << links_text(s) << packet_text(s) << " packets, " << traffic_text(s, r) << " at "
     << std::setprecision(4);
  if (r.offered > 0 && r.offered < 1e-3) os << std::defaultfloat << r.offered << std::fixed;  // a tiny load stays visible
  else os << r.offered;
  os << " flits/node/cycle, seed " << s.seed << "\n";
  os << "cycles: warm-up " << r.warmup << ", measured " << r.measure << ", total " << r.cycles
     << (r.interrupted ? " (INTERRUPTED: figures cover the run so far)"
         : r.unstable  ? " (UNSTABLE: the average latency passed --latency-limit; figures cover the run so far)"
         : r.deadlock  ? (r.deadlock_kind == "cycle" ? " (stopped: deadlock)" : " (stopped: no progress)")
         : r.drained ? " (every measured packet delivered)"
                     : " (NOT drained within the drain limit: network unstable at this load)")
     << "\n";
  os << "packets: injected " << r.injected_packets << ", delivered " << r.delivered_packets
     << "; flits: injected " << r.injected_flits << ", delivered " << r.delivered_flits << "\n";
  os << "scoreboard: " << (r.flushed ? "every flit delivered exactly once, in order, at its destination"
                                     : "all deliveries checked; some packets still in flight at stop")
     << "\n";
  os << std::setprecision(2) << "latency (cycles, " << r.latency.packets
     << " measured packets): avg " << r.latency.average << "  p50 " << r.latency.p50 << "  p99 "
     << r.latency.p99 << "  max " << r.latency.max << "\n";
  for (const auto& [cls, l] : r.latency_by_length)
    os << std::setprecision(2) << "  " << cls << "-flit packets (" << l.packets << "): avg " << l.average << "  p50 "
       << l.p50 << "  p99 " << l.p99 << "  max " << l.max << "\n";
  os << std::setprecision(4) << "throughput: accepted " << r.throughput
     << " flits/node/cycle; link utilisation avg " << r.link_utilisation_avg << " max "
     << r.link_utilisation_max << " flits/cycle\n";
  if (r.source_queue != 0)
    os << std::setprecision(4) << "source queues (" << r.source_queue << " packets each): " << r.suppressed_packets
       << " packets (" << r.suppressed_flits << " flits) not created while full; in the window offered " << r.offered
       << ", created " << r.generated << ", not created " << r.suppressed << ", accepted " << r.throughput
       << " flits/node/cycle\n";
  if (!r.bound_name.empty())
    os << "bound: uniform traffic cannot exceed " << r.bound << " flits/node/cycle on this topology (" << r.bound_name
       << " bound, 'wormsim topo' lists all); accepted = " << std::setprecision(1) << 100.0 * r.bound_fraction
       << "% of it\n";
  os << "deadlock check: "
     << (r.static_check == "acyclic"
             ? "routing proven deadlock-free (channel dependency graph of " +
                   std::to_string(r.static_channels) + " channels, " +
                   std::to_string(r.static_dependencies) + " dependencies, acyclic)"
         : r.static_check == "duato"
             ? "routing proven deadlock-free (Duato: extended dependency graph of the escape sub-network, " +
                   std::to_string(r.static_channels) + " escape channels, " +
                   std::to_string(r.static_dependencies) + " dependencies, acyclic)"
             : std::string("skipped (--no-deadlock-check)"))
     << "\n";
  os << "deadlock: "
     << (!r.deadlock ? std::string("none")
         : r.deadlock_kind == "cycle" ? "DEADLOCK: " + r.deadlock_report
                                      : "NO PROGRESS (watchdog): " + r.deadlock_report)
     << "\n";
  os << std::setprecision(2) << "speed: " << r.wall_seconds << " s wall, "
     << r.node_cycles_per_second / 1e6 << " M node-cycles/s";
  if (r.idle_cycles_skipped > 0) os << " (" << r.idle_cycles_skipped << " idle cycles skipped)";
  os << "\n";
}

void write_link_csv(const std::string& path, const Network& net, const Results& r, const PhysicalReport& phys) {
  std::ostringstream os;
  os << "from,from_port,to,to_port,flits,utilisation,length_mm,latency,energy_pj,from_router_mw\n";
  const auto& links = net.network_links();
  for (std::size_t i = 0; i < links.size() && i < r.link_window_flits.size(); ++i) {
    const LinkEnd& up = links[i]->upstream();
    const LinkEnd& down = links[i]->downstream();
    os << node_name(net.topology(), up.node) << "," << net.port_name(up.port) << ","
       << node_name(net.topology(), down.node) << "," << net.port_name(down.port) << "," << r.link_window_flits[i]
       << "," << std::fixed << std::setprecision(4)
       << (r.measure ? static_cast<double>(r.link_window_flits[i]) / static_cast<double>(r.measure) : 0.0) << ","
       << (i < phys.link_mm.size() ? std::to_string(phys.link_mm[i]) : "") << "," << links[i]->latency() << ",";
    if (phys.energy) os << std::setprecision(3) << phys.link_pj[i] << "," << std::setprecision(4) << phys.router_mw[up.node];
    else os << ",";
    os << "\n";
  }
  write_output("link_csv", path, os.str());
}

void print_routing_list(std::ostream& os) {
  for (const RoutingInfo& r : routings())
    os << r.name << ": " << r.description << "; topologies: " << r.topologies << "; VCs: " << r.vcs_needed
       << (r.deadlock_free ? "; deadlock-free" : "; NOT deadlock-free (a control)")
       << (r.adaptive ? "; adaptive (default selection: credits)" : "") << "; default arbitration: " << name_of_value(arbitrations(), r.arbitration)
       << (r.rtl ? "; the RTL router can run it" : "") << "\n";
}

void print_traffic_list(std::ostream& os) {
  for (const PatternInfo& p : traffic_patterns())
    os << p.name << ": " << p.description << "; applies to: " << p.applies << "\n";
}

void print_injection_list(std::ostream& os) {
  for (const InjectionInfo& i : injections()) os << i.name << ": " << i.description << "\n";
}

void print_profile(std::ostream& os, const Results& r) {
  if (!r.profile) return;
  const ProfileSummary& p = *r.profile;
  auto list = [&os](const std::vector<double>& v) {
    for (std::size_t k = 0; k < v.size(); ++k) os << (k ? ", " : "") << std::setprecision(3) << v[k];
  };
  os << std::fixed << "profile: " << p.lanes << " lane(s), " << std::setprecision(3) << r.wall_seconds
     << " s wall\n";
  if (!p.work.empty()) {
    os << "  shared phases: evaluate " << p.evaluate_shared << " s, commit " << p.commit_shared
       << " s, between cycles " << p.between_shared << " s of wall time; work per lane ";
    list(p.work);
    os << " s (evaluate ";
    list(p.evaluate_work);
    os << ", commit ";
    list(p.commit_work);
    os << ", between cycles (the deadlock check's graph) ";
    list(p.between_work);
    os << "); waiting at the barriers ";
    list(p.wait);
    os << " s (" << std::setprecision(2) << p.handoff * 1e6
       << " us per phase at the least: hand-off and imbalance within a phase; the pool's own hand-off, an empty "
          "job on every lane, " << p.pool_handoff * 1e6 << " us); imbalance over the run "
       << p.imbalance << " (busiest lane over the mean)\n";
    os << std::setprecision(3) << "  evaluate phases: " << p.evaluate_shared << " s = the mean lane's job "
       << p.evaluate_mean << " + the slowest lane's over it, phase by phase, " << p.evaluate_spread
       << " + starting and collecting the lanes " << p.evaluate_handoff << "\n";
    for (const LaneRecut& c : p.recuts) {
      os << "  lanes cut again by measured work" << (c.timed ? " weighted by each lane's time" : "")
         << " after cycle " << c.cycle << ": busiest lane " << std::setprecision(2) << c.before << " -> " << c.after
         << " of the mean (";
      if (c.timed)
        os << "by time, measured since the last cut)\n";
      else
        os << "work counted from cycle " << LaneBalancer::kWindowCycles << " on)\n";
    }
  }
  os << std::setprecision(3) << "  serial: " << p.serial << " s: evaluate " << p.evaluate_single << " and commit "
     << p.commit_single << " on one thread (phases too small to share), starting the lanes' activity lists " << p.take
     << ", replaying deliveries " << p.replay << ", traffic, statistics and checks " << p.other << "\n";
  if (p.work.empty()) {
    os << "  (one thread: run with --threads 2 or more to measure the serial fraction)\n";
    return;
  }
  os << std::setprecision(3) << "  serial fraction " << p.serial_fraction << std::setprecision(2) << ": Amdahl's law projects "
     << p.projected_speedup(8) << "x at 8 threads, " << p.projected_speedup(16)
     << "x at 16 (with no hand-off cost)\n";
}

void write_json(const std::string& path, const Scenario& s, const Results& r, const nlohmann::ordered_json& physical) {
  nlohmann::ordered_json j;
  j["topology"] = r.topology;
  j["nodes"] = r.nodes;
  j["routing"] = r.routing;
  j["selection"] = r.selection;
  j["arbitration"] = s.arbitration;
  j["allocator"] = s.allocator;
  j["alloc_iters"] = s.alloc_iters;
  j["input_speedup"] = s.input_speedup;
  j["output_speedup"] = s.output_speedup;
  j["speculative"] = s.speculative;
  j["self_packets"] = s.self_packets;
  j["traffic"] = r.traffic;
  j["vcs"] = s.vcs;
  j["buffer"] = s.buffer;
  j["link_latency"] = s.physical.link_latency_auto ? nlohmann::ordered_json("auto") : nlohmann::ordered_json(s.link_latency);
  j["credit_delay"] = s.credit_delay;
  j["routing_delay"] = s.routing_delay;
  j["traversal_delay"] = s.traversal_delay;
  j["wait_for_tail_credit"] = s.wait_for_tail_credit;
  if (s.settle.period != 0) {
    j["settle"] = {{"period", s.settle.period},
                   {"latency_change", s.settle.latency_change},
                   {"accepted_change", s.settle.accepted_change},
                   {"latency_limit", s.settle.latency_limit < 0 ? nlohmann::ordered_json("off")
                                                                 : nlohmann::ordered_json(s.settle.latency_limit)}};
  }
  j["flit_bits"] = s.flit_bits;
  j["packet"] = s.packet;
  j["packet_lengths"] = s.packet_mix ? s.packet_mix->text() : std::to_string(s.packet);
  j["mean_packet"] = packet_lengths(s).mean();
  j["injection"] = s.trace.empty() ? s.injection : "trace";
  if (s.trace.empty())
    for (const InjectionParameter& p : injection_parameters(s)) j[p.key] = p.value;
  if (!s.trace.empty()) j["trace"] = s.trace;
  j["local_ports"] = s.local_ports;
  j["offered"] = r.offered;
  j["seed"] = s.seed;
  j["warmup"] = r.warmup;
  j["measure_cycles"] = r.measure;
  j["cycles"] = r.cycles;
  j["injected_packets"] = r.injected_packets;
  j["delivered_packets"] = r.delivered_packets;
  j["injected_flits"] = r.injected_flits;
  j["delivered_flits"] = r.delivered_flits;
  j["measured_packets"] = r.latency.packets;
  j["avg_latency"] = r.latency.average;
  j["p50_latency"] = r.latency.p50;
  j["p99_latency"] = r.latency.p99;
  j["max_latency"] = r.latency.max;
  if (!r.latency_by_length.empty()) {
    nlohmann::ordered_json by;
    for (const auto& [cls, l] : r.latency_by_length)
      by[cls] = {{"packets", l.packets}, {"avg_latency", l.average}, {"p50_latency", l.p50},
                 {"p99_latency", l.p99}, {"max_latency", l.max}};
    j["latency_by_length"] = by;
  }
  j["throughput"] = r.throughput;
  j["generated"] = r.generated;
  if (r.source_queue != 0) {
    j["source_queue"] = r.source_queue;
    j["suppressed_packets"] = r.suppressed_packets;
    j["suppressed_flits"] = r.suppressed_flits;
    j["suppressed"] = r.suppressed;
  }
  j["link_utilisation_avg"] = r.link_utilisation_avg;
  j["link_utilisation_max"] = r.link_utilisation_max;
  if (!r.bound_name.empty()) {
    j["bound"] = r.bound;
    j["bound_name"] = r.bound_name;
    j["bound_fraction"] = r.bound_fraction;
  }
  j["drained"] = r.drained;
  j["interrupted"] = r.interrupted;
  j["unstable"] = r.unstable;
  j["flushed"] = r.flushed;
  j["deadlock"] = r.deadlock;
  if (r.deadlock) {
    j["deadlock_kind"] = r.deadlock_kind;
    j["deadlock_report"] = r.deadlock_report;
  }
  j["deadlock_check"] = r.static_check;
  j["latency_histogram"] = r.latency_histogram;
  j["wall_seconds"] = r.wall_seconds;
  if (r.profile) {
    const ProfileSummary& p = *r.profile;
    j["profile"] = {{"lanes", p.lanes},
                    {"work", p.work},
                    {"evaluate_work", p.evaluate_work},
                    {"commit_work", p.commit_work},
                    {"between_work", p.between_work},
                    {"wait", p.wait},
                    {"evaluate_shared", p.evaluate_shared},
                    {"commit_shared", p.commit_shared},
                    {"between_shared", p.between_shared},
                    {"evaluate_single", p.evaluate_single},
                    {"commit_single", p.commit_single},
                    {"take", p.take},
                    {"replay", p.replay},
                    {"serial", p.serial},
                    {"other", p.other},
                    {"imbalance", p.imbalance},
                    {"handoff_seconds_per_phase", p.handoff},
                    {"pool_handoff_seconds", p.pool_handoff},
                    {"evaluate_mean", p.evaluate_mean},
                    {"evaluate_spread", p.evaluate_spread},
                    {"evaluate_handoff", p.evaluate_handoff},
                    {"serial_fraction", p.serial_fraction},
                    {"projected_speedup_8", p.projected_speedup(8)},
                    {"projected_speedup_16", p.projected_speedup(16)}};
    nlohmann::json recuts = nlohmann::json::array();
    for (const LaneRecut& c : p.recuts)
      recuts.push_back(
          {{"cycle", c.cycle}, {"before", c.before}, {"after", c.after}, {"by", c.timed ? "time" : "work"}});
    j["profile"]["recuts"] = recuts;
  }
  j["node_cycles_per_second"] = r.node_cycles_per_second;
  j["idle_cycles_skipped"] = r.idle_cycles_skipped;
  j["physical"] = physical;
  write_output("json", path, j.dump(2) + "\n");
}

}  // namespace wormsim::driver
