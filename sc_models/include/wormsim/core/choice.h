// A small named-policy table: (name, one-line description, value). Router
// policies (selection, arbitration) are such tables; CLI help and validation
// come from them.
#pragma once
#include <string>
#include <vector>

#include <wormsim/core/config_error.h>

namespace wormsim {

template <typename E>
struct Choice {
  std::string name;
  std::string description;
  E value;
};

/// "a | b | c" for help texts.
template <typename E>
std::string choice_names(const std::vector<Choice<E>>& table, const char* separator = " | ") {
  std::string s;
  for (const Choice<E>& c : table) s += (s.empty() ? "" : separator) + c.name;
  return s;
}

/// The value named `name`; throws ConfigError(field) naming the choices.
template <typename E>
E parse_choice(const std::vector<Choice<E>>& table, const std::string& name, const std::string& field,
               const std::string& what) {
  for (const Choice<E>& c : table)
    if (c.name == name) return c.value;
  throw ConfigError(field, "unknown " + what + " '" + name + "' (expected one of: " + choice_names(table, ", ") + ")");
}

}  // namespace wormsim
