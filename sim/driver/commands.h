// The wormsim subcommands. Each registers its options on the CLI11 app and
// returns a function that runs it after parsing (its exit code).
#pragma once
#include <functional>

#include <CLI/CLI.hpp>

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

}  // namespace wormsim::driver
