// wormsim: command-line driver.
//   wormsim                 run the default scenario and say what ran
//   wormsim run [flags]     run a scenario (flags override --config FILE)
// Exit codes: 0 success, 1 internal error (e.g. scoreboard violation),
// 2 bad input, 3 no progress / deadlock.
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>

#include <CLI/CLI.hpp>
#include <systemc>

#include <wormsim/core/config_error.h>
#include <wormsim/sim/simulation.h>
#include <wormsim/stats/scoreboard.h>
#include <wormsim/systemc/run.h>

#include "report.h"
#include "settings.h"

namespace {

using namespace wormsim;

constexpr int kOk = 0, kInternal = 1, kBadInput = 2, kDeadlock = 3;

void check_output_path(const std::string& field, const std::string& path) {
  if (path.empty()) return;
  const std::filesystem::path p(path);
  const auto dir = p.has_parent_path() ? p.parent_path() : std::filesystem::path(".");
  if (!std::filesystem::is_directory(dir))
    throw ConfigError(field, "directory '" + dir.string() + "' of '" + path + "' does not exist");
  if (std::filesystem::is_directory(p))
    throw ConfigError(field, "expected a file name, '" + path + "' is a directory");
}

int run_scenario(const Scenario& scenario) {
  check_output_path("json", scenario.json);
  check_output_path("vcd", scenario.vcd);
  Simulation sim(scenario);
  const Results r = run_systemc(sim, scenario.vcd);
  driver::print_summary(std::cout, sim.scenario(), r);
  if (!scenario.json.empty()) driver::write_json(scenario.json, sim.scenario(), r);
  return r.deadlock ? kDeadlock : kOk;
}

std::string describe_default(const Scenario& s) {
  return "wormsim run --topology " + s.topology + " --routing dor --vcs " + std::to_string(s.vcs) +
         " --buffer " + std::to_string(s.buffer) + " --packet " + std::to_string(s.packet) +
         " --traffic " + s.traffic + " --rate 0.1 --warmup " + std::to_string(s.warmup) +
         " --cycles " + std::to_string(s.cycles) + " --seed " + std::to_string(s.seed);
}

int main_impl(int argc, char** argv) {
  if (argc == 1) {
    Scenario s;
    std::cout << "wormsim: no command given; running the default scenario:\n  " << describe_default(s)
              << "\n(see 'wormsim --help' for commands and 'wormsim run --help' for settings)\n";
    return run_scenario(s);
  }
  CLI::App app{"wormsim: cycle-accurate wormhole network simulator"};
  app.require_subcommand(1);
  CLI::App* run = app.add_subcommand("run", "simulate a scenario (flags override --config)");
  std::string config;
  run->add_option("--config", config, "YAML scenario file (keys as the flags, '_' for '-')");
  std::map<std::string, std::string> values;
  std::map<std::string, CLI::Option*> options;
  for (const auto& st : driver::settings())
    options[st.key] = run->add_option(driver::flag_of(st.key), values[st.key], st.help);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "wormsim: " << e.what() << " (see 'wormsim " << (argc > 1 ? argv[1] : "")
              << " --help')\n";
    return kBadInput;
  }
  Scenario s;
  if (!config.empty()) driver::apply_yaml_file(s, config);
  for (const auto& st : driver::settings())
    if (options[st.key]->count() > 0) st.apply(s, values[st.key]);
  return run_scenario(s);
}

}  // namespace

int sc_main(int argc, char** argv) {
  try {
    return main_impl(argc, argv);
  } catch (const wormsim::ConfigError& e) {
    std::cerr << "wormsim: " << e.what() << "\n";
    return kBadInput;
  } catch (const wormsim::ScoreboardError& e) {
    std::cerr << "wormsim: internal error: " << e.what() << "\n";
    return kInternal;
  } catch (const std::exception& e) {
    std::cerr << "wormsim: internal error: " << e.what() << "\n";
    return kInternal;
  }
}

// SystemC prints its banner before sc_main unless told not to: keep stdout
// for the summary.
int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}
