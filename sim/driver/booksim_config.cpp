// BookSim 2 configuration files: the reader and the key table.
#include "booksim_config.h"

#include <cctype>
#include <fstream>
#include <sstream>

#include <wormsim/core/config_error.h>

namespace wormsim::driver::booksim {
namespace {

[[noreturn]] void syntax(const std::string& where, const std::string& what) {
  throw ConfigError("booksim", where + ": " + what);
}

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == '/' || c == '+' ||
         c == '(' || c == ')' || c == ',' || c == '{' || c == '}';
}

/// The statements of `text` (comments removed), with their line numbers.
std::vector<Assignment> parse(const std::string& text, const std::string& name) {
  std::vector<Assignment> out;
  std::size_t i = 0, line = 1;
  auto where = [&]() { return name + ":" + std::to_string(line); };
  auto skip = [&]() {
    while (i < text.size()) {
      if (text[i] == '\n') {
        ++line;
        ++i;
      } else if (std::isspace(static_cast<unsigned char>(text[i]))) {
        ++i;
      } else if (text.compare(i, 2, "//") == 0) {
        while (i < text.size() && text[i] != '\n') ++i;
      } else {
        break;
      }
    }
  };
  for (skip(); i < text.size(); skip()) {
    const std::size_t key_start = i;
    while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
    if (i == key_start) syntax(where(), "expected a key (letters, digits, '_'), got '" + text.substr(i, 1) + "'");
    Assignment a{text.substr(key_start, i - key_start), "", where()};
    skip();
    if (i >= text.size() || text[i] != '=') syntax(where(), "expected '=' after '" + a.key + "'");
    ++i;
    skip();
    if (i < text.size() && text[i] == '"') {
      const std::size_t end = text.find('"', i + 1);
      if (end == std::string::npos || text.find('\n', i) < end) syntax(where(), "a string without its closing '\"'");
      a.value = text.substr(i + 1, end - i - 1);
      i = end + 1;
    } else if (i < text.size() && text[i] == '{') {
      int depth = 0;
      const std::size_t start = i;
      for (; i < text.size(); ++i) {
        if (text[i] == '\n') syntax(where(), "a list '{...}' must end on its line");
        if (text[i] == '{') ++depth;
        if (text[i] == '}' && --depth == 0) break;
      }
      if (i >= text.size()) syntax(where(), "a list '{...}' without its closing '}'");
      ++i;
      for (char c : text.substr(start, i - start))
        if (!std::isspace(static_cast<unsigned char>(c))) a.value += c;
    } else {
      const std::size_t start = i;
      while (i < text.size() && word_char(text[i])) ++i;
      a.value = text.substr(start, i - start);
    }
    if (a.value.empty()) syntax(where(), "expected a value for '" + a.key + "'");
    skip();
    if (i >= text.size() || text[i] != ';') syntax(where(), "expected ';' after '" + a.key + " = " + a.value + "'");
    ++i;
    out.push_back(a);
  }
  return out;
}

}  // namespace

std::vector<Assignment> read(const std::string& path, const std::vector<std::string>& overrides) {
  std::ifstream f(path);
  if (!f) throw ConfigError("booksim", "cannot read the configuration file '" + path + "'");
  std::ostringstream text;
  text << f.rdbuf();
  std::vector<Assignment> out = parse(text.str(), path);
  for (const std::string& o : overrides) {
    const std::size_t eq = o.find('=');
    if (eq == std::string::npos || eq == 0)
      throw ConfigError("booksim", "expected KEY=VALUE after the file (BookSim's command line), got '" + o + "'");
    for (Assignment a : parse(o + ";", "command line")) {
      a.where = "command line";
      out.push_back(a);
    }
  }
  return out;
}

const std::vector<Key>& keys() {
  static const std::vector<Key> table = {
#include "booksim_keys.inc"
  };
  return table;
}

const Key* find_key(const std::string& name) {
  for (const Key& k : keys())
    if (name == k.name) return &k;
  return nullptr;
}

std::map<std::string, std::string> effective(const std::vector<Assignment>& given) {
  std::map<std::string, std::string> v;
  for (const Key& k : keys()) v[k.name] = k.booksim_default;
  for (const Assignment& a : given) {
    if (!find_key(a.key))
      throw ConfigError(a.key, "not a BookSim 2 configuration key (" + a.where + "); BookSim refuses it too");
    v[a.key] = a.value;
  }
  return v;
}

}  // namespace wormsim::driver::booksim
