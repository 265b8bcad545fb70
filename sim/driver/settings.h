// The scenario settings a user can give, each once as a YAML key and once as
// a command-line flag (--key with '_' written '-'). One table serves both, so
// a value is checked the same way wherever it comes from.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include <wormsim/sim/scenario.h>

namespace wormsim::driver {

struct Setting {
  std::string key;   ///< YAML key, e.g. "local_ports"
  std::string help;  ///< one line for --help
  std::function<void(Scenario&, const std::string&)> apply;  ///< throws ConfigError
};

const std::vector<Setting>& settings();

/// The setting named `key` (it must exist).
const Setting& setting(const std::string& key);

/// The flag spelling of a key: "local_ports" -> "--local-ports".
std::string flag_of(const std::string& key);

/// st.apply, after refusing an empty value: "" never means "unset".
void apply_setting(const Setting& st, Scenario& s, const std::string& value);

/// Applies every key of a YAML mapping file and returns the keys it gave;
/// throws ConfigError (field "config") for unreadable or malformed files, a
/// second document and unknown keys, and (field: the key) for a key given twice.
std::vector<std::string> apply_yaml_file(Scenario& s, const std::string& path);

/// After the settings are applied: a trace run without a --warmup or
/// --cycles of its own measures the whole trace (warm-up 0, window to its
/// last packet).
void apply_trace_window(Scenario& s, const std::vector<std::string>& given);

}  // namespace wormsim::driver
