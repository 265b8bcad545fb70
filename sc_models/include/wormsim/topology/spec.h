// Parses a topology description such as "mesh:8x8x8", "mesh:8x8" or
// "torus:4x4x4". Errors throw ConfigError naming the field.
#pragma once
#include <string>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

Topology make_topology(const std::string& spec, const std::string& field = "topology");

}  // namespace wormsim
