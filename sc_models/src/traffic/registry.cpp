// The traffic pattern table.
#include <wormsim/core/choice.h>
#include <wormsim/core/config_error.h>
#include <wormsim/traffic/pattern.h>

namespace wormsim {

const std::vector<PatternInfo>& traffic_patterns() {
  static const std::vector<PatternInfo> table = {
      {"uniform", "every other node equally likely", "any topology",
       [](const PatternConfig&, const Topology& t) { return patterns::uniform(t); }, PatternInfo::Bounds::Uniform},
      {"transpose", "(x, y, z) sends to (y, x, z); 3PT: (z, x, y, p) to (z, y, x, p)",
       "mesh, torus with X == Y; 3PT with m == n",
       [](const PatternConfig&, const Topology& t) { return patterns::transpose(t); }},
      {"bitcomp", "every coordinate c to (size - 1 - c); 3PT: Petersen vertex p to 9 - p", "mesh, torus, 3PT",
       [](const PatternConfig&, const Topology& t) { return patterns::bit_complement(t); }},
      {"bitrev", "node id with its bits reversed (b bits for 2^b nodes)", "any topology with 2^b nodes",
       [](const PatternConfig&, const Topology& t) { return patterns::bit_reverse(t); }},
      {"shuffle", "node id rotated left by one bit (perfect shuffle)", "any topology with 2^b nodes",
       [](const PatternConfig&, const Topology& t) { return patterns::shuffle(t); }},
      {"tornado", "every coordinate c of size k to (c + ceil(k/2) - 1) mod k; 3PT: its torus coordinates",
       "mesh, torus, 3PT",
       [](const PatternConfig&, const Topology& t) { return patterns::tornado(t); }},
      {"diagonal", "every coordinate c of size k to (c + 1) mod k: one step up in every dimension (BookSim's neighbor); "
       "3PT: its torus coordinates", "mesh, torus, 3PT",
       [](const PatternConfig&, const Topology& t) { return patterns::diagonal(t); }},
      {"randperm", "a random permutation of the nodes, fixed by --seed", "any topology",
       [](const PatternConfig& c, const Topology& t) { return patterns::random_permutation(t, c.seed); }},
      {"hotspot", "--hotspot-fraction of packets to --hotspot-node, the rest uniform", "any topology",
       [](const PatternConfig& c, const Topology& t) {
         if (c.hotspot_node >= t.num_nodes())
           throw ConfigError("hotspot_node", "expected a node id below " + std::to_string(t.num_nodes()) +
                                                 ", got " + std::to_string(c.hotspot_node));
         if (!(c.hotspot_fraction >= 0.0 && c.hotspot_fraction <= 1.0))
           throw ConfigError("hotspot_fraction", "expected a value in [0, 1]");
         return patterns::hotspot(t, c.hotspot_node, c.hotspot_fraction);
       }},
      {"neighbor", "a uniformly chosen node one link away", "any topology",
       [](const PatternConfig&, const Topology& t) { return patterns::neighbor(t); }},
  };
  return table;
}

std::vector<std::string> pattern_names() {
  std::vector<std::string> names;
  for (const PatternInfo& p : traffic_patterns()) names.push_back(p.name);
  return names;
}

const PatternInfo& find_pattern(const std::string& name) {
  return find_named(traffic_patterns(), name, "traffic", "traffic pattern");
}

std::unique_ptr<TrafficPattern> make_pattern(const PatternConfig& c, const Topology& t) {
  std::unique_ptr<TrafficPattern> p = find_pattern(c.name).make(c, t);
  if (c.self_packets) p->allow_self_packets();
  return p;
}

}  // namespace wormsim
