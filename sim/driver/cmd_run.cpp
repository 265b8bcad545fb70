// wormsim run: simulate a scenario.
#include <memory>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <unistd.h>
#include <vector>
#include <map>

#include <wormsim/core/config_error.h>
#include <wormsim/sim/limits.h>
#include <wormsim/sim/run_loop.h>
#include <wormsim/sim/simulation.h>
#include <wormsim/systemc/run.h>
#include <wormsim/systemc/waves.h>
#include <wormsim/topology/topology.h>

#include "commands.h"
#include "output_file.h"
#include "physical.h"
#include "report.h"
#include "settings.h"

namespace wormsim::driver {
namespace {

struct RunFlags {
  bool quiet = false;          ///< no progress line, no summary
  bool validate_only = false;  ///< check the scenario and stop
  bool verbose = false;        ///< what each set-up step cost, on stderr
  bool profile = false;        ///< where the cycle loop's time went, per lane, on stderr
};

/// One line per set-up step (wall time, resident memory grown), then the total.
void print_setup_steps(std::ostream& os, const std::vector<SetupStep>& steps) {
  double seconds = 0;
  long long bytes = 0;
  os << std::fixed;
  for (const SetupStep& s : steps) {
    os << "wormsim: set-up: " << s.name << ": " << std::setprecision(3) << s.seconds << " s, "
       << std::setprecision(1) << static_cast<double>(s.bytes) / 1e6 << " MB\n";
    seconds += s.seconds;
    bytes += s.bytes;
  }
  os << "wormsim: set-up: total " << std::setprecision(3) << seconds << " s, " << std::setprecision(1)
     << static_cast<double>(bytes) / 1e6 << " MB (resident " << static_cast<double>(resident_bytes()) / 1e6
     << " MB)\n";
}

/// The progress line: on stderr, only when it is a terminal, and only once a
/// run has taken two seconds; rewritten in place, cleared at the end.
class ProgressLine {
 public:
  explicit ProgressLine(bool enabled) : enabled_(enabled && ::isatty(STDERR_FILENO)) {}
  ~ProgressLine() { clear(); }
  void show(const Simulation& sim, double seconds) {
    if (!enabled_ || seconds < 2.0) return;
    const double rate = static_cast<double>(sim.topology().num_nodes()) * static_cast<double>(sim.cycle()) / seconds;
    std::ostringstream os;
    os << "\rwormsim: " << sim.phase_name() << ", cycle " << sim.cycle() << " / " << sim.window_end()
       << (sim.cycle() > sim.window_end() ? " (draining)" : "") << ", "
       << sim.outstanding_packets() << " packets in flight, " << std::fixed << std::setprecision(2)
       << rate / 1e6 << " M node-cycles/s   ";
    std::cerr << os.str() << std::flush;
    shown_ = true;
  }
  void clear() {
    if (shown_) std::cerr << "\r" << std::string(100, ' ') << "\r" << std::flush;
    shown_ = false;
  }

