// Typed tests "is this network of family K?" for the tables' `applies`
// columns (routings, broadcast algorithms), so each is written once.
#pragma once
#include <wormsim/topology/arrangement.h>
#include <wormsim/topology/folded_petersen.h>
#include <wormsim/topology/grid.h>
#include <wormsim/topology/petersen_torus.h>

namespace wormsim::family {

inline bool any(const Topology&) { return true; }
/// Mesh or torus.
inline bool grid(const Topology& t) { return t.as<GridKind>() != nullptr; }
/// A mesh with every dimension at least 2.
inline bool mesh_3d(const Topology& t) {
  const auto* g = t.as<GridKind>();
  return g != nullptr && !g->wrap() && g->dims()[0] >= 2 && g->dims()[1] >= 2 && g->dims()[2] >= 2;
}
inline bool petersen_torus(const Topology& t) { return t.as<PetersenTorusKind>() != nullptr; }
/// P or FP_n.
inline bool folded_petersen(const Topology& t) {
  const auto* k = t.as<FoldedPetersenKind>();
  return k != nullptr && !k->root_folded();
}
inline bool root_folded_petersen(const Topology& t) {
  const auto* k = t.as<FoldedPetersenKind>();
  return k != nullptr && k->root_folded();
}
inline bool arrangement(const Topology& t) { return t.as<ArrangementKind>() != nullptr; }
/// The family gives a Hamiltonian path for this size.
inline bool hamiltonian(const Topology& t) {
  std::string why;
  return t.kind->hamiltonian_path(t, why).has_value();
}

}  // namespace wormsim::family
