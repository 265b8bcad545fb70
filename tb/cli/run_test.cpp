// The wormsim command end to end: JSON keys, the default scenario, flags
// overriding a YAML file, determinism under the SystemC kernel, waves that
// vcd2fst accepts, and the no-progress watchdog's exit code 3.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <filesystem>
#include <cstdio>
#include <fstream>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <wormsim/sim/simulation.h>

#include "cli_runner.h"

namespace wormsim::test {
namespace {

nlohmann::json read_json(const std::string& path) { return nlohmann::json::parse(slurp(path)); }

TEST(Cli, JsonHasEveryDocumentedKey) {
  const std::string json = temp_dir() + "/wormsim_keys.json";
  const CliResult r = run_wormsim("run --topology mesh:4x4x4 --cycles 2000 --warmup 200 --json " + json, "keys");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = read_json(json);
  for (const char* key : {"topology", "nodes", "cycles", "injected_packets", "delivered_packets",
                          "injected_flits", "delivered_flits", "avg_latency", "p50_latency",
                          "p99_latency", "max_latency", "throughput", "deadlock", "wall_seconds",
                          "node_cycles_per_second"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["topology"], "mesh:4x4x4");
  EXPECT_EQ(j["nodes"], 64);
  EXPECT_EQ(j["deadlock"], false);
  EXPECT_EQ(j["injected_flits"], j["delivered_flits"]);
  EXPECT_GT(j["avg_latency"].get<double>(), 10.0);
  // Accepted = offered below saturation, within 3 sigma of the window's
  // 12,800 expected flits (about 0.003), and exactly the fast engine's figure.
  EXPECT_NEAR(j["throughput"].get<double>(), 0.1, 0.003);
  Scenario s;
  s.topology = "mesh:4x4x4";
  s.cycles = 2000;
  s.warmup = 200;
  Simulation sim(s);
  sim.run_plain();
  EXPECT_DOUBLE_EQ(j["throughput"].get<double>(), sim.results(0).throughput);
}

// A run without a waveform takes the kernel-free loop (sim/run_loop.h), one
// with --vcd the SystemC clock: every figure but the wall time must agree.
/// The JSON of `run` without a waveform (kernel-free loop) and with one
/// (SystemC clock; a short window).
std::pair<nlohmann::json, nlohmann::json> loop_and_kernel(const std::string& run, const std::string& window,
                                                         const std::string& tag) {
  const std::string a = temp_dir() + "/wormsim_" + tag + "_loop.json", b = temp_dir() + "/wormsim_" + tag + "_kernel.json";
  const std::string vcd = temp_dir() + "/wormsim_" + tag + ".vcd";
  EXPECT_EQ(run_wormsim(run + " --quiet --json " + a, tag + "_loop").exit_code, 0);
  EXPECT_EQ(run_wormsim(run + " --quiet --json " + b + " --vcd " + vcd + " --vcd-window " + window, tag + "_kernel").exit_code, 0);
  std::remove(vcd.c_str());
  return {read_json(a), read_json(b)};
}

/// `j` without the fields of the run's speed (and `more`).
nlohmann::json without_speed(nlohmann::json j, const std::vector<std::string>& more = {}) {
  for (const char* key : {"wall_seconds", "node_cycles_per_second"}) j.erase(key);
  for (const std::string& key : more) j.erase(key);
  return j;
}

TEST(Cli, KernelFreeRunEqualsTheSystemCRun) {
  const auto [ja, jb] = loop_and_kernel("run --topology torus:4x4x2 --rate 0.3 --cycles 1500 --warmup 300 --seed 9",
                                        "300:310", "loop");
  EXPECT_GT(ja["delivered_packets"].get<long>(), 1000);
  EXPECT_EQ(without_speed(ja).dump(), without_speed(jb).dump());
}

// A light load leaves the fabric empty between arrivals: the kernel-free
// loop skips those cycles, the SystemC clock ticks through them, and every
// figure agrees.
TEST(Cli, SkippedIdleCyclesGiveTheSystemCRunsFigures) {
  const std::string run = "run --topology mesh:3x3 --rate 0.002 --cycles 20000 --warmup 500 --seed 4";
  const auto [ja, jb] = loop_and_kernel(run, "600:610", "idle");
  EXPECT_GT(ja["idle_cycles_skipped"].get<long>(), 1000);
  EXPECT_EQ(jb["idle_cycles_skipped"].get<long>(), 0);
  EXPECT_GT(ja["delivered_packets"].get<long>(), 20);
  EXPECT_EQ(without_speed(ja, {"idle_cycles_skipped"}).dump(), without_speed(jb, {"idle_cycles_skipped"}).dump());
}

// A run of the documented maximum length says what it will cost before it
// starts; Ctrl-C then ends it with the figures so far.
TEST(Cli, AMaximumLengthRunAnnouncesItsCost) {
  const std::string cmd = "timeout --preserve-status -s INT 3 " + std::string(WORMSIM_BIN) +
                          " run --topology mesh:8x8x8 --cycles 1099511627776 --rate 0.01 >/dev/null 2>" + temp_dir() +
                          "/wormsim_long.err";
  const int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130) << "interrupted";
  const std::string err = slurp(temp_dir() + "/wormsim_long.err");
  EXPECT_EQ(err.rfind("wormsim: long run: ", 0), 0u) << err;
  EXPECT_NE(err.find("node-cycles"), std::string::npos) << err;
  EXPECT_NE(err.find("days"), std::string::npos) << err;
  const CliResult quick = run_wormsim("run --topology mesh:4x4 --cycles 2000", "short_run");
  EXPECT_EQ(quick.err, "") << "a short run says nothing";
}

TEST(Cli, BoundedSourceQueueIsReported) {
  const std::string json = temp_dir() + "/wormsim_queue.json";
  const CliResult r = run_wormsim("run --topology mesh:4x4 --rate 0.9 --source-queue 8 --cycles 1000 --warmup 100 --json " +
                                      json, "queue");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("source queues (8 packets each):"), std::string::npos) << r.out;
  const auto j = read_json(json);
  EXPECT_EQ(j["source_queue"], 8);
  EXPECT_GT(j["suppressed_packets"].get<long>(), 0);
  EXPECT_NEAR(j["generated"].get<double>() + j["suppressed"].get<double>(), 0.9, 0.04);
}

TEST(Cli, NoArgumentsRunsTheDefaultScenarioAndSaysWhat) {
  const CliResult r = run_wormsim("", "default");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("running the default scenario"), std::string::npos);
  EXPECT_NE(r.out.find("--topology mesh:8x8x8"), std::string::npos);
  EXPECT_NE(r.out.find("latency"), std::string::npos);
  EXPECT_NE(r.out.find("every flit delivered exactly once"), std::string::npos);
}

