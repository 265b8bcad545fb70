// The arrangement graph A(n, k), 1 <= k <= n-1, as Bai, Yamakawa, Ebara and
// Nakano, "Optimal Broadcasting Algorithm on Arrangement Graph", use it.
//
// A node is a k-arrangement p = p_1..p_k of distinct elements of 1..n; its
// id is its index in the lexicographic order of all n!/(n-k)! arrangements,
// its router name "r" + the elements joined by "_" (A(5,2): id 0 is (1,2),
// "r1_2"). Two nodes are adjacent iff they differ in exactly one position.
// Every router has k(n-k) network ports: port i*(n-k) + j ("p<i+1>e<j>")
// replaces position i+1 by the j-th element (ascending) that p does not use.
// A(n, 1) is the complete graph K_n, A(n, n-1) the star graph S_n.
#pragma once
#include <vector>

#include <wormsim/topology/topology.h>

namespace wormsim {

class ArrangementKind : public TopologyKind {
 public:
  ArrangementKind(unsigned n, unsigned k);
  unsigned n() const { return n_; }
  unsigned k() const { return k_; }
  /// Elements p_1..p_k of node id (1-based values).
  const std::vector<unsigned char>& arrangement(NodeId id) const { return nodes_[id]; }
  /// Id of an arrangement (must be valid).
  NodeId id_of(const std::vector<unsigned char>& p) const;
  /// Port that sets position i (0-based) to element e (unused by p).
  PortId port_for(const std::vector<unsigned char>& p, unsigned i, unsigned e) const;

  std::string name() const override { return "arrangement"; }
  std::string node_name(NodeId n) const override;
  std::vector<unsigned> coordinates(NodeId n) const override;
  std::string coordinate_names() const override { return "p_1 .. p_k (distinct elements of 1..n)"; }
  std::optional<NodeId> node_at(const std::vector<unsigned>& c) const override;
  bool vertex_transitive() const override { return true; }
  std::string default_routing() const override { return "ag-greedy"; }
  std::optional<std::vector<NodeId>> hamiltonian_path(const Topology& t, std::string& why) const override;
  void add_bounds(const Topology& t, ThroughputBounds& out) const override;
  std::vector<std::pair<std::string, std::string>> facts(const Topology& t) const override;

 private:
  unsigned n_, k_;
  std::vector<std::vector<unsigned char>> nodes_;
  std::vector<NodeId> falling_;  ///< falling_[i] = (n-i-1)!/(n-k)!: arrangements per choice at position i
};

/// Number of k-arrangements of n elements, or 0 if above `limit`.
unsigned long long arrangement_count(unsigned n, unsigned k, unsigned long long limit);
Topology make_arrangement(unsigned n, unsigned k);
/// "N,K" after "arrangement:"; throws ConfigError(field) naming the valid range.
Topology make_arrangement_from_spec(const std::string& args, const std::string& field);

}  // namespace wormsim
