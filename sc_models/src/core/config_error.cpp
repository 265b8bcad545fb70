#include <wormsim/core/config_error.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace wormsim {

std::string one_line(const std::string& text) {
  std::string out;
  const bool cut = text.size() > kMaxMessage;
  const std::size_t head = cut ? kMaxMessage / 2 : text.size();
  const std::size_t tail_from = cut ? text.size() - kMaxMessage / 2 : text.size();
  auto put = [&out](char c) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    } else out += c;
  };
  for (std::size_t i = 0; i < head; ++i) put(text[i]);
  if (cut) {
    out += " [... " + std::to_string(tail_from - head) + " characters cut ...] ";
    for (std::size_t i = tail_from; i < text.size(); ++i) put(text[i]);
  }
  return out;
}

bool is_decimal_number(const std::string& t) {
  std::size_t i = 0;
  const auto digits = [&t, &i] {
    const std::size_t from = i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    return i - from;
  };
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
  std::size_t mantissa = digits();
  if (i < t.size() && t[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == t.size();
}

double parse_decimal(const std::string& field, const std::string& text, const std::string& expected, double min,
                     double max) {
  const std::string got = expected + ", got '" + text + "'";
  if (!is_decimal_number(text)) throw ConfigError(field, got);
  errno = 0;
  const double x = std::strtod(text.c_str(), nullptr);
  if (errno == ERANGE && x != 0.0) throw ConfigError(field, got);  // overflow; underflow reads as its value
  if (!(x >= min && x <= max)) throw ConfigError(field, got);
  return x;
}

}  // namespace wormsim
