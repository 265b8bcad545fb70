// A BookSim 2 configuration as a wormsim scenario: the settings it maps to,
// or the first key wormsim cannot honour (ConfigError naming it and why).
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "booksim_config.h"

namespace wormsim::driver::booksim {

struct Mapping {
  /// wormsim settings (keys of settings.h), in the order to apply them.
  std::vector<std::pair<std::string, std::string>> settings;
  /// What differs from BookSim in how it is measured (printed before the run).
  std::vector<std::string> notes;
  /// Keys accepted only because of --lenient: "key = value (where)".
  std::vector<std::string> lenient;
  /// Flits per packet when every packet has one length, else 0.
  unsigned fixed_packet = 0;
};

/// Maps the assignments (read()) to wormsim settings. Refuses, with
/// ConfigError(key, ...), the first key in the file's order (then the
/// defaults' order) whose value wormsim cannot honour; with `lenient`, keys
/// of Kind::kInert that differ from BookSim's default are listed instead.
Mapping map_config(const std::vector<Assignment>& given, bool lenient);

}  // namespace wormsim::driver::booksim
