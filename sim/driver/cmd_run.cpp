// wormsim run: simulate a scenario.
#include <memory>
#include <iostream>
#include <vector>
#include <map>

#include <wormsim/core/config_error.h>
#include <wormsim/sim/simulation.h>
#include <wormsim/systemc/run.h>

#include "commands.h"
#include "output_file.h"
#include "report.h"
#include "settings.h"

namespace wormsim::driver {
namespace {

int run_scenario(const Scenario& scenario) {
  check_output_path("json", scenario.json);
  check_output_path("vcd", scenario.vcd);
  check_output_path("link_csv", scenario.link_csv);
  std::unique_ptr<Simulation> sim;
  try {
    sim = std::make_unique<Simulation>(scenario);
  } catch (const StaticDeadlockError& e) {
    std::cout << "deadlock check: " << e.what()
              << "\nnot simulated (run with --no-deadlock-check to simulate anyway)\n";
    return kDeadlock;
  }
  std::unique_ptr<OutputFile> vcd;
  if (!scenario.vcd.empty()) vcd = std::make_unique<OutputFile>("vcd", scenario.vcd);
  const Results r = run_systemc(*sim, vcd ? vcd->temp() : std::string());
  if (vcd) vcd->commit();
  print_summary(std::cout, sim->scenario(), r);
  if (!scenario.json.empty()) write_json(scenario.json, sim->scenario(), r);
  if (!scenario.link_csv.empty()) write_link_csv(scenario.link_csv, sim->network(), r);
  return r.deadlock ? kDeadlock : kOk;
}

}  // namespace

int run_default() {
  Scenario s;
  std::cout << "wormsim: no command given; running the default scenario:\n"
            << "  wormsim run --topology " << s.topology << " --routing dor --vcs 2 --buffer "
            << s.buffer << " --packet " << s.packet << " --traffic " << s.traffic
            << " --rate 0.1 --warmup " << s.warmup << " --cycles " << s.cycles << " --seed "
            << s.seed << "\n(see 'wormsim --help' for commands and 'wormsim run --help' for settings)\n";
  return run_scenario(s);
}

Command add_run(CLI::App& app) {
  CLI::App* run = app.add_subcommand("run", "simulate a scenario (flags override --config)");
  auto config = std::make_shared<std::string>();
  auto values = std::make_shared<std::map<std::string, std::string>>();
  auto options = std::make_shared<std::map<std::string, CLI::Option*>>();
  auto no_check = std::make_shared<bool>(false);
  run->add_option("--config", *config, "YAML scenario file (keys as the flags, '_' for '-')");
  for (const auto& st : settings())
    (*options)[st.key] = run->add_option(flag_of(st.key), (*values)[st.key], st.help);
  run->add_flag("--no-deadlock-check", *no_check, "skip the static deadlock check (same as --deadlock-check false)");
  return [run, config, values, options, no_check]() {
    if (!run->parsed()) return -1;
    if ((*options)["routing"]->count() > 0 && (*values)["routing"] == "list") {
      print_routing_list(std::cout);
      return kOk;
    }
    if ((*options)["traffic"]->count() > 0 && (*values)["traffic"] == "list") {
      print_traffic_list(std::cout);
      return kOk;
    }
    if ((*options)["injection"]->count() > 0 && (*values)["injection"] == "list") {
      print_injection_list(std::cout);
      return kOk;
    }
    Scenario s;
    std::vector<std::string> given;
    if (!config->empty()) given = apply_yaml_file(s, *config);
    for (const auto& st : settings())
      if ((*options)[st.key]->count() > 0) {
        st.apply(s, (*values)[st.key]);
        given.push_back(st.key);
      }
    if (s.traffic == "list") throw ConfigError("traffic", "'list' is a request for the list, not a pattern");
    if (s.injection == "list") throw ConfigError("injection", "'list' is a request for the list, not a process");
    apply_trace_window(s, given);
    if (*no_check) s.deadlock_check = false;
    return run_scenario(s);
  };
}

}  // namespace wormsim::driver
