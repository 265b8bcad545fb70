// wormsim booksim FILE [KEY=VALUE ...]: a BookSim 2 configuration file run
// unchanged. Every key is read as BookSim reads it; what wormsim models is
// mapped to a scenario, the first key it cannot honour is refused (exit 2,
// the key and why). The run prints BookSim's overall statistics lines, then
// wormsim's own summary.
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include <wormsim/core/config_error.h>

#include "booksim_config.h"
#include "booksim_map.h"
#include "commands.h"
#include "settings.h"

namespace wormsim::driver {
namespace {

struct BooksimFlags {
  std::string file;
  std::vector<std::string> overrides;
  bool lenient = false, quiet = false, show = false, keys = false;
  std::string json;
};

/// BookSim's "Overall Traffic Statistics" for one class, from wormsim's run:
/// the lines scripts that parse BookSim's output look for. Packet rates and
/// sizes are printed only when every packet has one length (they are then
/// exact: flits / length).
void print_booksim_stats(std::ostream& os, const Results& r, unsigned fixed_packet) {
  const auto line = [&os](const std::string& label, double value) {
    os << label << " = " << value << " (1 samples)\n";
  };
  if (r.unstable) {  // BookSim's words when its latency passes latency_thres: no statistics
    os << "Simulation unstable, ending ...\n";
    return;
  }
  os << "====== Overall Traffic Statistics ======\n====== Traffic class 0 ======\n";
  os << std::setprecision(6);
  line("Packet latency average", r.latency.average);
  line("\tminimum", static_cast<double>(r.latency.min));
  line("\tmaximum", static_cast<double>(r.latency.max));
  if (fixed_packet) {
    line("Injected packet rate average", r.generated / fixed_packet);
    line("Accepted packet rate average", r.throughput / fixed_packet);
  }
  line("Injected flit rate average", r.generated);
  line("Accepted flit rate average", r.throughput);
  if (fixed_packet) {
    line("Injected packet size average", fixed_packet);
    line("Accepted packet size average", fixed_packet);
  }
  os << "Time taken is " << r.cycles << " cycles\n";
  os << "Total run time " << r.wall_seconds << "\n";
}

/// The key table as docs/booksim.md shows it.
void print_keys(std::ostream& os) {
  os << "| key | BookSim's default | wormsim |\n|---|---|---|\n";
  for (const booksim::Key& k : booksim::keys()) {
    const std::string def = *k.booksim_default ? k.booksim_default : "(empty)";
    std::string what;
    switch (k.kind) {
      case booksim::Kind::kMapped: what = "mapped to a setting (below)"; break;
      case booksim::Kind::kPipeline: what = std::string("must be ") + k.accepted + ": " + k.why; break;
      case booksim::Kind::kWindow: what = "mapped to the settle rule (below)"; break;
      case booksim::Kind::kInert: what = "changes no result: another value is refused, or a warning with --lenient"; break;
      case booksim::Kind::kFixed: what = std::string("only the default: ") + k.why; break;
    }
    os << "| `" << k.name << "` | " << def << " | " << what << " |\n";
  }
}

int run_booksim(const BooksimFlags& f) {
  const std::vector<booksim::Assignment> given = booksim::read(f.file, f.overrides);
  const booksim::Mapping m = booksim::map_config(given, f.lenient);
  Scenario s;
  std::ostringstream command;
  command << "wormsim run";
  for (const auto& [key, value] : m.settings) {
    apply_setting(setting(key), s, value);
    command << " " << flag_of(key) << " " << value;
  }
  if (!f.json.empty()) apply_setting(setting("json"), s, f.json);
  if (!f.quiet) {
    std::cout << "wormsim booksim: " << f.file << " runs as: " << command.str() << "\n";
    for (const std::string& n : m.notes) std::cout << "wormsim booksim: note: " << n << "\n";
  }
  for (const std::string& w : m.lenient)
    std::cerr << "wormsim booksim: warning: " << w << " is ignored (--lenient: it changes no result)\n";
  if (f.show) return kOk;
  const unsigned fixed = m.fixed_packet;
  return run_with_preface(s, f.quiet, f.file, [fixed](std::ostream& os, const Scenario&, const Results& r) {
    print_booksim_stats(os, r, fixed);
  });
}

}  // namespace

Command add_booksim(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "booksim", "run a BookSim 2 configuration file unchanged (mesh and torus, wormsim's router pipeline; "
                 "docs/booksim.md lists what is read and what is refused)");
  auto f = std::make_shared<BooksimFlags>();
  cmd->add_option("file", f->file, "BookSim 2 configuration file (key = value; ...)");
  cmd->add_option("overrides", f->overrides, "KEY=VALUE after the file, as BookSim's command line takes them");
  cmd->add_flag("--lenient", f->lenient,
                "accept keys that change no result here (output, tracing, unused) at other values, with a warning");
  cmd->add_flag("--quiet", f->quiet, "print BookSim's statistics lines only (no wormsim summary)");
  cmd->add_flag("--show", f->show, "print the wormsim run it maps to, then stop");
  cmd->add_option("--json", f->json, "write wormsim's summary as JSON to this file");
  cmd->add_flag("--keys", f->keys, "print every BookSim key, its default and what wormsim does with it (Markdown)");
  return [cmd, f]() {
    if (!cmd->parsed()) return -1;
    if (f->keys) {
      print_keys(std::cout);
      return kOk;
    }
    if (f->file.empty()) throw ConfigError("booksim", "expected a BookSim 2 configuration file (or --keys)");
    return run_booksim(*f);
  };
}

}  // namespace wormsim::driver
