// Bad user input: a one-line message naming the field and what was expected.
// The command-line driver turns it into exit code 2.
#pragma once
#include <stdexcept>
#include <string>

namespace wormsim {

/// `text` as one line of bounded length: control characters are written as
/// \n, \t or \xHH, and a text over kMaxMessage characters keeps its first and
/// last kMaxMessage / 2 characters with the count cut between them (so a
/// 10 MB argument echoed in a message costs a line, not 10 MB).
std::string one_line(const std::string& text);
constexpr std::size_t kMaxMessage = 480;

class ConfigError : public std::runtime_error {
 public:
  ConfigError(const std::string& field, const std::string& expected)
      : std::runtime_error(one_line(field + ": " + expected)), field_(one_line(field)) {}
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

/// True when `text` is a decimal number: an optional sign, digits with an
/// optional fraction (or a fraction alone), and an optional decimal exponent.
/// Hexadecimal, "inf", "nan", spaces and other syntaxes are not numbers to
/// wormsim, so every numeric field reads one syntax.
bool is_decimal_number(const std::string& text);

/// The decimal number `text`, or ConfigError(field, expected + ", got 'text'")
/// when it is not one (is_decimal_number), is out of double's range, or is
/// outside [min, max].
double parse_decimal(const std::string& field, const std::string& text, const std::string& expected,
                     double min = -1e308, double max = 1e308);

}  // namespace wormsim
