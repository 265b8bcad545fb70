// Static deadlock check: the channel dependency graph (Dally and Seitz).
//
// A channel is (router-to-router link, VC), named by its upstream end
// router:port:vc. For every destination (every source-destination pair when
// the routing reads the source) the check follows every choice the routing
// function allows from every injection point, and adds the dependency
// "holding channel a, a packet may request channel b" for each step. When
// the routing reads nothing but the router and the destination, following
// packets is not needed: each (router, destination) pair is routed once. The
// routing is deadlock-free if the graph is acyclic; otherwise one cycle is
// returned. Ejection is assumed to always drain (consumption channels are
// not part of the graph).
#pragma once
#include <string>
#include <vector>

#include <wormsim/routing/routing.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

struct Channel {
  NodeId node = 0;
  PortId port = 0;
  VcId vc = 0;
};

struct DependencyVerdict {
  bool acyclic = true;
  std::size_t channels = 0;       ///< channels some route uses
  std::size_t dependencies = 0;   ///< distinct edges
  std::vector<Channel> cycle;     ///< if not acyclic: c0 -> c1 -> ... -> c0
  /// Escape check only: the step from cycle[i] to cycle[i+1] goes through
  /// adaptive channels (an indirect dependency, printed "~>").
  std::vector<bool> indirect;
  /// Escape check only: extended-graph states (router, destination) reached
  /// through adaptive channels.
  std::size_t adaptive_states = 0;
  /// Set when the check cannot be made (for example an escape VC is also
  /// offered as an adaptive VC); then acyclic is false and cycle empty.
  std::string problem;
  /// How the graph was built, for people: "followed packets ...", "one route
  /// per (router, destination) pair", "representative destinations ...".
  std::string method;

  /// "r0_0_0:xp:vc0 -> r1_0_0:xp:vc0 -> ... -> r0_0_0:xp:vc0"
  std::string cycle_text(const Topology& t) const;
};

/// Throws std::logic_error if the routing offers no route somewhere.
/// Routings that read only (router, destination) (depends_on_input() and
/// depends_on_source() false) go to check_pure_dependencies.
/// `threads` as check_pure_dependencies' (the verdict does not depend on it).
DependencyVerdict check_channel_dependencies(const Topology& topology, const RoutingFunction& routing,
                                             unsigned threads = 1);

/// The same graph for a routing that reads only (router, destination),
/// built without following packets: for each destination d every router is
/// routed once, and a channel into router z used for d depends on every
/// channel z offers for d (z != d). One route call per (router, destination)
/// pair, the fewest any exhaustive check can make. escape_only: the graph of
/// the routing's escape subfunction R1 (escape_route), for Duato's check when
/// escape is final; then a router without a route sets `problem` instead of
/// throwing. used_vcs, if given, receives [node * ports + port] = the VCs
/// some route uses there. `threads` > 1 routes blocks of destinations in
/// parallel, each into its own copy of the graph's rows (as many as fit
/// 256 MB), merged after: the same graph and verdict, and the same failure
/// (the first destination's, in order).
DependencyVerdict check_pure_dependencies(const Topology& topology, const RoutingFunction& routing, bool escape_only,
                                          std::vector<std::uint32_t>* used_vcs, unsigned threads = 1);

/// The work check_routing_deadlock will do, in steps of following a packet
/// one channel (sim/limits.h rates them): destinations x channels for the
/// path-following check, 2.5 steps per route call for the checks that route
/// (router, destination) pairs (measured: a route call costs 2.5 steps).
double proof_steps(const Topology& topology, const RoutingFunction& routing);

/// The check the routing calls for: Duato's condition on the escape
/// sub-network (escape_dependency.h) for routings with has_escape(), the full
/// channel dependency graph otherwise.
/// `threads`: as check_pure_dependencies' (the verdict does not depend on it).
DependencyVerdict check_routing_deadlock(const Topology& topology, const RoutingFunction& routing,
                                         unsigned threads = 1);

}  // namespace wormsim
