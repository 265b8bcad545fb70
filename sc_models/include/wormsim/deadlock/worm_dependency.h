// Static deadlock check of multi-destination worms (absorb-and-forward).
//
// Channels are the network channels (link, VC) and the consumption channels
// (node, local port, VC). Worms follow the `hamiltonian` routing between
// their destinations, so every worm stays in the high or the low channel
// network of the Hamiltonian labeling (its class). The graph holds, for
// every class and every destination a worm of that class can have:
//   transit      a -> b   (the unicast dependencies of the routing),
//   absorb       a -> e   (a worm arriving on a waits for ejection VC e),
//   fork         a -> f and e -> f (a fork waits for both e and the forward
//                channel f at once; once it holds e, e is released only when
//                its forward part moves on).
// An ejection channel held by a worm that does not fork drains by itself and
// has no successor. Families of worms:
//   dual-path: every worm dual-path routing can form (any source, any ordered
//              destination list in its class's label order);
//   lines:     worms along one direction of one dimension that absorb at
//              every node (3-DBS lines, 3-DBL columns; 3D mesh only).
// Unicast packets sharing the network are not part of this graph.
#pragma once
#include <string>
#include <vector>

#include <wormsim/deadlock/channel_dependency.h>
#include <wormsim/multicast/worm.h>

namespace wormsim {

struct WormCheckConfig {
  unsigned vcs = 2;          ///< per network and local port
  unsigned local_ports = 1;  ///< consumption channels per node = local_ports x vcs
  ConsumptionPolicy consumption = ConsumptionPolicy::PerClass;
  bool dual_path = true;     ///< include the dual-path family
  bool lines = false;        ///< include the line family (3D mesh)
};

/// The worm families the check can hold (bits of WormFamilies::families).
enum WormFamilyBits : unsigned { kDualPathWorms = 1u, kLineWorms = 2u };

/// A named set of worm families for `check-deadlock --worms`.
struct WormFamilies {
  std::string name;
  std::string description;
  unsigned families = 0;  ///< WormFamilyBits
};

/// dual-path, lines, all: the one list help, validation and the tests read.
const std::vector<WormFamilies>& worm_families();

/// Throws ConfigError("worms") if the line family is asked for on anything
/// but a mesh.
DependencyVerdict check_worm_dependencies(const Topology& t, const WormCheckConfig& cfg);

}  // namespace wormsim
