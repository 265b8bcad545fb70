#include <wormsim/topology/registry.h>

#include <stdexcept>
#include <utility>

#include <wormsim/core/choice.h>
#include <wormsim/core/config_error.h>
#include <wormsim/topology/arrangement.h>
#include <wormsim/topology/folded_petersen.h>
#include <wormsim/topology/grid.h>
#include <wormsim/topology/petersen_torus.h>

namespace wormsim {
namespace {

using V = FoldedPetersenKind::Variant;

Topology refuse_rfp_type_ii(const std::string&, const std::string& field) {
  throw ConfigError(field, "RFP type II is not built: the paper defines it in one sentence (root nodes replaced by "
                           "supernodes of three nodes 00, 01, 04), the figure that fixes its links is missing and "
                           "the paper does not use it; use rfp:N (type I)");
}

std::vector<TopologyInfo>& table_of_topologies() {
  // name, syntax, description, examples, builder
  static std::vector<TopologyInfo> table = {
      {"mesh", "mesh:XxYxZ", "3D (or 2D: mesh:XxY) mesh, sizes >= 1, at least 2 nodes", {"mesh:4x4x4", "mesh:4x4"},
       [](const std::string& a, const std::string& f) { return make_grid_from_spec(a, false, f); }},
      {"torus", "torus:XxYxZ", "3D (or 2D) torus, sizes >= 1, at least 2 nodes", {"torus:4x4x4", "torus:4x4"},
       [](const std::string& a, const std::string& f) { return make_grid_from_spec(a, true, f); }},
      {"3pt", "3pt:LxMxN", "3D Petersen-torus 3PT(l, m, n) of Kim and Lee, sizes >= 2", {"3pt:2x2x2", "3pt:3x3x3"},
       make_petersen_torus_from_spec},
      {"petersen", "petersen", "the Petersen graph P (10 nodes, Lin and Jan's numbering)", {"petersen"},
       [](const std::string& a, const std::string& f) { return make_folded_petersen_from_spec(V::Petersen, a, f); }},
      {"fp", "fp:N", "folded Petersen FP_N = P^N (Lin and Jan), 1 <= N <= 5", {"fp:2", "fp:3"},
       [](const std::string& a, const std::string& f) { return make_folded_petersen_from_spec(V::Folded, a, f); }},
      {"rfp", "rfp:N", "root-folded Petersen RFP_N, type I (Lin and Jan), 1 <= N <= 5", {"rfp:2", "rfp:3"},
       [](const std::string& a, const std::string& f) { return make_folded_petersen_from_spec(V::RootFolded, a, f); }},
      {"rfp-ii", "rfp-ii:N", "root-folded Petersen type II: refused (the paper does not specify its links)", {},
       refuse_rfp_type_ii},
      {"arrangement", "arrangement:N,K", "arrangement graph A(N, K) (Bai et al.), 1 <= K <= N-1",
       {"arrangement:4,2", "arrangement:5,2", "arrangement:5,3"}, make_arrangement_from_spec},
  };
  return table;
}

}  // namespace

const std::vector<TopologyInfo>& topologies() { return table_of_topologies(); }

void register_topology(TopologyInfo info) {
  if (find_topology(info.name) != nullptr) throw std::invalid_argument("topology '" + info.name + "' is already registered");
  table_of_topologies().push_back(std::move(info));
}

const TopologyInfo* find_topology(const std::string& name) { return named_or_null(topologies(), name); }

std::string topology_syntax_list() {
  std::string list;
  for (const TopologyInfo& t : topologies()) list += (list.empty() ? "" : ", ") + t.syntax;
  return list;
}

}  // namespace wormsim