TEST(Cli, FlagsOverrideTheScenarioFile) {
  const std::string cfg = temp_dir() + "/wormsim_override.yaml";
  std::ofstream(cfg) << "topology: mesh:4x4x4\nvcs: 3\nrate: 0.05\ncycles: 500\nwarmup: 100\n";
  const std::string json = temp_dir() + "/wormsim_override.json";
  const CliResult r = run_wormsim("run --config " + cfg + " --vcs 1 --json " + json, "override");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = read_json(json);
  EXPECT_EQ(j["vcs"], 1);
  EXPECT_EQ(j["topology"], "mesh:4x4x4");
  EXPECT_EQ(j["offered"], 0.05);
  EXPECT_EQ(j["measure_cycles"], 500);
}

TEST(Cli, PipelinedLinksRunUnderSystemCAsInThePlainLoop) {
  const std::string json = temp_dir() + "/wormsim_links.json";
  const CliResult r = run_wormsim(
      "run --topology 3pt:2x2x2 --rate 0.1 --cycles 2000 --warmup 200 --link-latency 3 --json " + json, "links");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3-cycle links"), std::string::npos) << r.out;
  const auto j = read_json(json);
  EXPECT_EQ(j["link_latency"], 3);
  Scenario s;
  s.topology = "3pt:2x2x2";
  s.rate = 0.1;
  s.cycles = 2000;
  s.warmup = 200;
  s.link_latency = 3;
  Simulation sim(s);
  sim.run_plain();
  EXPECT_DOUBLE_EQ(j["avg_latency"].get<double>(), sim.results(0).latency.average);
  s.link_latency = 1;
  Simulation one(s);
  one.run_plain();
  EXPECT_GT(j["avg_latency"].get<double>(), one.results(0).latency.average + 4.0) << "two cycles more per hop";
}

