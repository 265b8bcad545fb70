// wormsim: command-line driver.
//   wormsim                          run the default scenario and say what ran
//   wormsim run [flags]              simulate a scenario (flags override --config FILE)
//   wormsim check-deadlock [flags]   static channel-dependency proof
//   wormsim topo SPEC [--edges|--dot]
//   wormsim broadcast [flags]        a broadcast schedule, stepped and run in the fabric
//   wormsim all-to-all [flags]       Kim and Lee all-to-all on 3PT, step by step
// Exit codes: 0 success, 1 internal error (e.g. scoreboard violation),
// 2 bad input, 3 deadlock (static cycle, runtime cycle or no progress).
#include <cstdlib>
#include <iostream>

#include <CLI/CLI.hpp>
#include <systemc>

#include <wormsim/core/config_error.h>
#include <wormsim/stats/scoreboard.h>

#include "commands.h"

namespace {

using namespace wormsim::driver;

int main_impl(int argc, char** argv) {
  if (argc == 1) return run_default();
  CLI::App app{"wormsim: cycle-accurate wormhole network simulator"};
  app.require_subcommand(1);
  const Command commands[] = {add_run(app), add_check_deadlock(app), add_topo(app), add_broadcast(app),
                                add_all_to_all(app)};
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "wormsim: " << e.what() << " (see 'wormsim --help')\n";
    return kBadInput;
  }
  for (const Command& c : commands) {
    const int rc = c();
    if (rc >= 0) return rc;
  }
  return kBadInput;
}

}  // namespace

int sc_main(int argc, char** argv) {
  try {
    return main_impl(argc, argv);
  } catch (const wormsim::ConfigError& e) {
    std::cerr << "wormsim: " << e.what() << "\n";
    return kBadInput;
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
