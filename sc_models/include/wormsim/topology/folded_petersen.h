// The Petersen family of Lin and Jan, "Routing and Broadcasting Algorithms
// for the Root-Folded Petersen Networks": the Petersen graph P, the folded
// Petersen network FP_n (the n-fold Cartesian product of P) and the
// root-folded Petersen network of type I, RFP_n.
//
// Node (D_n, ..., D_1), each digit D_i a Petersen node in Lin and Jan's
// numbering (petersen.h: d = 5*n1 + n0, written "n1n0"), has
//   id = sum of d_i * 10^(i-1)          (digit 1 least significant)
// and the router name "r" + the written digits from D_n down to D_1 joined
// by "_" (FP_2 node D_2 = (1,3), D_1 = (0,0): id 80, "r13_00"; P: "r13").
// Edges: two nodes that differ in exactly one digit i, where the two digit
// values are adjacent in P; in RFP_n a digit-i edge (i >= 2) exists only
// between nodes whose digits 1..i-1 are all 00 (every cluster, fixed
// D_n..D_2, is a Petersen graph; clusters meet only at their 00 nodes).
// Ports: digit i uses ports 3(i-1) .. 3(i-1)+2 ("d<i>p0".."d<i>p2"), towards
// the three neighbours of D_i in ascending digit order. An RFP_n node whose
// lowest t digits are 00 (digit t+1 not) has links on its first 3(t+1)
// ports; the root 00..00 has 3n.
//
// RFP of type II is not built: the paper describes it in one sentence ("the
// root nodes are replaced by supernodes of three nodes, 00, 01 and 04"), the
// figure that fixes its links is missing, and the paper does not use it.
#pragma once
#include <vector>

#include <wormsim/topology/topology.h>

namespace wormsim {

class FoldedPetersenKind : public TopologyKind {
 public:
  enum class Variant { Petersen, Folded, RootFolded };
  FoldedPetersenKind(Variant v, unsigned n) : variant_(v), n_(n) {}
  Variant variant() const { return variant_; }
  bool root_folded() const { return variant_ == Variant::RootFolded; }
  unsigned digits() const { return n_; }
  /// Digit i (1..n) of node id, Lin and Jan numbering.
  static unsigned digit(NodeId id, unsigned i);
  static NodeId with_digit(NodeId id, unsigned i, unsigned d);
  /// Port of digit i towards digit value `to` at a node whose digit i is `from`.
  static PortId port_towards(unsigned i, unsigned from, unsigned to);

  std::string name() const override;
  std::string node_name(NodeId n) const override;
  std::vector<unsigned> coordinates(NodeId n) const override;
  std::string coordinate_names() const override { return "D_n .. D_1 (digit values 5*n1 + n0)"; }
  std::optional<NodeId> node_at(const std::vector<unsigned>& c) const override;
  bool vertex_transitive() const override { return !root_folded() || n_ == 1; }
  std::string default_routing() const override { return root_folded() ? "rfp-direct" : "fp-dor"; }
  std::optional<std::vector<NodeId>> hamiltonian_path(const Topology& t, std::string& why) const override;
  void add_bounds(const Topology& t, ThroughputBounds& out) const override;
  std::vector<std::pair<std::string, std::string>> facts(const Topology& t) const override;

 private:
  Variant variant_;
  unsigned n_;
};

Topology make_folded_petersen(FoldedPetersenKind::Variant v, unsigned n);
/// "" (petersen) or "N" (fp, rfp) after the name; throws ConfigError(field).
Topology make_folded_petersen_from_spec(FoldedPetersenKind::Variant v, const std::string& args,
                                        const std::string& field);

}  // namespace wormsim
