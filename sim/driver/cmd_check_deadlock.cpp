// wormsim check-deadlock: the static channel-dependency proof.
#include <chrono>
#include <iostream>

#include <wormsim/routing/registry.h>
#include <wormsim/sim/limits.h>
#include <wormsim/core/choice.h>
#include <wormsim/core/config_error.h>
#include <wormsim/deadlock/channel_dependency.h>
#include <wormsim/deadlock/worm_dependency.h>
#include <wormsim/sim/scenario.h>
#include <wormsim/topology/spec.h>

#include "commands.h"
#include "settings.h"

namespace wormsim::driver {
namespace {

struct Args {
  std::string topology = "mesh:8x8x8", routing, vcs, worms, consumption = "per-class", threads;
  unsigned local_ports = 1;
};

// The worm check: families of multi-destination worms (worm_families()) on
// the routing that carries worms, with their ejection channels.
int check_worms(const Args& a) {
  Scenario s;
  if (!a.vcs.empty()) setting("vcs").apply(s, a.vcs);
  const Topology t = make_topology(a.topology);
  const RoutingInfo& follows = worm_routing();
  if (!a.routing.empty() && a.routing != follows.name)
    throw ConfigError("routing", "worms follow the " + follows.name + " routing; got '" + a.routing + "'");
  const WormFamilies& families = find_named(worm_families(), a.worms, "worms", "worm family");
  if (a.local_ports < 1 || a.local_ports > 16) throw ConfigError("local_ports", "expected 1 to 16 local ports");
  WormCheckConfig cfg;
  cfg.vcs = s.vcs ? s.vcs : 2;
  cfg.local_ports = a.local_ports;
  cfg.consumption = parse_consumption(a.consumption, "consumption");
  cfg.dual_path = (families.families & kDualPathWorms) != 0;
  cfg.lines = (families.families & kLineWorms) != 0;
  const auto start = std::chrono::steady_clock::now();
  const DependencyVerdict v = check_worm_dependencies(t, cfg);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "check-deadlock: " << t.spec << ", " << a.worms << " worms on the " << follows.name << " routing, " << cfg.vcs
            << " VC(s), " << cfg.local_ports << " local port(s), " << a.consumption << " consumption\n"
            << "channel dependency graph: " << v.channels << " channels (network and ejection), "
            << v.dependencies << " dependencies (transit, absorb, fork; " << secs << " s)\n";
  if (v.acyclic) {
    std::cout << "verdict: deadlock-free (the graph is acyclic)\n";
    return kOk;
  }
  std::cout << "verdict: DEADLOCK POSSIBLE: dependency cycle of " << v.cycle.size()
            << " channels: " << v.cycle_text(t) << "\n";
  return kDeadlock;
}

}  // namespace

Command add_check_deadlock(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "check-deadlock", "prove a routing deadlock-free (acyclic channel dependency graph) or print a cycle");
  auto a = std::make_shared<Args>();
  cmd->add_option("--topology", a->topology, "network, as for wormsim run");
  cmd->add_option("--routing", a->routing, "routing: " + routing_name_list() + " (default: the topology's deadlock-free one)");
  cmd->add_option("--vcs", a->vcs, "VCs per port (default: what the routing needs, at least 2)");
  cmd->add_option("--threads", a->threads,
                  "threads for the routing's tables and the proof, as for wormsim run: a number or auto (default 1; "
                  "the verdict does not depend on it)");
  cmd->add_option("--worms", a->worms,
                  "check multi-destination worms instead: " + names_of(worm_families()) + " (with ejection channels)");
  cmd->add_option("--consumption", a->consumption, "worms: per-class (default) or shared ejection channels");
  cmd->add_option("--local-ports", a->local_ports, "worms: local (ejection) ports per node (default 1)");
  return [cmd, a]() {
    if (!cmd->parsed()) return -1;
    if (!a->worms.empty()) return check_worms(*a);
    Scenario s;
    if (!a->vcs.empty()) setting("vcs").apply(s, a->vcs);
    if (!a->threads.empty()) setting("threads").apply(s, a->threads);
    const Topology t = make_topology(a->topology);
    const std::string routing_name = a->routing.empty() ? default_routing(t) : a->routing;
    const unsigned threads = run_threads(s, t.num_nodes());
    const auto routing = make_routing(routing_name, t, s.vcs, threads);
    const auto start = std::chrono::steady_clock::now();
    const DependencyVerdict v = check_routing_deadlock(t, *routing, threads);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "check-deadlock: " << t.spec << ", routing " << routing_name << ", " << routing->vcs() << " VC(s)\n";
    if (!v.method.empty()) std::cout << "method: " << v.method << "\n";
    if (routing->has_escape()) {
      std::cout << "extended channel dependency graph of the escape sub-network (Duato): " << v.channels
                << " escape channels, " << v.adaptive_states << " adaptive states (router, destination), "
                << v.dependencies << " edges (direct and indirect dependencies, every destination; " << secs
                << " s)\n";
      if (v.acyclic) {
        std::cout << "verdict: deadlock-free (the escape routing is connected, no escape VC is offered "
                     "adaptively, and the extended graph is acyclic: Duato's theorem)\n";
        return kOk;
      }
      if (!v.problem.empty()) {
        std::cout << "verdict: NOT PROVEN: " << v.problem << "\n";
        return kDeadlock;
      }
      std::cout << "verdict: DEADLOCK POSSIBLE: extended dependency cycle of " << v.cycle.size()
                << " escape channels (~> = through adaptive channels): " << v.cycle_text(t) << "\n";
      return kDeadlock;
    }
    std::cout << "channel dependency graph: " << v.channels << " channels, " << v.dependencies
              << " dependencies (every destination" << (routing->depends_on_source() ? " and source" : "")
              << ", every choice the routing allows; " << secs << " s)\n";
    if (v.acyclic) {
      std::cout << "verdict: deadlock-free (the graph is acyclic: Dally and Seitz)\n";
      return kOk;
    }
    std::cout << "verdict: DEADLOCK POSSIBLE: dependency cycle of " << v.cycle.size()
              << " channels: " << v.cycle_text(t) << "\n";
    return kDeadlock;
  };
}

}  // namespace wormsim::driver
