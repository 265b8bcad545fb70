// The topology table: one line per network family (name, the spec syntax, a
// one-line description, the builder). `wormsim topo list`, the CLI help,
// spec validation and the tests' case lists come from it; nothing else
// lists the families. Adding a network is one new file (a TopologyKind and
// its builder) and one line in registry.cpp: see docs/extending.md.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include <wormsim/topology/topology.h>

namespace wormsim {

struct TopologyInfo {
  std::string name;         ///< "mesh", "fp", ...
  std::string syntax;       ///< "mesh:XxYxZ", "fp:N", ...
  std::string description;  ///< one line, with the valid sizes
  std::vector<std::string> examples;  ///< small valid specs, for help texts and the tests
  /// Builds it from the text after "name:" ("" if the spec has no colon);
  /// throws ConfigError(field) naming the valid range.
  std::function<Topology(const std::string& args, const std::string& field)> make;
};

const std::vector<TopologyInfo>& topologies();
/// Adds a family to the table at run time (a plug-in or a test), after the
/// built-in ones: help, validation, `topo list` and `wormsim doc` then list
/// it. Throws std::invalid_argument if the name is taken. Not thread-safe:
/// register before any run starts.
void register_topology(TopologyInfo info);
/// nullptr if unknown.
const TopologyInfo* find_topology(const std::string& name);
/// "mesh:XxYxZ, torus:XxYxZ, ..." for help texts and errors.
std::string topology_syntax_list();

/// Sizes separated by `sep` ("8x8x8", "5,2"): positive integers of at most 7
/// digits, `count_min`..`count_max` of them; throws ConfigError(field).
std::vector<unsigned> parse_sizes(const std::string& text, char sep, std::size_t count_min, std::size_t count_max,
                                  const std::string& field, const std::string& expected);

/// Largest network any family builds (nodes): bigger specs exit 2.
inline constexpr unsigned long long kMaxTopologyNodes = 1ull << 20;

}  // namespace wormsim
