#include <wormsim/core/config_error.h>
#include <wormsim/traffic/pattern.h>

namespace wormsim {

const std::vector<std::string>& pattern_names() {
  static const std::vector<std::string> names = {"uniform", "transpose", "bitcomp", "hotspot",
                                                 "neighbor"};
  return names;
}

std::unique_ptr<TrafficPattern> make_pattern(const PatternConfig& c, const Topology& t) {
  if (c.name == "uniform") return patterns::uniform(t);
  if (c.name == "transpose") return patterns::transpose(t);
  if (c.name == "bitcomp") return patterns::bit_complement(t);
  if (c.name == "neighbor") return patterns::neighbor(t);
  if (c.name == "hotspot") {
    if (c.hotspot_node >= t.num_nodes())
      throw ConfigError("hotspot_node", "expected a node id below " +
                                            std::to_string(t.num_nodes()) + ", got " +
                                            std::to_string(c.hotspot_node));
    if (!(c.hotspot_fraction >= 0.0 && c.hotspot_fraction <= 1.0))
      throw ConfigError("hotspot_fraction", "expected a value in [0, 1]");
    return patterns::hotspot(t, c.hotspot_node, c.hotspot_fraction);
  }
  std::string list;
  for (const auto& n : pattern_names()) list += (list.empty() ? "" : ", ") + n;
  throw ConfigError("traffic", "unknown traffic pattern '" + c.name + "' (expected one of: " +
                                   list + ")");
}

}  // namespace wormsim
