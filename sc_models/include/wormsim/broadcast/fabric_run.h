// A broadcast schedule run as real traffic in the cycle-accurate fabric.
// Every send is one worm of L payload flits: to a neighbour for a
// store-and-forward schedule, to an ordered list of nodes (absorb-and-forward)
// for the worm algorithms (dual-path, 3-DBL, 3-DBS). Node programs
// react to receipt: a node that receives the message at cycle c sends its
// transfers in schedule order from cycle c + 1 (the source from cycle 0),
// each after a start-up of beta cycles (the papers' per-message software
// overhead):
//   one-port: start-ups are serialized (the k-th send enters the network at
//             c + 1 + k*beta, k = 1, 2, ...) and the node has one injection
//             and one ejection channel;
//   all-port: the sends of one step share a start-up (the j-th step in which
//             the node sends enters at c + 1 + j*beta) and the node has one
//             injection and one ejection channel per network port.
// So without contention a node d hops down a store-and-forward tree receives
// at cycle d * (beta + T0) + (d - 1), where T0 = 3 + L + 4 is the one-hop
// latency. No other traffic. Every node named must receive exactly once.
#pragma once
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <wormsim/broadcast/worm_schedule.h>

namespace wormsim {

struct FabricBroadcastConfig {
  std::string topology;   ///< spec, e.g. "3pt:3x3x3"
  unsigned flits = 4;     ///< L: flits per message
  Cycle startup = 0;      ///< beta: cycles of start-up per message
  unsigned buffer = 8;    ///< flits per VC buffer
  std::uint64_t seed = 1;
  /// Give up (error) after this many cycles; 0: a bound derived from the
  /// schedule (10^7 cycles plus every worm's start-up and length in turn).
  Cycle limit = 0;
  unsigned vcs = 0;               ///< 0: what the routing needs (at least 2)
  /// 0: 1 for one-port; for all-port one per network port, or as many as
  /// (network + local ports) x VCs <= 64 allows.
  unsigned local_ports = 0;
  std::string consumption = "per-class";
  double eject_rate = 1.0;        ///< chance per cycle a node consumes a flit per channel
};

struct FabricBroadcastResult {
  Cycle completion = 0;             ///< cycle the last node received the message
  std::vector<Cycle> arrival;       ///< per node (source: 0)
  std::vector<unsigned> receipts;   ///< per node: messages received (1 each; source 0)
  std::uint64_t worms = 0;
};

/// The fabric stopped during a broadcast (runtime deadlock detector or
/// watchdog); what() carries the report, naming the cycle.
class BroadcastDeadlock : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Throws ConfigError for a bad topology, BroadcastDeadlock if the fabric
/// stops, std::runtime_error if the limit passes.
FabricBroadcastResult run_in_fabric(const WormSchedule& s, const FabricBroadcastConfig& cfg);

/// Several broadcasts at once, each started at its cycle; one result each
/// (arrival cycles absolute). Same errors as run_in_fabric.
std::vector<FabricBroadcastResult> run_in_fabric(const std::vector<std::pair<Cycle, WormSchedule>>& runs,
                                                 const FabricBroadcastConfig& cfg);
inline FabricBroadcastResult run_in_fabric(const Schedule& s, const FabricBroadcastConfig& cfg) {
  return run_in_fabric(as_worms(s), cfg);
}

}  // namespace wormsim