TEST(Cli, SameSeedGivesIdenticalJsonUnderSystemC) {
  const std::string a = temp_dir() + "/wormsim_det_a.json", b = temp_dir() + "/wormsim_det_b.json";
  const std::string args = "run --topology torus:4x4x4 --rate 0.3 --cycles 3000 --seed 42 --json ";
  ASSERT_EQ(run_wormsim(args + a, "det_a").exit_code, 0);
  ASSERT_EQ(run_wormsim(args + b, "det_b").exit_code, 0);
  auto ja = read_json(a), jb = read_json(b);
  for (auto* j : {&ja, &jb}) {
    j->erase("wall_seconds");
    j->erase("node_cycles_per_second");
  }
  EXPECT_EQ(ja, jb);
}

TEST(Cli, WaveformConvertsWithVcd2fst) {
  const std::string vcd = temp_dir() + "/wormsim_waves.vcd", fst = temp_dir() + "/wormsim_waves.fst";
  std::filesystem::remove(fst);
  const CliResult r = run_wormsim("run --topology mesh:3x3x2 --cycles 300 --warmup 50 --vcd " + vcd, "waves");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = slurp(vcd);
  for (const char* name : {"$scope module r1_2_1 $end", "$scope module out_xp $end", "flit_valid",
                           "flit_packet", "credit_valid", "$scope module inj0 $end"})
    EXPECT_NE(text.find(name), std::string::npos) << name;
  const std::string cmd = "vcd2fst " + vcd + " " + fst + " >/dev/null 2>&1";
  EXPECT_EQ(std::system(cmd.c_str()), 0);
  EXPECT_GT(std::filesystem::file_size(fst), 100u);
}

TEST(Cli, StalledSinksTripTheWatchdogWithExitThree) {
  // Sinks that (almost) never consume: the network fills and stops moving.
  const std::string json = temp_dir() + "/wormsim_stall.json";
  const CliResult r = run_wormsim(
      "run --topology mesh:4x4 --rate 0.5 --eject-rate 0.000000001 --watchdog 300 --json " + json, "stall");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.out.find("NO PROGRESS"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(":local0:vc"), std::string::npos) << "names where flits are stuck: " << r.out;
  EXPECT_EQ(read_json(json)["deadlock"], true);
}

TEST(Cli, CheckDeadlockProvesDefaultRoutingsAndPrintsCycles) {
  for (const char* t : {"mesh:4x4x4", "torus:4x4x4", "3pt:2x3x2"}) {
    const CliResult r = run_wormsim(std::string("check-deadlock --topology ") + t, "check_ok");
    EXPECT_EQ(r.exit_code, 0) << t << r.out << r.err;
    EXPECT_NE(r.out.find("verdict: deadlock-free"), std::string::npos) << r.out;
  }
  const CliResult bad = run_wormsim("check-deadlock --topology 3pt:2x2x2 --routing minimal --vcs 1", "check_bad");
  EXPECT_EQ(bad.exit_code, 3);
  EXPECT_NE(bad.out.find("DEADLOCK POSSIBLE: dependency cycle"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find(":vc0 -> r"), std::string::npos) << bad.out;
  // On threads: the same verdict and cycle (the line with the time aside);
  // a thread count that is no number is bad input.
  const CliResult threaded =
      run_wormsim("check-deadlock --topology 3pt:2x2x2 --routing minimal --vcs 1 --threads 3", "check_bad_threads");
  EXPECT_EQ(threaded.exit_code, 3);
  auto verdict_line = [](const std::string& out) { return out.substr(out.find("verdict: ")); };
  EXPECT_EQ(verdict_line(threaded.out), verdict_line(bad.out));
  const CliResult word = run_wormsim("check-deadlock --topology 3pt:2x2x2 --threads many", "check_threads_word");
  EXPECT_EQ(word.exit_code, 2);
  EXPECT_NE(word.err.find("threads"), std::string::npos) << word.err;
}

TEST(Cli, RunGuardRefusesADeadlockingRoutingUnlessToldNotTo) {
  const CliResult r = run_wormsim("run --topology torus:4x4 --routing dor-nodateline", "guard");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.out.find("channel dependency cycle"), std::string::npos) << r.out;
  const std::string json = temp_dir() + "/wormsim_guard.json";
  const CliResult anyway = run_wormsim(
      "run --topology torus:8x1 --routing dor-nodateline --vcs 1 --rate 0.8 --no-deadlock-check --json " + json,
      "guard_anyway");
  EXPECT_EQ(anyway.exit_code, 3);
  EXPECT_NE(anyway.out.find("DEADLOCK: "), std::string::npos) << anyway.out;
  const auto j = read_json(json);
  EXPECT_EQ(j["deadlock_kind"], "cycle");
  EXPECT_EQ(j["deadlock_check"], "skipped");
}

