#include "topology_facts.h"

#include <wormsim/topology/connectivity.h>
#include <wormsim/topology/distances.h>

namespace wormsim::driver {

TopologyFacts topology_facts(const Topology& t) {
  TopologyFacts f;
  f.nodes = t.num_nodes();
  f.links = t.num_links() / 2;
  for (NodeId n = 0; n < f.nodes; ++n) {
    unsigned degree = 0;
    for (const auto& p : t.peer[n]) degree += p ? 1 : 0;
    ++f.degree_histogram[degree];
  }
  if (f.nodes <= DistanceTable::kMaxNodes) {
    const DistanceTable d(t);
    f.connected = d.connected();
    f.diameter = d.diameter();
    f.average_distance = d.average();
  }
  f.connectivity = vertex_connectivity(t, t.kind->vertex_transitive());
  f.cut_vertices = cut_vertices(t).size();
  if (const auto cut = t.kind->halving_cut(t)) {
    f.bisection = cut->first;
    f.bisection_dimension = cut->second;
  }
  return f;
}

}  // namespace wormsim::driver
