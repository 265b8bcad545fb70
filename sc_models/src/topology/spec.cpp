#include <wormsim/topology/spec.h>

#include <cctype>
#include <vector>

#include <wormsim/topology/grid.h>
#include <wormsim/topology/petersen_torus.h>

namespace wormsim {
namespace {

constexpr unsigned kMaxNodes = 1u << 20;

std::vector<unsigned> parse_dims(const std::string& text, const std::string& field) {
  const std::string expected =
      "expected sizes like 8x8x8 or 8x8 (positive integers), got '" + text + "'";
  std::vector<unsigned> dims;
  std::size_t pos = 0;
  while (true) {
    std::size_t end = text.find('x', pos);
    std::string part = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    if (part.empty() || part.size() > 7) throw ConfigError(field, expected);
    for (char ch : part)
      if (!std::isdigit(static_cast<unsigned char>(ch))) throw ConfigError(field, expected);
    const unsigned long v = std::stoul(part);
    if (v == 0) throw ConfigError(field, "sizes must be at least 1, got '" + text + "'");
    dims.push_back(static_cast<unsigned>(v));
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  if (dims.size() < 2 || dims.size() > 3) throw ConfigError(field, expected);
  return dims;
}

}  // namespace

Topology make_topology(const std::string& spec, const std::string& field) {
  const std::size_t colon = spec.find(':');
  const std::string kind = spec.substr(0, colon);
  if (kind != "mesh" && kind != "torus" && kind != "3pt")
    throw ConfigError(field, "unknown topology '" + kind +
                                 "' (expected mesh:XxYxZ, torus:XxYxZ or 3pt:LxMxN)");
  if (colon == std::string::npos)
    throw ConfigError(field, "missing sizes in '" + spec + "' (expected " + kind + ":XxYxZ)");
  const auto d = parse_dims(spec.substr(colon + 1), field);
  if (kind == "3pt") {
    if (d.size() != 3) throw ConfigError(field, "expected 3pt:LxMxN, got '" + spec + "'");
    if (10ull * d[0] * d[1] * d[2] > kMaxNodes)
      throw ConfigError(field, "at most " + std::to_string(kMaxNodes) + " nodes, got '" + spec + "'");
    return make_petersen_torus(d[0], d[1], d[2]);
  }
  GridSpec g;
  g.wrap = (kind == "torus");
  unsigned long long total = 1;
  for (std::size_t k = 0; k < d.size(); ++k) {
    g.dims[k] = d[k];
    total *= d[k];
  }
  if (total < 2) throw ConfigError(field, "a network needs at least 2 nodes, got '" + spec + "'");
  if (total > kMaxNodes)
    throw ConfigError(field, "at most " + std::to_string(kMaxNodes) + " nodes, got " +
                                 std::to_string(total));
  return make_grid(g);
}

}  // namespace wormsim
