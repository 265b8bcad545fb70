// Facts about a topology for `wormsim topo`: counts, degrees, distances and
// the best half-cut across a dimension (the bisection width of even-sized
// meshes and tori; an upper bound in general).
#pragma once
#include <map>
#include <optional>

#include <wormsim/topology/topology.h>

namespace wormsim::driver {

struct TopologyFacts {
  std::size_t nodes = 0, links = 0;  ///< links are undirected
  std::map<unsigned, std::size_t> degree_histogram;
  bool connected = true;
  std::optional<unsigned> diameter;
  std::optional<double> average_distance;
  std::optional<unsigned> connectivity;  ///< vertex connectivity (networks up to 1000 nodes)
  std::size_t cut_vertices = 0;          ///< nodes whose loss disconnects the network
  std::optional<std::size_t> bisection;  ///< best balanced cut across one dimension
  std::string bisection_dimension;
};

TopologyFacts topology_facts(const Topology& t);

}  // namespace wormsim::driver
