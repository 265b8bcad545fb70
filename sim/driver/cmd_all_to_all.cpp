// wormsim all-to-all: Kim and Lee's all-to-all broadcast on 3PT, run step by
// step with combined messages; steps against their Theorems 7 and 8.
#include <filesystem>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include <wormsim/broadcast/all_to_all.h>
#include <wormsim/core/config_error.h>
#include <wormsim/topology/spec.h>

#include "commands.h"
#include "output_file.h"

namespace wormsim::driver {

Command add_all_to_all(CLI::App& app) {
  struct Args {
    std::string topology = "3pt:2x2x2", ports = "one", json;
    bool literal = false;
  };
  CLI::App* cmd = app.add_subcommand("all-to-all", "Kim and Lee's all-to-all broadcast on 3PT, step by step");
  auto a = std::make_shared<Args>();
  cmd->add_option("--topology", a->topology, "a 3PT network, 3pt:LxMxN");
  cmd->add_option("--ports", a->ports, "one (SLA, Algorithm 4) or all (MLA, Algorithm 5)");
  cmd->add_flag("--literal", a->literal, "only the transfers the paper's text names (incomplete)");
  cmd->add_option("--json", a->json, "summary to this JSON file");
  return [cmd, a]() {
    if (!cmd->parsed()) return -1;
    if (a->ports != "one" && a->ports != "all") throw ConfigError("ports", "expected one or all, got '" + a->ports + "'");
    check_output_path("json", a->json);
    const Topology t = make_topology(a->topology);
    const PortModel ports = a->ports == "one" ? PortModel::One : PortModel::All;
    const GossipSchedule s = kim_lee_all_to_all(t, ports, a->literal);
    const GossipReport r = run_gossip(t, s);
    if (!r.error.empty()) throw std::logic_error("all-to-all breaks the port rules: " + r.error);
    const unsigned bound = kim_lee_all_to_all_bound(t.dims[0], t.dims[1], t.dims[2], ports);
    std::cout << "all-to-all: " << s.algorithm << " on " << t.spec << " (" << t.num_nodes() << " nodes), "
              << a->ports << "-port\n"
              << "steps run: " << r.steps << "; every node holds every message after step "
              << (r.complete_at ? std::to_string(r.complete_at) : std::string("(never)")) << "; paper's bound " << bound
              << "\n";
    if (r.missing) std::cout << "missing: " << r.missing << " (node, message) pairs never delivered\n";
    if (!a->json.empty()) {
      nlohmann::json j;
      j["algorithm"] = s.algorithm;
      j["topology"] = t.spec;
      j["ports"] = a->ports;
      j["steps"] = r.steps;
      j["complete_at"] = r.complete_at;
      j["missing"] = r.missing;
      j["paper_bound"] = bound;
      write_output("json", a->json, j.dump(2) + "\n");
    }
    return (r.missing == 0 || a->literal) ? kOk : kInternal;
  };
}

}  // namespace wormsim::driver
