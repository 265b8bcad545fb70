// Upper bounds on the throughput (flits/node/cycle) of uniform traffic
// (every node sends to every other node equally often), for any routing.
//
// A class S of directed channels, each carrying at most one flit per cycle,
// and a lower bound h_S(u, v) on the hops in S that any path from u to v
// needs, give  theta <= |S| / (N * avg over u != v of h_S(u, v)):
//   - "channels": every channel, h = the distance (the channel-capacity bound);
//   - per dimension on mesh and torus (h = the distance in that coordinate);
//   - on 3PT: "external" (h = module distance: z ring plus king's distance in
//     x, y), "z-links" (h = z ring distance; only 2 of a module's 10 external
//     links move in z), "xy-links" (h = king's distance) and "petersen"
//     (h = the fewest Petersen hops, by 0-1 breadth-first search).
// A cut into parts of a and b nodes crossed by c channels each way gives
//   theta <= c * (N - 1) / (a * b):
//   - "bisection-<dim>": the middle cut of each mesh or torus dimension; for
//     an even dimension it is the bisection, and the bound is exact there.
// And "ejection": a node takes at most one flit per cycle per local port.
// The tightest bound is the least of them.
#pragma once
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <wormsim/topology/topology.h>

namespace wormsim {

struct ThroughputBound {
  std::string name;         ///< "channels", "z-links", "bisection-x", ...
  std::string description;  ///< one line: channels and average hops, or the cut
  double value = 0;         ///< flits/node/cycle
};

struct ThroughputBounds {
  std::vector<ThroughputBound> bounds;
  /// The least bound (bounds is never empty for a network with links).
  const ThroughputBound& tightest() const;
};

/// Ejection plus the family's bounds (TopologyKind::add_bounds).
ThroughputBounds uniform_throughput_bounds(const Topology& t, unsigned local_ports = 1);

// Building blocks the families use in add_bounds().
/// Mesh/torus: channels, per dimension, middle cuts.
void grid_bounds(const Topology& t, ThroughputBounds& out);
/// 3PT: channels, external, z-links, xy-links, Petersen.
void petersen_torus_bounds(const Topology& t, ThroughputBounds& out);
/// "channels" from breadth-first distances: from every node, or from node 0
/// only when the network is vertex-transitive (every node sees the same
/// distances).
void channel_bound(const Topology& t, bool vertex_transitive, ThroughputBounds& out);
/// A class of channels (`counts`) and the fewest of them any path needs (by
/// 0-1 breadth-first search from every node, or node 0 only if
/// vertex-transitive): theta <= |class| / (N * average hops in the class).
ThroughputBound link_class_bound(const Topology& t, const std::string& name, const std::string& what,
                                 const std::function<bool(NodeId, PortId)>& counts, bool vertex_transitive);
/// A cut into parts of a and N - a nodes crossed by c channels each way.
ThroughputBound cut_bound(const std::string& name, const std::string& what, double c, double a, double n);
/// Best balanced cut across one coordinate of a kind whose coordinates 0..2
/// have the given sizes (only even sizes are halved): (channels, label).
std::optional<std::pair<std::size_t, std::string>> coordinate_halving_cut(const Topology& t,
                                                                          const std::array<unsigned, 3>& sizes,
                                                                          const char* const names[3],
                                                                          bool upper_bound_only);

}  // namespace wormsim
