#include <wormsim/sim/network_setup.h>

#include <algorithm>
#include <string>

#include <wormsim/core/config_error.h>
#include <wormsim/router/router_config.h>
#include <wormsim/routing/registry.h>
#include <wormsim/sim/limits.h>
#include <wormsim/topology/spec.h>
#include <wormsim/traffic/trace.h>

namespace wormsim {

std::unique_ptr<PacketSource> make_packet_source(const Scenario& s, const Topology& t) {
  if (!s.trace.empty()) return std::make_unique<TraceSource>(read_trace(s.trace, t));
  PatternConfig pc;
  pc.name = s.traffic;
  pc.hotspot_node = s.hotspot_node;
  pc.hotspot_fraction = s.hotspot_fraction;
  pc.seed = s.seed;
  pc.self_packets = s.self_packets;
  SourceConfig sc;
  sc.rate = s.rate;
  sc.lengths = packet_lengths(s);
  sc.injection = injection_config(s);
  sc.seed = s.seed;
  return std::make_unique<TrafficSource>(sc, make_pattern(pc, t), t.num_nodes());
}

InjectionConfig injection_config(const Scenario& s) {
  InjectionConfig c;
  c.name = s.injection;
  c.burst = s.burst;
  c.burst_alpha = s.burst_alpha;
  c.burst_beta = s.burst_beta;
  return c;
}

NetworkSetup setup_network(const Scenario& scenario, const ResolvedHook& resolved) {
  NetworkSetup n;
  n.scenario = scenario;
  Scenario& s = n.scenario;
  SetupClock clock;
  validate(s);
  n.topology = std::make_unique<Topology>(make_topology(s.topology));
  const Topology& t = *n.topology;
  clock.step(n.steps, "topology (" + std::to_string(t.num_nodes()) + " nodes)");
  n.source = make_packet_source(s, t);
  clock.step(n.steps, "traffic source");
  if (!s.trace.empty()) {
    s.traffic = "trace";
    if (s.cycles == 0) {
      const Cycle last = static_cast<const TraceSource&>(*n.source).last_cycle();
      s.cycles = last + 1 > s.warmup ? last + 1 - s.warmup : 1;
    }
  }
  if (s.routing.empty()) s.routing = default_routing(t);
  // The run's threads build the routing's tables, prove it and build the
  // fabric (none of which depends on them).
  const unsigned threads = run_threads(s, t.num_nodes());
  n.routing = make_routing(s.routing, t, s.vcs, threads);
  clock.step(n.steps, "routing " + s.routing + " (tables: " + std::to_string(n.routing->table_bytes()) + " bytes)");
  const RoutingInfo& info = *find_routing(s.routing);
  const bool islip = parse_allocator(s.allocator, "allocator") == Allocator::Islip;
  if (s.selection.empty()) s.selection = info.adaptive && !islip ? "credits" : "first";
  if (s.arbitration.empty())
    s.arbitration = name_of_value(arbitrations(), islip ? Arbitration::RoundRobin : info.arbitration);
  s.vcs = n.routing->vcs();
  if ((t.num_ports + s.local_ports) * s.vcs > kMaxPortVcs)
    throw ConfigError("vcs", "(network ports + local ports) x VCs must be at most 64");
  if ((t.num_ports + s.local_ports) * s.input_speedup > kMaxPortVcs)
    throw ConfigError("input_speedup", "(network ports + local ports) x input speedup must be at most 64");
  if ((t.num_ports + s.local_ports) * s.output_speedup > kMaxPortVcs)
    throw ConfigError("output_speedup", "(network ports + local ports) x output speedup must be at most 64");
  // What it will cost, refused before any work if this machine cannot.
  n.estimate = estimate_resources(t, s, static_cast<double>(n.routing->table_bytes()),
                                  s.deadlock_check ? proof_steps(t, *n.routing) : 0);
  check_limits(t, s, n.estimate, available_memory_bytes());
  if (resolved) {
    resolved(s, t);
    validate(s);
  }
  if (s.deadlock_check) {
    n.verdict = check_routing_deadlock(t, *n.routing, threads);
    clock.step(n.steps, "static deadlock proof (" + std::to_string(n.verdict.channels) + " channels, " +
                            std::to_string(n.verdict.dependencies) + " dependencies; " + n.verdict.method + ")");
    if (!n.verdict.acyclic)
      throw StaticDeadlockError("routing " + s.routing + " on " + t.spec + " with " + std::to_string(s.vcs) +
                                " VC(s) can deadlock: " +
                                (n.routing->has_escape() ? "escape sub-network (Duato): extended channel dependency "
                                                           "cycle (~> = through adaptive channels) "
                                                         : "channel dependency cycle ") +
                                n.verdict.cycle_text(t));
  }
  NetworkConfig& nc = n.network;
  nc.router.network_ports = t.num_ports;
  nc.router.vcs = s.vcs;
  nc.router.buffer_depth = s.buffer;
  nc.router.flit_bits = s.flit_bits;
  nc.router.local_ports = s.local_ports;
  nc.router.consumption = parse_consumption(s.consumption, "consumption");
  nc.router.selection = parse_selection(s.selection, "selection");
  nc.router.arbitration = parse_arbitration(s.arbitration, "arbitration");
  nc.router.allocator = parse_allocator(s.allocator, "allocator");
  nc.router.alloc_iters = s.alloc_iters;
  nc.router.input_speedup = s.input_speedup;
  nc.router.output_speedup = s.output_speedup;
  nc.router.speculative = s.speculative;
  if (!s.link_latencies.empty()) {
    if (s.link_latencies.size() != std::size_t{t.num_nodes()} * t.num_ports)
      throw ConfigError("link_latency", "expected one latency per router network port (" +
                                            std::to_string(std::size_t{t.num_nodes()} * t.num_ports) + "), got " +
                                            std::to_string(s.link_latencies.size()));
    nc.link_latency = s.link_latencies;
    for (unsigned& l : nc.link_latency) l = std::max(l, 1u);  // ports without a link
  } else if (s.link_latency > 1) {
    nc.link_latency.assign(std::size_t{t.num_nodes()} * t.num_ports, s.link_latency);
  }
  nc.credit_delay = s.credit_delay;
  nc.traversal_delay = s.traversal_delay;
  nc.router.routing_delay = s.routing_delay;
  nc.router.wait_for_tail_credit = s.wait_for_tail_credit;
  nc.eject_probability = s.eject_rate;
  nc.seed = s.seed;
  nc.build_threads = threads;
  return n;
}

}  // namespace wormsim
