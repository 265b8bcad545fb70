#include <wormsim/broadcast/algorithms.h>

#include <wormsim/broadcast/bai.h>
#include <wormsim/broadcast/kim_lee.h>
#include <wormsim/broadcast/lin_jan.h>
#include <wormsim/broadcast/worm_algorithms.h>
#include <wormsim/topology/arrangement.h>
#include <wormsim/topology/folded_petersen.h>
#include <wormsim/topology/grid.h>
#include <wormsim/topology/petersen_torus.h>

namespace wormsim {
namespace {

bool pt(const Topology& t) { return t.as<PetersenTorusKind>() != nullptr; }
bool mesh3d(const Topology& t) {
  const auto* g = t.as<GridKind>();
  return g != nullptr && !g->wrap() && g->dims()[0] >= 2 && g->dims()[1] >= 2 && g->dims()[2] >= 2;
}
bool folded(const Topology& t) { return t.as<FoldedPetersenKind>() != nullptr && !t.as<FoldedPetersenKind>()->root_folded(); }
bool root_folded(const Topology& t) {
  return t.as<FoldedPetersenKind>() != nullptr && t.as<FoldedPetersenKind>()->root_folded();
}
bool arrangement(const Topology& t) { return t.as<ArrangementKind>() != nullptr; }
bool any(const Topology&) { return true; }
bool hamiltonian(const Topology& t) {
  std::string why;
  return t.kind->hamiltonian_path(t, why).has_value();
}

}  // namespace

const std::vector<BroadcastAlgorithm>& broadcast_algorithms() {
  static const std::vector<BroadcastAlgorithm> list = {
      {"bfs-all-port", "all-port (MLA) breadth-first tree; steps = the source's eccentricity (optimal)",
       PortModel::All, all_port_bfs, {}, "any", any, nullptr},
      {"greedy-one-port", "one-port (SLA) greedy matching per step; any topology", PortModel::One,
       [](const Topology& t, NodeId s) { return one_port_greedy(t, s); }, {}, "any", any, nullptr},
      {"best-one-port", "one-port (SLA): the greedy and 64 randomized variants, fewest steps wins", PortModel::One,
       one_port_best, {}, "any", any, nullptr},
      {"kim-lee-sla", "3PT: Kim and Lee's one-to-all algorithm (OABA) under SLA, as the extracted text allows",
       PortModel::One, [](const Topology& t, NodeId s) { return kim_lee_one_to_all(t, s, PortModel::One); }, {}, "3pt", pt,
       [](const Topology& t) { return kim_lee_theorem_bound(t.dims[0], t.dims[1], PortModel::One); }},
      {"kim-lee-mla", "3PT: Kim and Lee's one-to-all algorithm (OABA) under MLA, as the extracted text allows",
       PortModel::All, [](const Topology& t, NodeId s) { return kim_lee_one_to_all(t, s, PortModel::All); }, {}, "3pt", pt,
       [](const Topology& t) { return kim_lee_theorem_bound(t.dims[0], t.dims[1], PortModel::All); }},
      {"lin-jan-fp", "P / FP_n: Lin and Jan's Basic- and FP_n-Broadcasting, digit n down to 1; 2n steps",
       PortModel::All, lin_jan_fp_broadcast, {}, "petersen, fp", folded, nullptr},
      {"lin-jan-rfp", "RFP_n: Lin and Jan's RFP_n-Broadcasting (climb to the root, then down), repeat sends left out",
       PortModel::All, lin_jan_rfp_broadcast, {}, "rfp", root_folded, nullptr},
      {"bai-okn", "A(n,k): Bai et al.'s O(kn) algorithm (external subgraphs, mediates, per level)", PortModel::One,
       bai_okn_broadcast, {}, "arrangement", arrangement,
       [](const Topology& t) { return bai_okn_paper_steps(t.dims[0], t.dims[1]); }},
      {"bai-oklgn", "A(n,k): Bai et al.'s O(k lg n) algorithm (doubling mediates and subgraphs, per level)",
       PortModel::One, bai_oklgn_broadcast, {}, "arrangement", arrangement,
       [](const Topology& t) { return bai_oklgn_paper_steps(t.dims[0], t.dims[1]); }},
      {"dual-path", "two worms along the Hamiltonian path (high and low), absorb-and-forward; 1 start-up",
       PortModel::All, {}, dual_path_broadcast, "networks with a Hamiltonian path", hamiltonian, nullptr},
      {"3-dbl", "3D mesh: column worms, then dual-path in every layer (Hamiltonian per layer); 2 start-ups",
       PortModel::All, {}, three_dbl, "3D mesh", mesh3d, nullptr},
      {"3-dbs", "3D mesh: line worms along x, then y, then z (one direction per worm); 3 start-ups",
       PortModel::All, {}, three_dbs, "3D mesh", mesh3d, nullptr},
  };
  return list;
}

const BroadcastAlgorithm* find_broadcast_algorithm(const std::string& name) {
  for (const BroadcastAlgorithm& a : broadcast_algorithms())
    if (a.name == name) return &a;
  return nullptr;
}

}  // namespace wormsim
