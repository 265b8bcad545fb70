#include "report.h"

#include <cstdio>
#include <fstream>
#include <iomanip>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace wormsim::driver {

void print_summary(std::ostream& os, const Scenario& s, const Results& r) {
  os << std::fixed;
  os << "wormsim run: " << r.topology << " (" << r.nodes << " nodes), routing " << r.routing
     << ", " << s.vcs << " VCs x " << s.buffer << " flits, " << s.local_ports
     << " local port(s), " << s.packet << "-flit packets, " << r.traffic << " traffic at "
     << std::setprecision(4) << r.offered << " flits/node/cycle, seed " << s.seed << "\n";
  os << "cycles: warm-up " << r.warmup << ", measured " << r.measure << ", total " << r.cycles
     << (r.deadlock  ? (r.deadlock_kind == "cycle" ? " (stopped: deadlock)" : " (stopped: no progress)")
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
  os << std::setprecision(4) << "throughput: accepted " << r.throughput
     << " flits/node/cycle; link utilisation avg " << r.link_utilisation_avg << " max "
     << r.link_utilisation_max << " flits/cycle\n";
  os << "deadlock check: "
     << (r.static_check == "acyclic"
             ? "routing proven deadlock-free (channel dependency graph of " +
                   std::to_string(r.static_channels) + " channels, " +
                   std::to_string(r.static_dependencies) + " dependencies, acyclic)"
             : std::string("skipped (--no-deadlock-check)"))
     << "\n";
  os << "deadlock: "
     << (!r.deadlock ? std::string("none")
         : r.deadlock_kind == "cycle" ? "DEADLOCK: " + r.deadlock_report
                                      : "NO PROGRESS (watchdog): " + r.deadlock_report)
     << "\n";
  os << std::setprecision(2) << "speed: " << r.wall_seconds << " s wall, "
     << r.node_cycles_per_second / 1e6 << " M node-cycles/s\n";
}

void write_json(const std::string& path, const Scenario& s, const Results& r) {
  nlohmann::ordered_json j;
  j["topology"] = r.topology;
  j["nodes"] = r.nodes;
  j["routing"] = r.routing;
  j["traffic"] = r.traffic;
  j["vcs"] = s.vcs;
  j["buffer"] = s.buffer;
  j["packet"] = s.packet;
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
  j["throughput"] = r.throughput;
  j["link_utilisation_avg"] = r.link_utilisation_avg;
  j["link_utilisation_max"] = r.link_utilisation_max;
  j["drained"] = r.drained;
  j["flushed"] = r.flushed;
  j["deadlock"] = r.deadlock;
  if (r.deadlock) {
    j["deadlock_kind"] = r.deadlock_kind;
    j["deadlock_report"] = r.deadlock_report;
  }
  j["deadlock_check"] = r.static_check;
  j["wall_seconds"] = r.wall_seconds;
  j["node_cycles_per_second"] = r.node_cycles_per_second;
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp);
    if (!out) throw std::runtime_error("cannot write '" + tmp + "'");
    out << j.dump(2) << "\n";
    if (!out) throw std::runtime_error("cannot write '" + tmp + "'");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw std::runtime_error("cannot rename '" + tmp + "' to '" + path + "'");
}

}  // namespace wormsim::driver
