// Opening a file the user named as input (a scenario, a trace): it must be a
// readable regular file, or the field that named it gets a one-line error.
#pragma once
#include <filesystem>
#include <fstream>
#include <string>

#include <wormsim/core/config_error.h>

namespace wormsim {

/// The open file; throws ConfigError(field) ("expected a readable <what>
/// file, 'p' does not exist" / "is not a regular file" / "cannot read").
inline std::ifstream open_input_file(const std::string& field, const std::string& path, const std::string& what) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw ConfigError(field, "expected a readable " + what + " file, '" + path + "' " +
                                 (std::filesystem::exists(path, ec) ? "is not a regular file" : "does not exist"));
  std::ifstream in(path);
  if (!in) throw ConfigError(field, "cannot read " + what + " file '" + path + "'");
  return in;
}

}  // namespace wormsim
