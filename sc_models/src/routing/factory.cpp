#include <wormsim/core/config_error.h>
#include <wormsim/routing/dimension_order.h>
#include <wormsim/routing/routing.h>

namespace wormsim {

std::string default_routing(const Topology&) { return "dor"; }

std::unique_ptr<RoutingFunction> make_routing(const std::string& name, const Topology& t,
                                              unsigned vcs) {
  if (name == "dor") {
    if (t.kind == "torus" && vcs < 2)
      throw ConfigError("vcs", "torus dimension-order routing needs at least 2 VCs (dateline "
                               "classes), got " + std::to_string(vcs));
    return std::make_unique<DimensionOrderRouting>(t, vcs);
  }
  throw ConfigError("routing", "unknown routing '" + name + "' (expected: dor)");
}

}  // namespace wormsim
