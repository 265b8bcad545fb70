// The network a scenario describes, validated and built: topology, routing
// function (defaults resolved), router configuration and, unless the
// scenario turns it off, the static deadlock proof. The fast engine
// (Simulation) and the port-level SystemC fabric both start from here, so
// the same scenario gives both the same network.
#pragma once
#include <functional>
#include <memory>
#include <stdexcept>

#include <wormsim/deadlock/channel_dependency.h>
#include <wormsim/network/network.h>
#include <wormsim/routing/routing.h>
#include <wormsim/sim/limits.h>
#include <wormsim/sim/scenario.h>
#include <wormsim/sim/setup_steps.h>
#include <wormsim/topology/topology.h>
#include <wormsim/traffic/source.h>

namespace wormsim {

/// The routing failed the static deadlock check; what() names the cycle.
class StaticDeadlockError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct NetworkSetup {
  Scenario scenario;  ///< with routing, selection, arbitration and vcs resolved
  std::unique_ptr<Topology> topology;
  std::unique_ptr<RoutingFunction> routing;
  NetworkConfig network;  ///< router, ejection and seed (worms left null)
  DependencyVerdict verdict;     ///< the static proof (when it ran)
  ResourceEstimate estimate;     ///< memory and proof time, checked against the limits
  std::unique_ptr<PacketSource> source;  ///< the scenario's traffic (synthetic or trace)
  std::vector<SetupStep> steps;  ///< what each step cost (wormsim run --verbose)
};

/// The packet source a scenario describes on topology t: its trace, or its
/// pattern, injection process and packet lengths. Throws ConfigError for a
/// pattern without meaning on t, a bad trace line, an unknown process.
std::unique_ptr<PacketSource> make_packet_source(const Scenario& s, const Topology& t);

/// The scenario's injection process and its settings (the packet rate and
/// mean length are the traffic source's to set).
InjectionConfig injection_config(const Scenario& s);

/// Validates `s` (ConfigError names the bad field), builds its traffic
/// (so a bad pattern or trace is refused before any work), refuses it if it passes
/// this machine's limits (limits.h; unless s.force), and builds its network;
/// with a trace and cycles = 0, sets the window to end after the trace's
/// last packet;
/// throws StaticDeadlockError if s.deadlock_check is on and the routing's
/// channel dependency graph has a cycle.
///
/// `resolved`, when given, is called once the routing and the VC count are
/// resolved and the limits checked, before the proof or the fabric: it may check
/// the scenario further (a ConfigError then stops the set-up before any
/// work) and set its link_latencies; the scenario is validated again after it.
using ResolvedHook = std::function<void(Scenario&, const Topology&)>;
NetworkSetup setup_network(const Scenario& s, const ResolvedHook& resolved = {});

}  // namespace wormsim
