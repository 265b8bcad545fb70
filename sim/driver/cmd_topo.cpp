// wormsim topo: facts about a topology, its edge list or a Graphviz drawing.
#include <iomanip>
#include <iostream>

#include <wormsim/topology/bounds.h>
#include <wormsim/topology/floorplan.h>
#include <wormsim/topology/registry.h>
#include <wormsim/topology/spec.h>

#include "commands.h"
#include "topology_facts.h"

namespace wormsim::driver {
namespace {

void print_facts(const Topology& t) {
  const TopologyFacts f = topology_facts(t);
  std::cout << "topology: " << t.spec << "\n"
            << "node names: " << node_name(t, 0) << " .. " << node_name(t, static_cast<NodeId>(t.num_nodes() - 1))
            << " (coordinates " << t.kind->coordinate_names() << ")\n"
            << "nodes: " << f.nodes << "\n"
            << "links: " << f.links << " (undirected; " << 2 * f.links << " channels)\n"
            << "degree histogram:";
  for (const auto& [deg, count] : f.degree_histogram) std::cout << " " << deg << ":" << count;
  std::cout << "\nconnected: " << (f.connected ? "yes" : "NO") << "\n";
  if (f.diameter) {
    std::cout << "diameter: " << *f.diameter << "\n"
              << std::fixed << std::setprecision(4) << "average distance: " << *f.average_distance
              << "\n";
  } else {
    std::cout << "diameter: not computed (more than 16384 nodes)\n";
  }
  if (f.connectivity)
    std::cout << "connectivity: " << *f.connectivity << " (fewest nodes whose loss disconnects it)\n";
  else
    std::cout << "connectivity: not computed (more than 1000 nodes)\n";
  std::cout << "cut vertices: " << f.cut_vertices << "\n";
  if (f.bisection)
    std::cout << "bisection width: " << *f.bisection << " links (best half-cut across "
              << f.bisection_dimension << ")\n";
  else
    std::cout << "bisection width: not computed (no even coordinate to halve)\n";
  for (const auto& [label, value] : t.kind->facts(t)) std::cout << label << ": " << value << "\n";
  for (const ZLayout z : {ZLayout::Stacked, ZLayout::Planar}) {
    const FloorplanStats fp = floorplan_stats(t, z);
    if (z == ZLayout::Planar && fp.dies == floorplan_stats(t, ZLayout::Stacked).dies) break;  // no third dimension
    std::cout << "floorplan" << (z == ZLayout::Stacked ? "" : " (z planar)") << ": " << fp.cols << " x " << fp.rows
              << " tiles" << (fp.dies > 1 ? " x " + std::to_string(fp.dies) + " dies" : std::string()) << "; link "
              << std::setprecision(2) << fp.mean_tiles << " tiles on average, " << fp.max_tiles << " at most; "
              << fp.tiles_per_node << " tiles of wire per node";
    if (fp.dies > 1)
      std::cout << ", " << fp.vertical_per_node << " vertical links per node (ends up to " << fp.max_dies
                << " dies apart)";
    std::cout << " (" << t.kind->floorplan(z) << ")\n";
  }
  const ThroughputBounds b = uniform_throughput_bounds(t);
  if (b.bounds.empty()) return;
  std::cout << "throughput bounds, uniform traffic (flits/node/cycle, any routing):\n";
  for (const ThroughputBound& x : b.bounds)
    std::cout << "  " << std::left << std::setw(13) << x.name << std::right << std::setprecision(4) << x.value
              << "  (" << x.description << ")" << (&x == &b.tightest() ? "  <- tightest" : "") << "\n";
}

void print_edges(const Topology& t) {
  for (NodeId u = 0; u < t.num_nodes(); ++u)
    for (const auto& p : t.peer[u])
      if (p && u < p->node) std::cout << u << " " << p->node << "\n";
}

void print_dot(const Topology& t) {
  std::cout << "graph \"" << t.spec << "\" {\n  node [shape=circle, fontsize=8];\n";
  for (NodeId u = 0; u < t.num_nodes(); ++u)
    std::cout << "  " << u << " [label=\"" << node_name(t, u).substr(1) << "\"];\n";
  for (NodeId u = 0; u < t.num_nodes(); ++u)
    for (PortId q = 0; q < t.num_ports; ++q) {
      const auto& p = t.peer[u][q];
      if (p && u < p->node)
        std::cout << "  " << u << " -- " << p->node << " [label=\"" << t.port_names[q] << "\", fontsize=6];\n";
    }
  std::cout << "}\n";
}

void print_nodes(const Topology& t) {
  std::cout << "node,name,family";
  for (unsigned k = 0; k < t.kind->coordinates(0).size(); ++k) std::cout << ",c" << k;
  std::cout << "\n";
  for (NodeId n = 0; n < t.num_nodes(); ++n) {
    std::cout << n << "," << node_name(t, n) << "," << t.kind->name();
    for (unsigned c : t.kind->coordinates(n)) std::cout << "," << c;
    std::cout << "\n";
  }
}

}  // namespace

Command add_topo(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("topo", "facts about a topology (nodes, links, degrees, diameter, ...)");
  struct Args {
    std::string spec;
    bool edges = false, dot = false, nodes = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("spec", a->spec, "topology (" + topology_syntax_list() + "), or 'list' for the table")->required();
  cmd->add_flag("--edges", a->edges, "print the undirected edge list as 'u v' lines of node ids");
  cmd->add_flag("--dot", a->dot, "print the graph in Graphviz dot format");
  cmd->add_flag("--nodes", a->nodes,
                "print 'node,name,family,c0,c1,..' CSV lines: every node's coordinates (for plots)");
  return [cmd, a]() {
    if (!cmd->parsed()) return -1;
    if (a->spec == "list") {
      for (const TopologyInfo& info : topologies())
        std::cout << std::left << std::setw(18) << info.syntax << std::right << info.description << "\n";
      return kOk;
    }
    const Topology t = make_topology(a->spec);
    if (a->edges) print_edges(t);
    else if (a->dot) print_dot(t);
    else if (a->nodes) print_nodes(t);
    else print_facts(t);
    return kOk;
  };
}

}  // namespace wormsim::driver
