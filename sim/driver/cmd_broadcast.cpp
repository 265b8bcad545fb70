// wormsim broadcast: a broadcast (or dual-path multicast) schedule, checked
// by the step engine (store-and-forward) or the phase checker (worms), then
// run as worms in the cycle-accurate fabric.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include <wormsim/broadcast/algorithms.h>
#include <wormsim/broadcast/fabric_run.h>
#include <wormsim/broadcast/worm_algorithms.h>
#include <wormsim/core/config_error.h>
#include <wormsim/topology/spec.h>

#include "broadcast_args.h"
#include "output_file.h"
#include "commands.h"

namespace wormsim::driver {
namespace {

using Args = BroadcastArgs;

// "3,7,12" -> node ids, each checked.
std::vector<NodeId> parse_dests(const std::string& text, const Topology& t, NodeId src) {
  std::vector<NodeId> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    std::size_t used = 0;
    unsigned long v = 0;
    try {
      v = std::stoul(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size() || v >= t.num_nodes() || v == src)
      throw ConfigError("dests", "expected comma-separated node ids other than the source, below " +
                                     std::to_string(t.num_nodes()) + ", got '" + item + "'");
    for (NodeId d : out)
      if (d == v) throw ConfigError("dests", "node " + item + " named twice");
    out.push_back(static_cast<NodeId>(v));
  }
  if (out.empty()) throw ConfigError("dests", "expected at least one node id");
  return out;
}

int run_broadcast(const Args& a) {
  if (a.algo == "list") {
    for (const BroadcastAlgorithm& al : broadcast_algorithms())
      std::cout << al.name << "  (" << port_model_name(al.ports) << "-port; " << al.topologies << ")  "
                << al.description << "\n";
    return kOk;
  }
  const Topology t = make_topology(a.topology);
  const BroadcastAlgorithm* al = find_broadcast_algorithm(a.algo);
  if (al == nullptr) throw ConfigError("algo", "unknown algorithm '" + a.algo + "' (see --algo list)");
  if (!al->applies_to(t)) throw ConfigError("algo", al->name + " applies to " + al->topologies + ", not " + t.spec);
  if (a.source < 0 || static_cast<std::size_t>(a.source) >= t.num_nodes())
    throw ConfigError("source", "expected a node id in 0.." + std::to_string(t.num_nodes() - 1) + ", got " +
                                    std::to_string(a.source));
  check_range("flits", a.flits, kFlitsRange);
  check_range("startup", a.startup, kStartupRange);
  if (!a.ports.empty() && a.ports != "one" && a.ports != "all")
    throw ConfigError("ports", "expected one or all, got '" + a.ports + "'");
  // Worm algorithms run one-port too (each node's worms serialized); the
  // store-and-forward schedules are built for one port model.
  const bool one_port_worms = !al->store_and_forward() && a.ports == "one";
  if (!a.ports.empty() && a.ports != port_model_name(al->ports) && !one_port_worms)
    throw ConfigError("ports", a.algo + " is a " + std::string(port_model_name(al->ports)) +
                                   "-port algorithm; --ports " + a.ports + " does not apply (see --algo list)");
  const PortModel ports = one_port_worms ? PortModel::One : al->ports;
  FabricBroadcastConfig fc = fabric_config(a);
  FilePlan().output("csv", a.csv).output("json", a.json).check();
  if (a.concurrent != 1) {
    if (!a.dests.empty()) throw ConfigError("dests", "multicast works with one broadcast, not --concurrent");
    if (!a.csv.empty()) throw ConfigError("csv", "per-node arrivals are written for one broadcast, not --concurrent");
    return run_concurrent_broadcasts(a);
  }
  const NodeId src = static_cast<NodeId>(a.source);
  std::vector<NodeId> dests;
  if (!a.dests.empty()) {
    if (!al->build_multicast)
      throw ConfigError("dests", "multicast (--dests) works with --algo " + multicast_algorithm_names());
    dests = parse_dests(a.dests, t, src);
  }
  // Steps: rounds of the store-and-forward step engine, or start-up phases of worms.
  WormSchedule s;
  std::vector<unsigned> informed_at;
  unsigned steps = 0;
  std::size_t header = 0, dropped = 0;
  if (al->store_and_forward()) {
    const Schedule plain = al->build(t, src);
    dropped = plain.dropped;
    const StepReport rep = run_steps(t, plain);
    if (!rep.error.empty()) throw std::logic_error("schedule breaks the port rules: " + rep.error);
    s = as_worms(plain);
    steps = rep.steps;
    informed_at = rep.informed_at;
  } else {
    s = dests.empty() ? al->worms(t, src) : al->build_multicast(t, src, dests);
    if (one_port_worms) s = serialize_one_port(s);
    const PhaseReport rep = check_phases(t, s, dests);
    if (!rep.error.empty()) throw std::logic_error("schedule breaks the phase rules: " + rep.error);
    steps = rep.phases;
    informed_at = rep.informed_at;
    header = rep.header_flits;
  }
  std::vector<bool> wanted(t.num_nodes(), dests.empty());
  for (NodeId d : dests) wanted[d] = true;
  wanted[src] = false;
  FabricBroadcastResult r;
  try {
    r = run_in_fabric(s, fc);
  } catch (const BroadcastDeadlock& e) {
    std::cerr << "wormsim: broadcast deadlocked: " << e.what() << "\n";
    return kDeadlock;
  }
  std::size_t reached = 0, twice = 0, stray = 0, want = 0;
  for (NodeId v = 0; v < t.num_nodes(); ++v) {
    want += wanted[v] ? 1 : 0;
    if (!wanted[v]) {
      stray += (v != src && r.receipts[v] > 0) ? 1 : 0;
      continue;
    }
    if (r.receipts[v] >= 1) ++reached;
    if (r.receipts[v] > 1) ++twice;
  }
  const bool exactly_once = reached == want && twice == 0 && stray == 0;
  const unsigned bound = broadcast_lower_bound(t, src, ports);
  const char* unit = al->store_and_forward() ? "steps" : "start-up phases";
  std::cout << (dests.empty() ? "broadcast: " : "multicast: ") << al->name << " on " << t.spec << " ("
            << t.num_nodes() << " nodes) from " << node_name(t, src) << " (" << src << "), " << a.flits
            << "-flit messages, start-up " << a.startup << " cycles, " << port_model_name(ports) << "-port\n"
            << unit << ": " << steps;
  if (al->store_and_forward()) std::cout << " (lower bound " << bound << ")";
  if (al->claimed_steps) std::cout << "; the paper claims " << al->claimed_steps(t);
  std::cout << "\ncompletion: cycle " << r.completion << "\n"
            << "worms sent: " << r.worms << " (" << header << " address flits in all)\n"
            << "nodes reached: " << reached << " of " << want
            << (exactly_once ? ", each exactly once" : ", NOT exactly once") << "\n";
  if (dropped > 0)
    std::cout << "repeat sends left out: " << dropped
              << " (the algorithm as printed sends again to nodes that already hold the message)\n";
  if (!a.csv.empty()) {
    std::ostringstream os;
    os << "node,name,step,arrival_cycle,receipts\n";
    for (NodeId v = 0; v < t.num_nodes(); ++v) {
      if (!wanted[v] && v != src) continue;
      os << v << "," << node_name(t, v) << "," << informed_at[v] << "," << r.arrival[v] << ","
         << r.receipts[v] << "\n";
    }
    write_output("csv", a.csv, os.str());
  }
  if (!a.json.empty()) {
    nlohmann::json j;
    j["algorithm"] = al->name;
    j["topology"] = t.spec;
    j["source"] = src;
    j["ports"] = port_model_name(ports);
    j["flits"] = a.flits;
    j["startup"] = a.startup;
    j["kind"] = al->store_and_forward() ? "store-and-forward" : "worms";
    // Each count under the name of what it counts: store-and-forward steps
    // (with their lower bound), or the start-up phases of worms, for which
    // the store-and-forward bound says nothing.
    if (al->store_and_forward()) {
      j["steps"] = steps;
      j["lower_bound_steps"] = bound;
    } else {
      j["startup_phases"] = steps;
    }
    j["repeat_sends_left_out"] = dropped;
    if (al->claimed_steps) j["claimed_steps"] = al->claimed_steps(t);
    j["address_flits"] = header;
    j["consumption"] = a.consumption;
    if (!dests.empty()) j["destinations"] = dests;
    j["completion_cycle"] = r.completion;
    j["nodes_reached"] = reached;
    j["exactly_once"] = exactly_once;
    j["worms"] = r.worms;
    j["arrival_cycles"] = r.arrival;
    write_output("json", a.json, j.dump(2) + "\n");
  }
  return exactly_once ? kOk : kInternal;
}

}  // namespace

Command add_broadcast(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "broadcast", "a broadcast schedule checked step by step, then run as worms in the fabric");
  auto a = std::make_shared<BroadcastArgs>();
  cmd->add_option("--topology", a->topology, "network, as for wormsim run (default 3pt:2x2x2)");
  cmd->add_option("--algo", a->algo, "algorithm; 'list' lists them");
  cmd->add_option("--source", a->source, "source node id");
  // "what (lo-hi; note)": the range first, from the table the checks use.
  auto ranged = [](const std::string& what, FlagRange r, const std::string& note = "") {
    return what + " (" + std::to_string(r.lo) + "-" + std::to_string(r.hi) + (note.empty() ? "" : "; " + note) + ")";
  };
  cmd->add_option("--flits", a->flits, ranged("L: flits per message", kFlitsRange));
  cmd->add_option("--startup", a->startup, ranged("beta: start-up cycles per message", kStartupRange));
  cmd->add_option("--ports", a->ports, "one or all (must match the algorithm)");
  cmd->add_option("--dests", a->dests, "multicast: comma-separated destination ids (dual-path)");
  cmd->add_option("--consumption", a->consumption,
                  "ejection channels for absorbing worms: per-class (default) or shared");
  cmd->add_option("--concurrent", a->concurrent,
                  ranged("N broadcasts at once from random sources", kConcurrentRange, "default 1"));
  cmd->add_option("--spread", a->spread, "--concurrent: start cycles uniform in [0, spread) (default 1000)");
  cmd->add_option("--seed", a->seed, "--concurrent: seed of the sources and start cycles (default 1)");
  cmd->add_option("--vcs", a->vcs, ranged("VCs per port", kVcsRange, "0, the default: what the routing needs, at least 2"));
  cmd->add_option("--local-ports", a->local_ports,
                  ranged("injection/ejection channels per node", kLocalPortsRange, "0, the default: by port model"));
  cmd->add_option("--buffer", a->buffer, ranged("flits per VC buffer", kBufferRange, "default 8"));
  cmd->add_option("--eject-rate", a->eject_rate, "chance per cycle a node consumes a flit (default 1)");
  cmd->add_option("--csv", a->csv, "per-node arrivals to this CSV file");
  cmd->add_option("--json", a->json, "summary to this JSON file");
  return [cmd, a]() {
    if (!cmd->parsed()) return -1;
    return run_broadcast(*a);
  };
}

}  // namespace wormsim::driver
