// The wormsim subcommands. Each registers its options on the CLI11 app and
// returns a function that runs it after parsing (its exit code).
#pragma once
#include <functional>
#include <ostream>
#include <string>

#include <CLI/CLI.hpp>

#include <wormsim/sim/results.h>
#include <wormsim/sim/scenario.h>

namespace wormsim::driver {

/// 130: stopped by Ctrl-C or SIGTERM (128 + SIGINT, the shell convention).
constexpr int kOk = 0, kInternal = 1, kBadInput = 2, kDeadlock = 3, kInterrupted = 130;

using Command = std::function<int()>;

Command add_run(CLI::App& app);
Command add_check_deadlock(CLI::App& app);
Command add_topo(CLI::App& app);
Command add_broadcast(CLI::App& app);
Command add_all_to_all(CLI::App& app);

/// Runs the default scenario (wormsim with no arguments).
int run_default();

/// Prints what a front end reports of a finished run, before wormsim's summary.
using SummaryPreface = std::function<void(std::ostream&, const Scenario&, const Results&)>;

/// Runs a scenario as `wormsim run` does (its checks, outputs and exit
/// codes); `config` is its input file (never written); `preface` is printed
/// even when `quiet` leaves out wormsim's own summary.
int run_with_preface(const Scenario& scenario, bool quiet, const std::string& config, const SummaryPreface& preface);

Command add_booksim(CLI::App& app);
Command add_doc(CLI::App& app);

}  // namespace wormsim::driver