TEST(Cli, ThreePtJustWorksWithItsDefaultRouting) {
  const std::string json = temp_dir() + "/wormsim_3pt.json";
  const CliResult r = run_wormsim("run --topology 3pt:3x3x3 --cycles 2000 --warmup 200 --json " + json, "3pt");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = read_json(json);
  EXPECT_EQ(j["routing"], "adaptive");
  EXPECT_EQ(j["nodes"], 270);
  EXPECT_EQ(j["deadlock_check"], "duato");
  EXPECT_EQ(j["vcs"], 8);
  EXPECT_EQ(j["selection"], "credits");
  EXPECT_EQ(j["arbitration"], "age");
  EXPECT_EQ(j["injected_flits"], j["delivered_flits"]);
}

TEST(Cli, AStaticProofOverAMinuteIsRefusedBeforeItStartsWithTheEstimateAndTheWayAround) {
  // 64,000 nodes, dimension order with source datelines (reads the source,
  // so the proof follows packets): destinations x channels x VCs is about
  // 5e10 steps.
  const std::string json = temp_dir() + "/wormsim_big.json";
  std::filesystem::remove(json);
  const CliResult big =
      run_wormsim("run --topology torus:40x40x40 --cycles 20 --warmup 10 --rate 0.01 --json " + json, "big");
  ASSERT_EQ(big.exit_code, 2) << big.err;
  EXPECT_NE(big.err.find("deadlock_check: proving the routing deadlock-free on torus:40x40x40 would take about"),
            std::string::npos) << big.err;
  EXPECT_NE(big.err.find("--no-deadlock-check"), std::string::npos) << big.err;
  EXPECT_FALSE(std::filesystem::exists(json));
  const CliResult without = run_wormsim(
      "run --topology torus:40x40x40 --cycles 20 --warmup 10 --rate 0.01 --no-deadlock-check --json " + json, "big2");
  ASSERT_EQ(without.exit_code, 0) << without.err;
  EXPECT_EQ(read_json(json)["deadlock_check"], "skipped");
  // FP_3 (1,000 nodes) is proven as usual.
  const CliResult fp = run_wormsim("run --topology fp:3 --cycles 200 --warmup 10 --json " + json, "fp3");
  ASSERT_EQ(fp.exit_code, 0) << fp.err;
  EXPECT_EQ(read_json(json)["deadlock_check"], "acyclic");
  EXPECT_EQ(read_json(json)["routing"], "fp-dor");
}

