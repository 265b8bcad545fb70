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
#include <string>
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

ThroughputBounds uniform_throughput_bounds(const Topology& t, unsigned local_ports = 1);

}  // namespace wormsim
