// wormsim: command-line driver.
//   wormsim                          run the default scenario and say what ran
//   wormsim run [flags]              simulate a scenario (flags override --config FILE)
//   wormsim check-deadlock [flags]   static channel-dependency proof
//   wormsim topo SPEC [--edges|--dot]
//   wormsim broadcast [flags]        a broadcast schedule, stepped and run in the fabric
//   wormsim all-to-all [flags]       Kim and Lee all-to-all on 3PT, step by step
//   wormsim booksim FILE [KEY=VALUE] a BookSim 2 configuration file, run unchanged
//   wormsim doc [TABLE]              a reference table, generated from the registries
// Exit codes: 0 success, 1 internal error (e.g. scoreboard violation),
// 2 bad input, 3 deadlock (static cycle, runtime cycle or no progress).
#include <malloc.h>

#include <cstdlib>
#include <iostream>

#include <CLI/CLI.hpp>
#include <systemc>

#include <wormsim/core/config_error.h>
#include <wormsim/stats/scoreboard.h>

#include "commands.h"

namespace {

using namespace wormsim::driver;

/// Every option that takes a value refuses an empty one ("" never means
/// "unset"), and every numeric option takes decimal text only: integers as
/// digits (a sign where negative values exist), reals as is_decimal_number.
/// CLI11 alone would read 0x10, 010 (as 8), inf and hexadecimal floats.
void make_values_strict(CLI::App& app) {
  for (CLI::App* cmd : app.get_subcommands([](CLI::App*) { return true; }))
    for (CLI::Option* o : cmd->get_options()) {
      if (o->get_type_size_min() == 0 || o->get_name() == "--help") continue;  // flags
      const std::string type = o->get_type_name();
      const bool is_int = type == "INT" || type == "UINT", is_real = type == "FLOAT", is_unsigned = type == "UINT";
      o->transform(CLI::Validator(
          [is_int, is_real, is_unsigned](std::string& v) -> std::string {
            if (v.empty()) return "expected a value, got an empty string";
            const bool signed_value = v[0] == '-' && !is_unsigned;  // an unsigned value would wrap round
            const bool digits =
                v.find_first_not_of("0123456789", signed_value ? 1 : 0) == std::string::npos && v != "-";
            if (is_int && !digits) return "expected a decimal integer, got '" + v + "'";
            if (is_int) {  // CLI11 reads a leading 0 as octal: drop it so 010 is ten
              const std::size_t sign = v[0] == '-' ? 1 : 0;
              const std::size_t first = v.find_first_not_of('0', sign);
              v.erase(sign, (first == std::string::npos ? v.size() - 1 : first) - sign);
            }
            if (is_real && !wormsim::is_decimal_number(v)) return "expected a decimal number, got '" + v + "'";
            return "";
          },
          ""));
    }
}

int main_impl(int argc, char** argv) {
  if (argc == 1) return run_default();
  CLI::App app{"wormsim: cycle-accurate wormhole network simulator"};
  app.require_subcommand(1);
  const Command commands[] = {add_run(app), add_check_deadlock(app), add_topo(app), add_broadcast(app),
                                add_all_to_all(app), add_booksim(app), add_doc(app)};
  make_values_strict(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "wormsim: " << wormsim::one_line(e.what()) << " (see 'wormsim --help')\n";
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
    std::cerr << "wormsim: internal error: " << wormsim::one_line(e.what()) << "\n";
    return kInternal;
  }
}

// SystemC prints its banner before sc_main unless told not to: keep stdout
// for the summary. kHeapPad makes each heap of a thread's malloc arena
// writable whole when it is created (64 MB, glibc's largest), and the main
// heap grow in steps of it: otherwise an arena of a thread that builds or
// runs part of the fabric grows page by page, one mprotect system call per
// page, and those calls serialize the threads. Address space is reserved;
// memory becomes resident when written, as before, and up to kHeapPad of
// freed memory may stay with the main heap.
int main(int argc, char** argv) {
  constexpr int kHeapPad = 64 << 20;
  mallopt(M_TOP_PAD, kHeapPad);
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}
