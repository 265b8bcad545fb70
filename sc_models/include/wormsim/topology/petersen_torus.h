// 3D Petersen-torus 3PT(l, m, n), as Kim and Lee, "Broadcasting Algorithms of
// Three-Dimensional Petersen-Torus Network" (2014), section 2, defines it
// (the Petersen numbering is the one their broadcast schedules use).
//
// Node (z, x, y, p), 0 <= z < l, 0 <= x < m, 0 <= y < n, 0 <= p <= 9, has
//   id = p + 10 * (y + n * (x + m * z)).
// The 10 nodes of a module (z, x, y) form a Petersen graph (outer cycle
// 0-1-2-3-4, inner cycle 5-6-7-8-9, spokes 0-5 1-8 2-6 3-9 4-7); every node
// has one external link whose direction p names (0 z+, 5 z-, 1 x+, 4 x-,
// 6 y+, 9 y-, 2 (x+1, y+1), 3 (x-1, y-1), 7 (x-1, y+1), 8 (x+1, y-1)).
// Router ports: 0 = "ext" (the external link), 1..3 = "pet0".."pet2", the
// Petersen neighbours in ascending order of p.
#pragma once
#include <array>

#include <wormsim/topology/petersen.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

struct PtCoord {
  unsigned z = 0, x = 0, y = 0, p = 0;
};

PtCoord pt_coord_of(const std::array<unsigned, 3>& lmn, NodeId id);
NodeId pt_id_of(const std::array<unsigned, 3>& lmn, const PtCoord& c);

/// The three Petersen neighbours of p, ascending.
inline std::array<unsigned, 3> petersen_neighbours(unsigned p) { return petersen::neighbours(p); }

/// The 3PT family (topology/kind.h).
class PetersenTorusKind : public TopologyKind {
 public:
  explicit PetersenTorusKind(const std::array<unsigned, 3>& lmn) : lmn_(lmn) {}
  std::string name() const override { return "3pt"; }
  std::string node_name(NodeId n) const override;
  std::vector<unsigned> coordinates(NodeId n) const override;
  std::string coordinate_names() const override { return "z, x, y, p"; }
  std::optional<NodeId> node_at(const std::vector<unsigned>& c) const override;
  bool vertex_transitive() const override { return false; }
  std::string default_routing() const override { return "adaptive"; }
  std::optional<std::vector<NodeId>> hamiltonian_path(const Topology& t, std::string& why) const override;
  /// 3pt-dor (6 classes: VCs 0..5 on the Petersen ports, 0..1 on the
  /// external port); escape is final.
  EscapeRouting escape_routing(const Topology& t) const override;
  /// z, x, y (the module torus) and the inner Petersen vertex p; transpose
  /// swaps x and y.
  std::optional<PermutationAxes> permutation_axes() const override;
  void add_bounds(const Topology& t, ThroughputBounds& out) const override;
  std::optional<std::pair<std::size_t, std::string>> halving_cut(const Topology& t) const override;
  /// Blocks of whole modules on the l x m x n torus of modules (topology/lanes.h).
  std::vector<unsigned> lanes(const Topology& t, unsigned lanes, const std::vector<double>& work) const override;
  TileSpot tile(const Topology& t, NodeId n, ZLayout z) const override;
  std::string floorplan(ZLayout z) const override;

 private:
  std::array<unsigned, 3> lmn_;
};

/// The (column, row) of Petersen vertex p in a module's 5 x 2 block of tiles.
const std::array<std::array<unsigned, 2>, 10>& petersen_module_tiles();

/// Builds 3PT(l, m, n); throws ConfigError (field "topology") if a size < 2.
Topology make_petersen_torus(unsigned l, unsigned m, unsigned n);
/// "LxMxN" after "3pt:"; throws ConfigError(field).
Topology make_petersen_torus_from_spec(const std::string& args, const std::string& field);

}  // namespace wormsim
