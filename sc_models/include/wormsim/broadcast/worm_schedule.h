// A broadcast as start-up phases of multi-destination worms: each round, the
// nodes that hold the message send worms (one start-up each), and every node
// a worm names receives the message. A store-and-forward Schedule is the
// special case of one-destination worms to neighbours.
#pragma once
#include <string>
#include <vector>

#include <wormsim/broadcast/schedule.h>
#include <wormsim/multicast/worm.h>

namespace wormsim {

struct WormSend {
  NodeId from = 0;
  WormRoute route;
};

struct WormSchedule {
  std::string algorithm;
  NodeId source = 0;
  PortModel ports = PortModel::All;
  /// The worms follow dual-path next hops between destinations, so the fabric
  /// must use the routing that carries worms (worm_routing(), routing/registry.h).
  bool follows_worm_routing = false;
  std::vector<std::vector<WormSend>> rounds;
};

/// Each transfer becomes a one-destination worm.
WormSchedule as_worms(const Schedule& s);

/// The same worms for one-port nodes: each node sends its worms one per
/// round, in their order, from the round after it is first named.
WormSchedule serialize_one_port(const WormSchedule& s);

struct PhaseReport {
  std::string error;                  ///< "" when the schedule obeys every rule
  unsigned phases = 0;                ///< rounds until the last node is informed
  std::size_t worms = 0;
  std::size_t header_flits = 0;       ///< summed over worms
  std::vector<unsigned> informed_at;  ///< round after which each node holds it (source 0)
};

/// Checks `s` on `t`: every sender holds the message before its round,
/// every node is named exactly once, one worm per node per round (one-port)
/// or at most one per network port (all-port). `destinations` empty: all
/// nodes; otherwise only those must be reached.
PhaseReport check_phases(const Topology& t, const WormSchedule& s,
                         const std::vector<NodeId>& destinations = {});

}  // namespace wormsim