TEST(Cli, TopoPrintsTheFactsAndEdges) {
  const CliResult r = run_wormsim("topo 3pt:2x3x2", "topo");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("nodes: 120"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("links: 240"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("degree histogram: 4:120"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("diameter: "), std::string::npos) << r.out;
  const CliResult edges = run_wormsim("topo 3pt:2x3x2 --edges", "topo_edges");
  EXPECT_EQ(std::count(edges.out.begin(), edges.out.end(), '\n'), 240);
  const CliResult dot = run_wormsim("topo mesh:2x2 --dot", "topo_dot");
  EXPECT_NE(dot.out.find("graph \"mesh:2x2x1\" {"), std::string::npos) << dot.out;
  const CliResult mesh = run_wormsim("topo mesh:4x4x4", "topo_mesh");
  EXPECT_NE(mesh.out.find("bisection width: 16 links"), std::string::npos) << mesh.out;
}

TEST(Cli, RoutingListIsTheRoutingTable) {
  const CliResult r = run_wormsim("run --routing list", "routing_list");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : {"dor:", "layered:", "3pt-dor:", "adaptive:", "hamiltonian:", "minimal:",
                           "dor-nodateline:", "adaptive-bad-escape:"})
    EXPECT_NE(("\n" + r.out).find(std::string("\n") + name), std::string::npos) << name << "\n" << r.out;
  EXPECT_NE(r.out.find("NOT deadlock-free (a control)"), std::string::npos);
  const CliResult help = run_wormsim("run --help", "run_help");
  EXPECT_NE(help.out.find("3pt-dor"), std::string::npos) << "the help is generated from the table";
  EXPECT_NE(help.out.find("hamiltonian"), std::string::npos);
}

TEST(Cli, RunPrintsTheBoundAndWritesLinkUtilisation) {
  const std::string json = temp_dir() + "/wormsim_bound.json";
  const std::string csv = temp_dir() + "/wormsim_links.csv";
  const CliResult r = run_wormsim("run --topology 3pt:2x2x2 --routing 3pt-dor --rate 0.05 --cycles 2000 --warmup 200 --json " +
                                      json + " --link-csv " + csv,
                                  "bound");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("bound: uniform traffic cannot exceed"), std::string::npos) << r.out;
  const auto j = read_json(json);
  EXPECT_EQ(j["bound_name"], "z-links");
  EXPECT_NEAR(j["bound_fraction"].get<double>(), j["throughput"].get<double>() / j["bound"].get<double>(), 1e-9);
  std::ifstream in(csv);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "from,from_port,to,to_port,flits,utilisation,length_mm,latency,energy_pj,from_router_mw");
  unsigned rows = 0, ext = 0;
  double flits = 0;
  while (std::getline(in, line)) {
    ++rows;
    ext += line.find(",ext,") != std::string::npos ? 1u : 0u;
    flits += std::stod(line.substr(line.find(',', line.find(',', line.find(',', line.find(',') + 1) + 1) + 1) + 1));
  }
  EXPECT_EQ(rows, 320u) << "every directed link of 3PT(2,2,2)";
  EXPECT_EQ(ext, 80u);
  const double avg = flits / rows / 2000.0;
  EXPECT_NEAR(avg, j["link_utilisation_avg"].get<double>(), 1e-6);
}

TEST(Cli, SelectionAndArbitrationAreSettings) {
  const std::string json = temp_dir() + "/wormsim_sel.json";
  const CliResult r = run_wormsim("run --topology mesh:4x4 --routing adaptive --selection first --arbitration round-robin "
                                  "--cycles 1000 --warmup 100 --json " + json,
                                  "selection");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = read_json(json);
  EXPECT_EQ(j["selection"], "first");
  EXPECT_EQ(j["arbitration"], "round-robin");
  const CliResult dor = run_wormsim("run --topology mesh:4x4 --cycles 1000 --warmup 100 --json " + json, "sel_dor");
  ASSERT_EQ(dor.exit_code, 0) << dor.err;
  EXPECT_EQ(read_json(json)["selection"], "first") << "dor keeps what the RTL does";
  EXPECT_EQ(read_json(json)["arbitration"], "round-robin");
}

TEST(Cli, CheckDeadlockUsesDuatosConditionForAdaptiveRouting) {
  const CliResult ok = run_wormsim("check-deadlock --topology torus:4x4x4 --routing adaptive", "duato_ok");
  EXPECT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  EXPECT_NE(ok.out.find("escape sub-network (Duato)"), std::string::npos) << ok.out;
  const CliResult bad = run_wormsim("check-deadlock --topology torus:4x4 --routing adaptive-bad-escape --vcs 2", "duato_bad");
  EXPECT_EQ(bad.exit_code, 3) << bad.out << bad.err;
  EXPECT_NE(bad.out.find("DEADLOCK POSSIBLE: extended dependency cycle"), std::string::npos) << bad.out;
  const CliResult guard = run_wormsim("run --topology torus:4x4 --routing adaptive-bad-escape --vcs 2", "duato_guard");
  EXPECT_EQ(guard.exit_code, 3);
  EXPECT_NE(guard.out.find("escape sub-network (Duato)"), std::string::npos) << guard.out;
}

}  // namespace
}  // namespace wormsim::test
