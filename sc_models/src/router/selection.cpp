#include <wormsim/router/selection.h>

#include <wormsim/core/config_error.h>

namespace wormsim {

const std::vector<SelectionInfo>& selections() {
  static const std::vector<SelectionInfo> table = {
      {"first", "first free VC in the routing's order (what the RTL implements)", Selection::First},
      {"credits", "most credits downstream among the preferred class; ties in the routing's order",
       Selection::Credits},
  };
  return table;
}

Selection parse_selection(const std::string& name, const std::string& field) {
  std::string list;
  for (const SelectionInfo& s : selections()) {
    if (s.name == name) return s.value;
    list += (list.empty() ? "" : ", ") + s.name;
  }
  throw ConfigError(field, "unknown selection '" + name + "' (expected one of: " + list + ")");
}

std::string selection_name(Selection v) {
  for (const SelectionInfo& s : selections())
    if (s.value == v) return s.name;
  return "?";
}

}  // namespace wormsim
