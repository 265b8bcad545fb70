#include <wormsim/broadcast/algorithms.h>

#include <utility>

#include <wormsim/core/choice.h>

#include <wormsim/broadcast/bai.h>
#include <wormsim/broadcast/kim_lee.h>
#include <wormsim/broadcast/lin_jan.h>
#include <wormsim/broadcast/worm_algorithms.h>
#include <wormsim/topology/families.h>

namespace wormsim {

namespace {

BroadcastAlgorithm named(std::string name, std::string description, PortModel ports) {
  BroadcastAlgorithm a;
  a.name = std::move(name);
  a.description = std::move(description);
  a.ports = ports;
  return a;
}

}  // namespace

BroadcastAlgorithm BroadcastAlgorithm::steps(std::string name, std::string description, PortModel ports,
                                             std::function<Schedule(const Topology&, NodeId)> build) {
  BroadcastAlgorithm a = named(std::move(name), std::move(description), ports);
  a.build = std::move(build);
  return a;
}

BroadcastAlgorithm BroadcastAlgorithm::worm(std::string name, std::string description, PortModel ports,
                                            std::function<WormSchedule(const Topology&, NodeId)> build) {
  BroadcastAlgorithm a = named(std::move(name), std::move(description), ports);
  a.build_worms = std::move(build);
  return a;
}

BroadcastAlgorithm BroadcastAlgorithm::on(std::string where, std::function<bool(const Topology&)> test) const {
  BroadcastAlgorithm a = *this;
  a.topologies = std::move(where);
  a.applies = std::move(test);
  return a;
}

BroadcastAlgorithm BroadcastAlgorithm::claims(std::function<unsigned(const Topology&)> bound) const {
  BroadcastAlgorithm a = *this;
  a.claimed_steps = std::move(bound);
  return a;
}

BroadcastAlgorithm BroadcastAlgorithm::multicast(
    std::function<WormSchedule(const Topology&, NodeId, const std::vector<NodeId>&)> form) const {
  BroadcastAlgorithm a = *this;
  a.build_multicast = std::move(form);
  return a;
}

const std::vector<BroadcastAlgorithm>& broadcast_algorithms() {
  using namespace family;
  using A = BroadcastAlgorithm;
  static const std::vector<BroadcastAlgorithm> list = {
      A::steps("bfs-all-port", "all-port (MLA) breadth-first tree; steps = the source's eccentricity (optimal)",
               PortModel::All, all_port_bfs),
      A::steps("greedy-one-port", "one-port (SLA) greedy matching per step; any topology", PortModel::One,
               [](const Topology& t, NodeId s) { return one_port_greedy(t, s); }),
      A::steps("best-one-port", "one-port (SLA): the greedy and 64 randomized variants, fewest steps wins",
               PortModel::One, one_port_best),
      A::steps("kim-lee-sla", "3PT: Kim and Lee's one-to-all algorithm (OABA) under SLA, as the extracted text allows",
               PortModel::One, [](const Topology& t, NodeId s) { return kim_lee_one_to_all(t, s, PortModel::One); })
          .on("3pt", petersen_torus)
          .claims([](const Topology& t) { return kim_lee_theorem_bound(t.dims[0], t.dims[1], PortModel::One); }),
      A::steps("kim-lee-mla", "3PT: Kim and Lee's one-to-all algorithm (OABA) under MLA, as the extracted text allows",
               PortModel::All, [](const Topology& t, NodeId s) { return kim_lee_one_to_all(t, s, PortModel::All); })
          .on("3pt", petersen_torus)
          .claims([](const Topology& t) { return kim_lee_theorem_bound(t.dims[0], t.dims[1], PortModel::All); }),
      A::steps("lin-jan-fp", "P / FP_n: Lin and Jan's Basic- and FP_n-Broadcasting, digit n down to 1; 2n steps",
               PortModel::All, lin_jan_fp_broadcast)
          .on("petersen, fp", folded_petersen),
      A::steps("lin-jan-rfp", "RFP_n: Lin and Jan's RFP_n-Broadcasting (climb to the root, then down), repeat sends left out",
               PortModel::All, lin_jan_rfp_broadcast)
          .on("rfp", root_folded_petersen),
      A::steps("bai-okn", "A(n,k): Bai et al.'s O(kn) algorithm (external subgraphs, mediates, per level)",
               PortModel::One, bai_okn_broadcast)
          .on("arrangement", arrangement)
          .claims([](const Topology& t) { return bai_okn_paper_steps(t.dims[0], t.dims[1]); }),
      A::steps("bai-oklgn", "A(n,k): Bai et al.'s O(k lg n) algorithm (doubling mediates and subgraphs, per level)",
               PortModel::One, bai_oklgn_broadcast)
          .on("arrangement", arrangement)
          .claims([](const Topology& t) { return bai_oklgn_paper_steps(t.dims[0], t.dims[1]); }),
      A::worm("dual-path", "two worms along the Hamiltonian path (high and low), absorb-and-forward; 1 start-up",
              PortModel::All, dual_path_broadcast)
          .on("networks with a Hamiltonian path", hamiltonian)
          .multicast(dual_path_multicast),
      A::worm("3-dbl", "3D mesh: column worms, then dual-path in every layer (Hamiltonian per layer); 2 start-ups",
              PortModel::All, three_dbl)
          .on("3D mesh", mesh_3d),
      A::worm("3-dbs", "3D mesh: line worms along x, then y, then z (one direction per worm); 3 start-ups",
              PortModel::All, three_dbs)
          .on("3D mesh", mesh_3d),
  };
  return list;
}

const BroadcastAlgorithm* find_broadcast_algorithm(const std::string& name) {
  return named_or_null(broadcast_algorithms(), name);
}

std::string multicast_algorithm_names() {
  std::string names;
  for (const BroadcastAlgorithm& a : broadcast_algorithms())
    if (a.build_multicast) names += (names.empty() ? "" : ", ") + a.name;
  return names;
}

}  // namespace wormsim
