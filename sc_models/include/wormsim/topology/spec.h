// Parses a topology description such as "mesh:8x8x8", "3pt:3x3x3", "fp:2" or
// "arrangement:5,2" through the topology table (topology/registry.h).
// Errors throw ConfigError naming the field and the valid range.
#pragma once
#include <string>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

Topology make_topology(const std::string& spec, const std::string& field = "topology");

}  // namespace wormsim
