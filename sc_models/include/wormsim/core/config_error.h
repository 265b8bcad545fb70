// Bad user input: a one-line message naming the field and what was expected.
// The command-line driver turns it into exit code 2.
#pragma once
#include <stdexcept>
#include <string>

namespace wormsim {

class ConfigError : public std::runtime_error {
 public:
  ConfigError(const std::string& field, const std::string& expected)
      : std::runtime_error(field + ": " + expected), field_(field) {}
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

}  // namespace wormsim
