#include <wormsim/core/config_error.h>
#include <wormsim/routing/dimension_order.h>
#include <wormsim/routing/hamiltonian_routing.h>
#include <wormsim/routing/layered_updown.h>
#include <wormsim/routing/routing.h>
#include <wormsim/routing/shortest_path.h>

namespace wormsim {

const std::vector<std::pair<std::string, std::string>>& routing_names() {
  static const std::vector<std::pair<std::string, std::string>> names = {
      {"dor", "dimension order on mesh and torus (torus: dateline VC classes); deadlock-free"},
      {"layered", "minimal adaptive on any topology, up*/down* VC layers; deadlock-free"},
      {"hamiltonian", "path-based along a Hamiltonian path (dual-path, one destination); any topology here, any VCs; deadlock-free"},
      {"minimal", "minimal adaptive on any topology, any VC; deadlocks on rings (control)"},
      {"dor-nodateline", "dimension order without dateline classes; deadlocks on a torus (control)"},
  };
  return names;
}

std::string default_routing(const Topology& t) { return t.kind == "3pt" ? "layered" : "dor"; }

std::unique_ptr<RoutingFunction> make_routing(const std::string& name, const Topology& t,
                                              unsigned vcs) {
  const unsigned v = vcs == 0 ? 2 : vcs;
  if (name == "dor" || name == "dor-nodateline") {
    if (t.kind != "mesh" && t.kind != "torus")
      throw ConfigError("routing", name + " needs a mesh or torus, got " + t.spec +
                                       " (try layered)");
    const bool datelines = name == "dor";
    if (datelines && t.kind == "torus" && v < 2)
      throw ConfigError("vcs", "torus dimension-order routing needs at least 2 VCs (dateline "
                               "classes), got " + std::to_string(v));
    return std::make_unique<DimensionOrderRouting>(t, v, datelines);
  }
  if (name == "layered") return std::make_unique<LayeredUpDownRouting>(t, vcs);
  if (name == "hamiltonian") return std::make_unique<HamiltonianRouting>(t, v);
  if (name == "minimal") return std::make_unique<ShortestPathRouting>(t, v);
  std::string list;
  for (const auto& [n, _] : routing_names()) list += (list.empty() ? "" : ", ") + n;
  throw ConfigError("routing", "unknown routing '" + name + "' (expected one of: " + list + ")");
}

}  // namespace wormsim