 private:
  bool enabled_;
  bool shown_ = false;
};

bool is_fst(const std::string& path) { return path.size() > 4 && path.compare(path.size() - 4, 4, ".fst") == 0; }

/// Replaces the VCD at `path` by its FST conversion (GTKWave's vcd2fst).
void convert_to_fst(const std::string& path) {
  const std::string fst = path + ".fst";
  auto quoted = [](const std::string& p) {  // for the shell: 'p', with ' written '\''
    std::string q = "'";
    for (char c : p) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
  };
  const std::string cmd = "vcd2fst " + quoted(path) + " " + quoted(fst) + " >/dev/null 2>&1";
  if (std::system(cmd.c_str()) != 0) {
    std::remove(fst.c_str());
    throw ConfigError("vcd", "cannot convert the waveform to FST (vcd2fst from GTKWave is needed: scripts/setup)");
  }
  if (std::rename(fst.c_str(), path.c_str()) != 0) throw ConfigError("vcd", "cannot write the FST file");
}

/// The waveform settings make sense together (checked before any work).
void check_wave_settings(const Scenario& s) {
  if (s.vcd.empty() && !s.vcd_routers.empty())
    throw ConfigError("vcd_routers", "selects the links of a waveform: give --vcd FILE too");
  if (s.vcd.empty() && (s.vcd_start != 0 || s.vcd_end != ~Cycle{0}))
    throw ConfigError("vcd_window", "selects the cycles of a waveform: give --vcd FILE too");
}

/// The routers --vcd-routers names, on topology t.
std::vector<NodeId> vcd_routers(const Scenario& s, const Topology& t) {
  std::vector<NodeId> out;
  std::stringstream list(s.vcd_routers);
  for (std::string name; std::getline(list, name, ',');) {
    const auto n = find_node(t, name);
    if (!n) throw ConfigError("vcd_routers", "'" + name + "' is not a router of " + t.spec + " (names as 'wormsim topo " +
                                                 t.spec + " --nodes' lists)");
    out.push_back(*n);
  }
  return out;
}

/// The waveform's window and routers, resolved on the built network; says
/// how large it may grow when that is over 100 MB.
WaveOptions wave_options(Simulation& sim, bool quiet) {
  const Scenario& s = sim.scenario();
  WaveOptions w;
  w.start = s.vcd_start;
  w.end = s.vcd_end;
  w.routers = vcd_routers(s, sim.topology());
  if (s.vcd.empty()) return w;
  // The warm-up and window (a run past saturation drains longer).
  const Cycle run_end = std::min(w.end, s.warmup + s.cycles);
  const Cycle cycles = run_end > w.start ? run_end - w.start : 0;
  const std::size_t links = traced_links(sim.network(), w.routers);
  const double bytes = vcd_bytes_estimate(links, cycles, s.trace.empty() ? s.rate : 0.1);
  if (!quiet && bytes > 100e6)
    std::cerr << "wormsim: vcd: " << links << " links over " << cycles << " cycles: about " << std::fixed
              << std::setprecision(1) << bytes / 1e9 << " GB of VCD (more if it drains long); --vcd-window START:END "
              << "and --vcd-routers LIST make it smaller, a .fst name about 6x smaller\n";
  return w;
}

/// The energy table --energy names as a file (an input), or "".
std::string energy_table_file(const Scenario& s) {
  const std::string& e = s.physical.energy;
  return e.size() > 5 && e.compare(e.size() - 5, 5, ".json") == 0 ? e : "";
}

int run_scenario(const Scenario& scenario, const RunFlags& flags = {}, const std::string& config = "",
                 const SummaryPreface& preface = nullptr) {
  FilePlan()
      .input("config", config)
      .input("trace", scenario.trace)
      .input("energy", energy_table_file(scenario))
      .output("json", scenario.json)
      .output("vcd", scenario.vcd)
      .output("link_csv", scenario.link_csv)
      .check();
  check_wave_settings(scenario);
  // The cost model's plan, made once the routing and VCs are resolved and
  // before any work (it sets the link latencies of --link-latency auto).
  PhysicalPlan plan;
  const ResolvedHook resolve = [&plan](Scenario& s, const Topology& t) {
    plan = plan_physical(s, t);
    if (s.physical.link_latency_auto) s.link_latencies = plan.latencies;
  };
  if (flags.validate_only) {
    Scenario s = scenario;
    s.deadlock_check = false;  // validation only: the proof is work
    const NetworkSetup setup = setup_network(s, resolve);
    (void)vcd_routers(s, *setup.topology);
    if (!flags.quiet) std::cout << "scenario is valid\n";
    return kOk;
  }
  std::unique_ptr<Simulation> sim;
  try {
    Scenario profiled = scenario;
    profiled.profile = flags.profile;
    sim = std::make_unique<Simulation>(profiled, resolve);
  } catch (const StaticDeadlockError& e) {
    std::cout << "deadlock check: " << e.what()
              << "\nnot simulated (run with --no-deadlock-check to simulate anyway)\n";
    return kDeadlock;
  }
  if (flags.verbose) print_setup_steps(std::cerr, sim->setup_steps());
  if (const std::string w = long_run_warning(estimate_resources(sim->topology(), sim->scenario()));
      !w.empty() && !flags.quiet)
    std::cerr << "wormsim: " << w << "\n";
  WaveOptions waves = wave_options(*sim, flags.quiet);
  std::unique_ptr<OutputFile> vcd;
  if (!scenario.vcd.empty()) {
    vcd = std::make_unique<OutputFile>("vcd", scenario.vcd);
    waves.path = vcd->temp();
  }
  RunMonitor monitor;
  monitor.stop = stop_gracefully_on_signal();
  ProgressLine progress(!flags.quiet);
  monitor.progress = [&progress](const Simulation& s, double seconds) { progress.show(s, seconds); };
  // The SystemC kernel only when a waveform is recorded; the same cycles either way.
  const Results r = waves.path.empty() ? run_loop(*sim, monitor) : run_systemc(*sim, waves, monitor);
  progress.clear();
  if (vcd) {
    if (is_fst(scenario.vcd)) convert_to_fst(vcd->temp());
    vcd->commit();
  }
  const PhysicalReport phys = physical_report(plan, sim->scenario(), sim->network(), r, !scenario.link_csv.empty());
  if (preface) preface(std::cout, sim->scenario(), r);
  if (!flags.quiet) {
    print_summary(std::cout, sim->scenario(), r);
    print_physical(std::cout, plan, phys, sim->scenario());
  }
  if (flags.profile) print_profile(std::cerr, r);
  if (!scenario.json.empty()) write_json(scenario.json, sim->scenario(), r, physical_json(plan, phys, sim->scenario()));
  if (!scenario.link_csv.empty()) write_link_csv(scenario.link_csv, sim->network(), r, phys);
  if (r.interrupted) {
    std::cerr << "wormsim: interrupted at cycle " << r.cycles << "; the figures are those of the run so far"
              << (scenario.json.empty() ? "" : " (JSON marked \"interrupted\": true)") << "\n";
    return kInterrupted;
  }
  return r.deadlock ? kDeadlock : kOk;
}

}  // namespace

int run_with_preface(const Scenario& scenario, bool quiet, const std::string& config, const SummaryPreface& preface) {
  RunFlags flags;
  flags.quiet = quiet;
  return run_scenario(scenario, flags, config, preface);
}

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
  auto flags = std::make_shared<RunFlags>();
  run->add_option("--config", *config, "YAML scenario file (keys as the flags, '_' for '-')");
  for (const auto& st : settings())
    (*options)[st.key] = run->add_option(flag_of(st.key), (*values)[st.key], st.help);
  run->add_flag("--no-deadlock-check", *no_check, "skip the static deadlock check (same as --deadlock-check false)");
  run->add_flag("--quiet", flags->quiet, "print nothing but errors (no progress line, no summary)");
  run->add_flag("--verbose", flags->verbose,
                "say what each set-up step costs (time, memory) on stderr before simulating");
  run->add_flag("--profile", flags->profile,
                "time every phase of the cycle loop per lane, and say on stderr how much is serial and what "
                "Amdahl's law projects at 8 and 16 threads (results unchanged; the JSON gets \"profile\")");
  run->add_flag("--validate-only", flags->validate_only,
                "check every setting, the traffic and the output paths, then stop (exit 0 or 2)");
  return [run, config, values, options, no_check, flags]() {
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
        apply_setting(st, s, (*values)[st.key]);
        given.push_back(st.key);
      }
    if (s.traffic == "list") throw ConfigError("traffic", "'list' is a request for the list, not a pattern");
    if (s.injection == "list") throw ConfigError("injection", "'list' is a request for the list, not a process");
    apply_trace_window(s, given);
    if (*no_check) s.deadlock_check = false;
    return run_scenario(s, *flags, *config);
  };
}

}  // namespace wormsim::driver
