// Static deadlock check: the channel dependency graph (Dally and Seitz).
//
// A channel is (router-to-router link, VC), named by its upstream end
// router:port:vc. For every destination (every source-destination pair when
// the routing reads the source) the check follows every choice the routing
// function allows from every injection point, and adds the dependency
// "holding channel a, a packet may request channel b" for each step. The
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

  /// "r0_0_0:xp:vc0 -> r1_0_0:xp:vc0 -> ... -> r0_0_0:xp:vc0"
  std::string cycle_text(const Topology& t) const;
};

/// Throws std::logic_error if the routing offers no route somewhere.
DependencyVerdict check_channel_dependencies(const Topology& topology, const RoutingFunction& routing);

/// The check the routing calls for: Duato's condition on the escape
/// sub-network (escape_dependency.h) for routings with has_escape(), the full
/// channel dependency graph otherwise.
DependencyVerdict check_routing_deadlock(const Topology& topology, const RoutingFunction& routing);

}  // namespace wormsim
