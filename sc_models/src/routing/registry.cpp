#include <wormsim/routing/registry.h>

#include <stdexcept>

#include <wormsim/core/choice.h>
#include <wormsim/core/config_error.h>
#include <wormsim/routing/adaptive.h>
#include <wormsim/routing/arrangement_routing.h>
#include <wormsim/routing/folded_petersen_routing.h>
#include <wormsim/routing/dimension_order.h>
#include <wormsim/routing/hamiltonian_routing.h>
#include <wormsim/routing/layered_updown.h>
#include <wormsim/routing/petersen_torus_dor.h>
#include <wormsim/routing/shortest_path.h>
#include <wormsim/routing/spanning_tree.h>
#include <wormsim/topology/families.h>

namespace wormsim {
namespace {

unsigned at_least_two(unsigned vcs) { return vcs == 0 ? 2 : vcs; }

std::unique_ptr<RoutingFunction> make_dor(const Topology& t, unsigned vcs, DimensionOrderRouting::Datelines d) {
  const unsigned v = at_least_two(vcs);
  if (d != DimensionOrderRouting::Datelines::None && t.as<GridKind>()->wrap() && v < 2)
    throw ConfigError("vcs", "torus dimension-order routing needs at least 2 VCs (dateline classes), got " +
                                 std::to_string(v));
  return std::make_unique<DimensionOrderRouting>(t, v, d);
}

}  // namespace

RoutingInfo routing_row(std::string name, std::string description, std::string topologies,
                        std::function<bool(const Topology&)> applies, std::string vcs_needed,
                        const RoutingTraits& traits,
                        std::function<std::unique_ptr<RoutingFunction>(const Topology&, const RoutingBuild&)> make) {
  RoutingInfo r;
  r.name = std::move(name);
  r.description = std::move(description);
  r.topologies = std::move(topologies);
  r.applies = std::move(applies);
  r.vcs_needed = std::move(vcs_needed);
  r.deadlock_free = traits.deadlock_free;
  r.adaptive = traits.adaptive_choice;
  r.minimal = traits.minimal;
  r.rtl = traits.rtl;
  r.arbitration = traits.arbitration;
  r.worms = traits.worms;
  r.make = std::move(make);
  return r;
}

namespace {

std::vector<RoutingInfo>& table_of_routings() {
  using D = DimensionOrderRouting::Datelines;
  using namespace family;
  // routing_row(name, description, topologies, applies, VCs needed, traits, factory)
  static std::vector<RoutingInfo> table = {
      routing_row("dor", "dimension order (x, y, z); on the torus with dateline VC classes", "mesh, torus", grid,
       "mesh >= 1, torus >= 2", RoutingTraits{}.on_rtl(),
       [](const Topology& t, const RoutingBuild& b) { return make_dor(t, b.vcs, D::Source); }),
      routing_row("dor-position", "dimension order; on the torus with datelines by position (the RTL's RouteDorTorus: the header carries no source)",
       "mesh, torus", grid, "mesh >= 1, torus >= 2", RoutingTraits{}.on_rtl(),
       [](const Topology& t, const RoutingBuild& b) { return make_dor(t, b.vcs, D::Position); }),
      routing_row("dor-wrap", "dimension order; on the torus the whole ring in the upper VC class when the path wraps, as "
       "BookSim 2's dim_order_torus (ties split by source and destination)",
       "mesh, torus", grid, "mesh >= 1, torus >= 2", RoutingTraits{},
       [](const Topology& t, const RoutingBuild& b) { return make_dor(t, b.vcs, D::Wrap); }),
      routing_row("layered", "minimal adaptive, up*/down* VC layers", "any", any, ">= the layer count (3PT(5,5,5): 6)", RoutingTraits{}.adaptive().by_age(),
       [](const Topology& t, const RoutingBuild& b) { return std::make_unique<LayeredUpDownRouting>(t, b.vcs, b.threads); }),
      routing_row("3pt-dor", "3PT module dimension order (z ring, diagonal, straight king's moves), datelines", "3pt", petersen_torus,
       ">= 6", RoutingTraits{}.not_minimal().on_rtl().by_age(),
       [](const Topology& t, const RoutingBuild& b) { return std::make_unique<PetersenTorusDorRouting>(t, b.vcs); }),
      routing_row("adaptive", "minimal fully adaptive with escape VCs (Duato): escape = dor / 3pt-dor / tree elsewhere",
       "any", any, "mesh >= 2, torus >= 3, 3pt >= 7, others >= 2 (default 8 where it fits)", RoutingTraits{}.adaptive().not_minimal().by_age(),
       [](const Topology& t, const RoutingBuild& b) { return std::make_unique<AdaptiveRouting>(t, b.vcs, AdaptiveRouting::Escape::Best, false, b.threads); }),
      routing_row("fp-dor", "Lin and Jan's FP_n-Routing: Basic-Routing per digit, highest digit first; 2 VC classes",
       "petersen, fp", folded_petersen, ">= 2 (1 deadlocks)", RoutingTraits{},
       [](const Topology& t, const RoutingBuild& b) {
         return std::make_unique<FoldedPetersenRouting>(t, FoldedPetersenRouting::Reading::Dor, b.vcs);
       }),
      routing_row("rfp-literal", "Lin and Jan's RFP_n-Routing as printed (digit i via 00); deadlock-free on one VC", "rfp",
       root_folded_petersen, ">= 1", RoutingTraits{}.not_minimal(),
       [](const Topology& t, const RoutingBuild& b) {
         return std::make_unique<FoldedPetersenRouting>(t, FoldedPetersenRouting::Reading::Literal, b.vcs);
       }),
      routing_row("rfp-direct", "RFP_n routing, digit i directly S_i -> D_i (minimal); 2 VC classes", "rfp",
       root_folded_petersen, ">= 2 (1 deadlocks)", RoutingTraits{},
       [](const Topology& t, const RoutingBuild& b) {
         return std::make_unique<FoldedPetersenRouting>(t, FoldedPetersenRouting::Reading::Direct, b.vcs);
       }),
      routing_row("ag-greedy", "arrangement-graph shortest path (fix a position, else open a cycle); hop-indexed VCs",
       "arrangement", arrangement, ">= the diameter", RoutingTraits{},
       [](const Topology& t, const RoutingBuild& b) { return std::make_unique<ArrangementRouting>(t, b.vcs); }),
      routing_row("tree", "up and down a breadth-first spanning tree from node 0; one VC, not minimal (a baseline)", "any", any,
       ">= 1", RoutingTraits{}.not_minimal().on_rtl(),
       [](const Topology& t, const RoutingBuild& b) { return std::make_unique<SpanningTreeRouting>(t, b.vcs); }),
      routing_row("hamiltonian", "path-based along a Hamiltonian path (dual-path, one destination)", "networks with a Hamiltonian path",
       hamiltonian, ">= 1", RoutingTraits{}.not_minimal().on_rtl().carries_worms(),
       [](const Topology& t, const RoutingBuild& b) { return std::make_unique<HamiltonianRouting>(t, at_least_two(b.vcs)); }),
      routing_row("minimal", "minimal adaptive, any VC; deadlocks on rings (control)", "any", any, ">= 1", RoutingTraits{}.control().adaptive().by_age(),
       [](const Topology& t, const RoutingBuild& b) { return std::make_unique<ShortestPathRouting>(t, at_least_two(b.vcs), b.threads); }),
      routing_row("dor-nodateline", "dimension order without dateline classes; deadlocks on a torus (control)",
       "mesh, torus", grid, ">= 1", RoutingTraits{}.control().on_rtl(),
       [](const Topology& t, const RoutingBuild& b) { return make_dor(t, b.vcs, D::None); }),
      routing_row("adaptive-bad-escape", "adaptive with unrestricted minimal routing as escape on VC 0 (control)", "any", any,
       ">= 2", RoutingTraits{}.control().adaptive().by_age(),
       [](const Topology& t, const RoutingBuild& b) {
         return std::make_unique<AdaptiveRouting>(t, b.vcs, AdaptiveRouting::Escape::Minimal, false, b.threads);
       }),
  };
  return table;
}

}  // namespace

const std::vector<RoutingInfo>& routings() { return table_of_routings(); }

void register_routing(RoutingInfo info) {
  if (find_routing(info.name) != nullptr) throw std::invalid_argument("routing '" + info.name + "' is already registered");
  table_of_routings().push_back(std::move(info));
}

const RoutingInfo* find_routing(const std::string& name) { return named_or_null(routings(), name); }

const RoutingInfo& worm_routing() {
  for (const RoutingInfo& r : routings())
    if (r.worms) return r;
  throw std::logic_error("the routing table has no routing that carries worms");
}

std::string routing_name_list() {
  std::string list;
  for (const RoutingInfo& r : routings()) list += (list.empty() ? "" : ", ") + r.name;
  return list;
}

std::string default_routing(const Topology& t) { return t.kind->default_routing(); }

std::unique_ptr<RoutingFunction> make_routing(const std::string& name, const Topology& t, unsigned vcs,
                                              unsigned threads) {
  const RoutingInfo* info = find_routing(name);
  if (info == nullptr)
    throw ConfigError("routing", "unknown routing '" + name + "' (expected one of: " + routing_name_list() + ")");
  if (!info->applies(t))
    throw ConfigError("routing", name + " applies to " + info->topologies + ", not " + t.spec);
  return info->make(t, RoutingBuild{vcs, threads});
}

}  // namespace wormsim
