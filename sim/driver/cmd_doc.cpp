// wormsim doc: the reference tables, generated from the registries.
//
//   wormsim doc          the names of the tables
//   wormsim doc NAME     one table, as Markdown
//
// docs/reference.md holds each table between the markers
//   <!-- generated: wormsim doc NAME -->  ...  <!-- end generated -->
// scripts/doc rewrites those blocks, and the test doc_cli_test fails when a
// block differs from what this command prints.
#include <iostream>
#include <sstream>

#include <wormsim/broadcast/algorithms.h>
#include <wormsim/core/choice.h>
#include <wormsim/core/config_error.h>
#include <wormsim/deadlock/worm_dependency.h>
#include <wormsim/router/allocator.h>
#include <wormsim/router/arbitration.h>
#include <wormsim/router/selection.h>
#include <wormsim/routing/registry.h>
#include <wormsim/topology/registry.h>
#include <wormsim/topology/spec.h>
#include <wormsim/traffic/injection.h>
#include <wormsim/traffic/pattern.h>

#include "commands.h"

namespace wormsim::driver {
namespace {

// A table cell: '|' escaped, so that any description stays one cell.
std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

std::string code(const std::string& text) { return "`" + text + "`"; }

std::string row(const std::vector<std::string>& cells) {
  std::string s = "|";
  for (const std::string& c : cells) s += " " + c + " |";
  return s + "\n";
}

std::string header(const std::vector<std::string>& names) {
  std::string s = row(names) + "|";
  for (std::size_t i = 0; i < names.size(); ++i) s += "---|";
  return s + "\n";
}

template <typename E>
std::string choice_table(const std::vector<Choice<E>>& table) {
  std::string s = header({"name", "meaning"});
  for (const Choice<E>& c : table) s += row({code(c.name), cell(c.description)});
  return s;
}

// A family's default routing, read from its first example ("" without one).
std::string default_routing_of(const TopologyInfo& info) {
  return info.examples.empty() ? "" : make_topology(info.examples.front()).kind->default_routing();
}

// The families whose default routing `routing` is.
std::string default_on(const std::string& routing) {
  std::string on;
  for (const TopologyInfo& info : topologies())
    if (default_routing_of(info) == routing) on += (on.empty() ? "" : ", ") + info.name;
  return on.empty() ? "" : " (default on " + on + ")";
}

std::string topology_table() {
  std::string s = header({"spec", "network", "examples", "default routing"});
  for (const TopologyInfo& info : topologies()) {
    std::string examples;
    for (const std::string& e : info.examples) examples += (examples.empty() ? "" : ", ") + code(e);
    const std::string routing = default_routing_of(info);
    s += row({code(info.syntax), cell(info.description), examples, routing.empty() ? "" : code(routing)});
  }
  return s;
}

std::string routing_table() {
  std::string s = header({"name", "what it does", "topologies", "deadlock-free", "VCs", "choice", "minimal",
                          "arbitration", "the RTL runs it"});
  for (const RoutingInfo& r : routings())
    s += row({code(r.name) + default_on(r.name), cell(r.description), cell(r.topologies),
              r.deadlock_free ? "yes" : "**no** (a control)", cell(r.vcs_needed),
              r.adaptive ? "adaptive (`credits`)" : "one route (`first`)", r.minimal ? "yes" : "no",
              code(name_of_value(arbitrations(), r.arbitration)), r.rtl ? "yes" : "no"});
  return s;
}

std::string traffic_table() {
  std::string s = header({"name", "destination", "where it applies", "uniform bounds apply"});
  for (const PatternInfo& p : traffic_patterns())
    s += row({code(p.name), cell(p.description), cell(p.applies), p.bounds == PatternInfo::Bounds::Uniform ? "yes" : "no"});
  return s;
}

std::string injection_table() {
  std::string s = header({"name", "process", "settings beyond the rate"});
  for (const InjectionInfo& i : injections()) {
    std::string settings;
    if (i.parameters)
      for (const InjectionParameter& p : i.parameters(InjectionConfig{}))
        settings += (settings.empty() ? "" : ", ") + code(p.key) + " (" + cell(p.label) + ")";
    s += row({code(i.name), cell(i.description), settings.empty() ? "none" : settings});
  }
  return s;
}

std::string broadcast_table() {
  std::string s = header({"name", "ports", "kind", "topologies", "what it does", "paper's step count", "multicast"});
  for (const BroadcastAlgorithm& a : broadcast_algorithms())
    s += row({code(a.name), a.ports == PortModel::All ? "all-port" : "one-port",
              a.store_and_forward() ? "store-and-forward steps" : "worms", cell(a.topologies), cell(a.description),
              a.claimed_steps ? "yes (printed beside the run's)" : "", a.build_multicast ? "yes (`--dests`)" : ""});
  return s;
}

std::string worm_family_table() {
  std::string s = header({"`--worms`", "the worms checked"});
  for (const WormFamilies& f : worm_families()) s += row({code(f.name), cell(f.description)});
  return s;
}

struct DocTable {
  std::string name;
  std::string description;
  std::string (*make)();
};

const std::vector<DocTable>& doc_tables() {
  static const std::vector<DocTable> table = {
      {"topologies", "the topology table (`--topology`)", topology_table},
      {"routings", "the routing table (`--routing`)", routing_table},
      {"selections", "route selection (`--selection`)", [] { return choice_table(selections()); }},
      {"arbitrations", "allocator arbitration (`--arbitration`)", [] { return choice_table(arbitrations()); }},
      {"allocators", "allocators (`--allocator`)", [] { return choice_table(allocators()); }},
      {"traffic", "traffic patterns (`--traffic`)", traffic_table},
      {"injections", "injection processes (`--injection`)", injection_table},
      {"broadcasts", "broadcast algorithms (`wormsim broadcast --algo`)", broadcast_table},
      {"worm-families", "worm families (`wormsim check-deadlock --worms`)", worm_family_table},
  };
  return table;
}

}  // namespace

Command add_doc(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("doc", "print a reference table generated from the registries (Markdown)");
  auto name = std::make_shared<std::string>();
  cmd->add_option("table", *name, "one of: " + names_of(doc_tables(), ", ") + " (none: list them)");
  return [cmd, name]() {
    if (!cmd->parsed()) return -1;
    if (name->empty()) {
      for (const DocTable& t : doc_tables()) std::cout << t.name << "  " << t.description << "\n";
      return kOk;
    }
    std::cout << find_named(doc_tables(), *name, "table", "table").make();
    return kOk;
  };
}

}  // namespace wormsim::driver
