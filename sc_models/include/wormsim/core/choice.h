// A small named-policy table: (name, one-line description, value). Router
// policies (selection, arbitration) are such tables; CLI help and validation
// come from them. names_of and find_named serve any table whose entries have
// a `name` (traffic patterns, injection processes).
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

/// "a | b | c" for help texts, from any table of entries with a `name`.
template <typename T>
std::string names_of(const std::vector<T>& table, const char* separator = " | ") {
  std::string s;
  for (const T& c : table) s += (s.empty() ? "" : separator) + c.name;
  return s;
}

template <typename E>
std::string choice_names(const std::vector<Choice<E>>& table, const char* separator = " | ") {
  return names_of(table, separator);
}

/// The entry named `name` of any table of entries with a `name`, or null.
template <typename T>
const T* named_or_null(const std::vector<T>& table, const std::string& name) {
  for (const T& c : table)
    if (c.name == name) return &c;
  return nullptr;
}

/// The entry named `name` of any table of entries with a `name`; throws
/// ConfigError(field) naming the choices ("unknown <what> 'x' (expected
/// one of: ...)").
template <typename T>
const T& find_named(const std::vector<T>& table, const std::string& name, const std::string& field,
                    const std::string& what) {
  if (const T* c = named_or_null(table, name)) return *c;
  throw ConfigError(field, "unknown " + what + " '" + name + "' (expected one of: " + names_of(table, ", ") + ")");
}

/// The name of `value` in `table` ("" if it has none).
template <typename E>
std::string name_of_value(const std::vector<Choice<E>>& table, E value) {
  for (const Choice<E>& c : table)
    if (c.value == value) return c.name;
  return "";
}

/// The value named `name`; throws ConfigError(field) naming the choices.
template <typename E>
E parse_choice(const std::vector<Choice<E>>& table, const std::string& name, const std::string& field,
               const std::string& what) {
  return find_named(table, name, field, what).value;
}

}  // namespace wormsim
