// 3D mesh and 3D torus: node ids, coordinates and port numbering.
//
//   id = x + X * (y + Y * z),  0 <= x < X, 0 <= y < Y, 0 <= z < Z
//
// Ports exist only for dimensions of size > 1, in the order x+, x-, y+, y-,
// z+, z- (so mesh:8x8x8 has 6 network ports and mesh:8x8x1 has 4).
#pragma once
#include <array>
#include <vector>

#include <wormsim/topology/topology.h>

namespace wormsim {

struct Coord {
  unsigned x = 0, y = 0, z = 0;
  bool operator==(const Coord& o) const { return x == o.x && y == o.y && z == o.z; }
};

struct GridSpec {
  std::array<unsigned, 3> dims{1, 1, 1};
  bool wrap = false;  ///< true: torus
};

Coord coord_of(const std::array<unsigned, 3>& dims, NodeId id);
NodeId id_of(const std::array<unsigned, 3>& dims, const Coord& c);
/// (x, y, z) of every node id, for code that reads coordinates on a hot path
/// without dividing (12 bytes per node).
std::vector<std::array<unsigned, 3>> grid_coord_table(const std::array<unsigned, 3>& dims);

/// Port number of (dimension d, positive direction?) in this topology, or -1.
int grid_port(const Topology& t, unsigned dim, bool positive);

/// The mesh and torus family (topology/kind.h).
class GridKind : public TopologyKind {
 public:
  explicit GridKind(const GridSpec& spec) : spec_(spec) {}
  bool wrap() const { return spec_.wrap; }
  const std::array<unsigned, 3>& dims() const { return spec_.dims; }

  std::string name() const override { return spec_.wrap ? "torus" : "mesh"; }
  std::string node_name(NodeId n) const override;
  std::vector<unsigned> coordinates(NodeId n) const override;
  std::string coordinate_names() const override { return "x, y, z"; }
  std::optional<NodeId> node_at(const std::vector<unsigned>& c) const override;
  bool vertex_transitive() const override { return spec_.wrap; }
  std::string default_routing() const override { return "dor"; }
  std::optional<std::vector<NodeId>> hamiltonian_path(const Topology& t, std::string& why) const override;
  /// Dimension order on VC 0 (mesh) or VCs 0 and 1 with position datelines
  /// (torus); packets may return to adaptive VCs (Duato's original protocol).
  EscapeRouting escape_routing(const Topology& t) const override;
  /// x, y, z; transpose swaps x and y.
  std::optional<PermutationAxes> permutation_axes() const override;
  void add_bounds(const Topology& t, ThroughputBounds& out) const override;
  std::optional<std::pair<std::size_t, std::string>> halving_cut(const Topology& t) const override;
  /// X x Y x Z blocks (topology/lanes.h).
  std::vector<unsigned> lanes(const Topology& t, unsigned lanes, const std::vector<double>& work) const override;
  TileSpot tile(const Topology& t, NodeId n, ZLayout z) const override;
  std::string floorplan(ZLayout z) const override;

 private:
  GridSpec spec_;
};

/// Builds a 3D mesh (wrap = false) or 3D torus (wrap = true).
Topology make_grid(const GridSpec& spec);

/// "XxYxZ" or "XxY" after "mesh:" / "torus:"; throws ConfigError(field).
Topology make_grid_from_spec(const std::string& args, bool wrap, const std::string& field);

}  // namespace wormsim
