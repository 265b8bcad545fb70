#include <wormsim/router/arbitration.h>

#include <wormsim/core/config_error.h>

namespace wormsim {

const std::vector<ArbitrationInfo>& arbitrations() {
  static const std::vector<ArbitrationInfo> table = {
      {"round-robin", "round-robin pointers in every arbiter (what the RTL implements)", Arbitration::RoundRobin},
      {"age", "oldest packet first in every arbiter (lowest packet id)", Arbitration::Age},
  };
  return table;
}

Arbitration parse_arbitration(const std::string& name, const std::string& field) {
  std::string list;
  for (const ArbitrationInfo& a : arbitrations()) {
    if (a.name == name) return a.value;
    list += (list.empty() ? "" : ", ") + a.name;
  }
  throw ConfigError(field, "unknown arbitration '" + name + "' (expected one of: " + list + ")");
}

}  // namespace wormsim
