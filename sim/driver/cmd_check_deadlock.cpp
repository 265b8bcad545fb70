// wormsim check-deadlock: the static channel-dependency proof.
#include <chrono>
#include <iostream>

#include <wormsim/deadlock/channel_dependency.h>
#include <wormsim/sim/scenario.h>
#include <wormsim/topology/spec.h>

#include "commands.h"
#include "settings.h"

namespace wormsim::driver {

Command add_check_deadlock(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "check-deadlock", "prove a routing deadlock-free (acyclic channel dependency graph) or print a cycle");
  struct Args {
    std::string topology = "mesh:8x8x8", routing, vcs;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("--topology", a->topology, "network, as for wormsim run");
  cmd->add_option("--routing", a->routing, "routing (default: the topology's deadlock-free one)");
  cmd->add_option("--vcs", a->vcs, "VCs per port (default: what the routing needs, at least 2)");
  return [cmd, a]() {
    if (!cmd->parsed()) return -1;
    Scenario s;
    if (!a->vcs.empty()) setting("vcs").apply(s, a->vcs);
    const Topology t = make_topology(a->topology);
    const std::string routing_name = a->routing.empty() ? default_routing(t) : a->routing;
    const auto routing = make_routing(routing_name, t, s.vcs);
    const auto start = std::chrono::steady_clock::now();
    const DependencyVerdict v = check_channel_dependencies(t, *routing);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "check-deadlock: " << t.spec << ", routing " << routing_name << ", "
              << routing->vcs() << " VC(s)\n"
              << "channel dependency graph: " << v.channels << " channels, " << v.dependencies
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
