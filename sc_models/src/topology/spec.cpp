#include <wormsim/topology/spec.h>

#include <cctype>

#include <wormsim/topology/registry.h>

namespace wormsim {

std::vector<unsigned> parse_sizes(const std::string& text, char sep, std::size_t count_min, std::size_t count_max,
                                  const std::string& field, const std::string& expected) {
  const std::string error = "expected " + expected + ", got '" + text + "'";
  std::vector<unsigned> out;
  std::size_t pos = 0;
  while (true) {
    const std::size_t end = text.find(sep, pos);
    const std::string part = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    if (part.empty() || part.size() > 7) throw ConfigError(field, error);
    for (char ch : part)
      if (!std::isdigit(static_cast<unsigned char>(ch))) throw ConfigError(field, error);
    out.push_back(static_cast<unsigned>(std::stoul(part)));
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  if (out.size() < count_min || out.size() > count_max) throw ConfigError(field, error);
  return out;
}

Topology make_topology(const std::string& spec, const std::string& field) {
  const std::size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  const TopologyInfo* info = find_topology(name);
  if (info == nullptr)
    throw ConfigError(field, "unknown topology '" + name + "' (expected one of " + topology_syntax_list() + ")");
  return info->make(colon == std::string::npos ? "" : spec.substr(colon + 1), field);
}

}  // namespace wormsim
