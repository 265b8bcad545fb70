// What a topology is, beyond its links: one TopologyKind object per network
// family (mesh/torus, 3PT, Petersen, FP_n, RFP_n, A(n,k)), held by every
// Topology it built. Everything that depends on the family lives here, so no
// code outside the family's own file compares kind names: node names and
// coordinates (both ways), the default routing, the escape routing under
// adaptive routing, a Hamiltonian path if the family has one, the axes
// permutation traffic acts on, its throughput bounds and the facts
// `wormsim topo` prints.
//
// A family is one file (a TopologyKind subclass and its builder) and one line
// of the topology table (topology/registry.h).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <wormsim/core/flit.h>

namespace wormsim {

struct Topology;
struct ThroughputBounds;
class RoutingFunction;

/// The deadlock-free routing R1 that adaptive routing (routing/adaptive.h)
/// falls back on for this family, and the VCs it owns.
struct EscapeRouting {
  std::unique_ptr<RoutingFunction> routing;
  unsigned vcs = 1;               ///< R1 uses VCs 0 .. vcs-1 of every port ...
  std::uint32_t port0_mask = 0;   ///< ... except port 0 where this is not 0 (its VCs there)
  bool returns = false;           ///< a packet on an escape VC may return to adaptive VCs
};

/// The coordinates permutation traffic acts on (traffic/coordinate_map.h):
/// torus-like axes, and at most one inner coordinate that only bitcomp moves.
struct PermutationAxes {
  std::vector<unsigned> axis;    ///< index into coordinates() of each axis
  std::vector<unsigned> side;    ///< the number of positions along each axis
  std::vector<std::string> axis_name;  ///< each axis's name, for messages
  unsigned transpose_a = 0, transpose_b = 1;  ///< the two axes transpose swaps (indices into `axis`)
  int inner = -1;                ///< index into coordinates() of the inner coordinate, or -1
  unsigned inner_side = 0;       ///< its number of values (bitcomp maps c to inner_side - 1 - c)
};

/// Where a node's tile sits in the floorplan (docs/floorplan.md): its column
/// and row on its die, and the die (0 = the bottom of a stack).
struct TileSpot {
  unsigned col = 0, row = 0, die = 0;
};

/// How a family's third dimension is built: as stacked dies (its links
/// through-silicon vias) or folded into the plane beside the first layer.
enum class ZLayout { Stacked, Planar };

/// The position of ring member i in a folded ring of k (0, 2, 4, ..., 5, 3,
/// 1): every ring neighbour, the wrap-around one included, is at most two
/// places away.
inline unsigned folded(unsigned i, unsigned k) { return 2 * i < k ? 2 * i : 2 * (k - 1 - i) + 1; }

class TopologyKind {
 public:
  virtual ~TopologyKind() = default;

  /// The table name: "mesh", "3pt", "fp", ...
  virtual std::string name() const = 0;
  /// Router name of node n for waves and messages, e.g. "r1_2_3".
  virtual std::string node_name(NodeId n) const = 0;
  /// Coordinates of node n, in the order coordinate_names() lists.
  virtual std::vector<unsigned> coordinates(NodeId n) const = 0;
  /// e.g. "x, y, z" or "D_n .. D_1 (Petersen digits 0..9)".
  virtual std::string coordinate_names() const = 0;
  /// Node with these coordinates, or nothing if they name none.
  virtual std::optional<NodeId> node_at(const std::vector<unsigned>& coords) const = 0;
  /// Every node sees the same network (an automorphism maps any node to any
  /// other): distances and cuts from node 0 stand for all.
  virtual bool vertex_transitive() const = 0;
  /// Deadlock-free routing used when the user names none.
  virtual std::string default_routing() const = 0;
  /// A Hamiltonian path (node order), or nothing, with `why` set to the
  /// reason (no path exists, or none is constructed for this size).
  virtual std::optional<std::vector<NodeId>> hamiltonian_path(const Topology& t, std::string& why) const = 0;
  /// The escape routing adaptive routing uses here. Default: up and down a
  /// spanning tree on VC 0 (routing/spanning_tree.h), final.
  virtual EscapeRouting escape_routing(const Topology& t) const;
  /// The axes coordinate permutations (transpose, bitcomp, tornado,
  /// diagonal) act on; nothing where they have no meaning. Default: nothing.
  virtual std::optional<PermutationAxes> permutation_axes() const { return std::nullopt; }
  /// Adds the family's uniform-traffic throughput bounds (topology/bounds.h).
  virtual void add_bounds(const Topology& t, ThroughputBounds& out) const = 0;
  /// The tile of node n. Default: a near-square grid of ceil(sqrt(N))
  /// columns in id order, on one die.
  virtual TileSpot tile(const Topology& t, NodeId n, ZLayout z) const;
  /// One line saying how the family is placed (docs/floorplan.md).
  virtual std::string floorplan(ZLayout z) const;
  /// Extra (label, value) lines for `wormsim topo`.
  virtual std::vector<std::pair<std::string, std::string>> facts(const Topology& /*t*/) const { return {}; }
  /// Best balanced cut across one coordinate: (channels crossing, label); the
  /// default has none.
  virtual std::optional<std::pair<std::size_t, std::string>> halving_cut(const Topology& /*t*/) const {
    return std::nullopt;
  }
  /// The lane (thread) of each node for `lanes` > 1 lanes (topology/lanes.h):
  /// the family's spatial blocks where it has an even cut, else the default,
  /// equal ranges of ids. With `work` (node n's measured work, one entry
  /// per node), the same blocks or ranges cut so that each lane holds an
  /// equal share of it (weighted_block_lanes, weighted_ranges); empty: by size.
  virtual std::vector<unsigned> lanes(const Topology& t, unsigned lanes, const std::vector<double>& work) const;
};

}  // namespace wormsim
