// Traffic through the command: every pattern of the table runs (or is
// refused with exit 2 where it has no meaning), mixed packet lengths report
// latency per length, on/off injection keeps the offered load, a trace
// replays exactly its packets and a bad trace line is named by number, and
// a run says nothing on a non-terminal stderr, nothing at all with --quiet;
// waveforms keep to a cycle window and chosen routers, FST by name, and a
// large one is announced before the run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include <wormsim/topology/spec.h>
#include <wormsim/traffic/pattern.h>

#include "cli_runner.h"

namespace wormsim::test {
namespace {

nlohmann::json read_json(const std::string& path) { return nlohmann::json::parse(slurp(path)); }

TEST(TrafficCli, EveryPatternRunsWhereItMeansSomethingAndIsRefusedElsewhere) {
  // mesh:4x4x2 (32 nodes, a power of two, X == Y) gives every pattern a
  // meaning; 3pt:2x3x3 (180 nodes) refuses the bit patterns.
  for (const PatternInfo& p : traffic_patterns()) {
    for (const char* topo : {"mesh:4x4x2", "3pt:2x3x3"}) {
      const std::string json = temp_dir() + "/wormsim_tp_" + p.name + ".json";
      const CliResult r = run_wormsim(std::string("run --topology ") + topo + " --traffic " + p.name +
                                          " --rate 0.1 --cycles 1000 --warmup 100 --json " + json,
                                      "tp_" + p.name);
      const bool bits = p.name == "bitrev" || p.name == "shuffle";
      if (bits && std::string(topo) == "3pt:2x3x3") {
        EXPECT_EQ(r.exit_code, 2) << p.name << " on " << topo;
        EXPECT_NE(r.err.find("traffic: " + p.name + " needs a power-of-two node count"), std::string::npos) << r.err;
        continue;
      }
      ASSERT_EQ(r.exit_code, 0) << p.name << " on " << topo << ": " << r.err;
      const auto j = read_json(json);
      EXPECT_EQ(j["traffic"], p.name);
      EXPECT_GT(j["measured_packets"].get<int>(), 0) << p.name << " on " << topo;
      EXPECT_TRUE(j["drained"].get<bool>()) << p.name << " on " << topo;
    }
  }
}

TEST(TrafficCli, APermutationThatMovesNoNodeIsRefused) {
  // Tornado moves a coordinate by ceil(k/2) - 1: nothing on sides of 1 or 2.
  const CliResult r = run_wormsim("run --topology 3pt:2x2x2 --traffic tornado", "tornado_still");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("traffic: tornado maps every node of 3pt:2x2x2 onto itself"), std::string::npos) << r.err;
}

TEST(TrafficCli, MixedLengthsReportLatencyPerLength) {
  const std::string json = temp_dir() + "/wormsim_mix.json";
  const CliResult r = run_wormsim("run --topology mesh:4x4 --packet 1:0.75,5:0.25 --rate 0.2 --cycles 4000 --json " +
                                      json, "mix");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("mixed-length (1:0.75,5:0.25 flits) packets"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  1-flit packets ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  5-flit packets ("), std::string::npos) << r.out;
  const auto j = read_json(json);
  EXPECT_DOUBLE_EQ(j["mean_packet"].get<double>(), 2.0);
  const auto& by = j["latency_by_length"];
  ASSERT_TRUE(by.contains("1") && by.contains("5")) << by.dump();
  const double n1 = by["1"]["packets"].get<double>(), n5 = by["5"]["packets"].get<double>();
  EXPECT_NEAR(n5 / (n1 + n5), 0.25, 0.03);
  EXPECT_EQ(n1 + n5, j["measured_packets"].get<double>());
  EXPECT_GT(by["5"]["avg_latency"].get<double>(), by["1"]["avg_latency"].get<double>())
      << "a 5-flit packet's tail arrives 4 cycles after its head";
  EXPECT_NEAR(j["generated"].get<double>(), 0.2, 0.02) << "the rate is flits, whatever the lengths";
}

TEST(TrafficCli, OnOffInjectionKeepsTheOfferedLoadAndRaisesLatency) {
  const std::string a = temp_dir() + "/wormsim_bern.json", b = temp_dir() + "/wormsim_onoff.json";
  ASSERT_EQ(run_wormsim("run --topology mesh:8x8 --rate 0.3 --cycles 8000 --json " + a, "bern").exit_code, 0);
  const CliResult r =
      run_wormsim("run --topology mesh:8x8 --rate 0.3 --cycles 8000 --injection onoff --burst 16 --json " + b, "onoff");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto jb = read_json(a), jo = read_json(b);
  EXPECT_EQ(jo["injection"], "onoff");
  EXPECT_EQ(jo["burst"], 16.0);
  EXPECT_NEAR(jo["generated"].get<double>(), 0.3, 0.03);
  EXPECT_GT(jo["avg_latency"].get<double>(), 1.5 * jb["avg_latency"].get<double>())
      << "bursts of 16 packets queue at their source";
}

TEST(TrafficCli, ATraceReplaysExactlyItsPackets) {
  const std::string trace = temp_dir() + "/wormsim_cli.trace", json = temp_dir() + "/wormsim_trace.json";
  std::ofstream(trace) << "# three packets, out of order\n30 5 10 4\n0 r0_0_0 r3_3_0 2\n12 15 0 1 # last\n";
  const CliResult r = run_wormsim("run --topology mesh:4x4 --trace " + trace + " --json " + json, "trace");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = read_json(json);
  EXPECT_EQ(j["traffic"], "trace");
  EXPECT_EQ(j["injected_packets"], 3);
  EXPECT_EQ(j["injected_flits"], 7);
  EXPECT_EQ(j["measured_packets"], 3) << "the window covers the whole trace";
  EXPECT_EQ(j["warmup"], 0);
  EXPECT_EQ(j["measure_cycles"], 31);
  EXPECT_TRUE(j["drained"].get<bool>());

  std::ofstream(trace) << "0 0 1 4\n\n5 0 1 four\n";
  const CliResult bad = run_wormsim("run --topology mesh:4x4 --trace " + trace + " --json " + json + ".bad", "trace_bad");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("trace: " + trace + " line 3: expected length as an integer, got 'four'"), std::string::npos)
      << bad.err;
  EXPECT_FALSE(std::ifstream(json + ".bad").good()) << "nothing written";
}

// A trace whose last packet sits 10^12 cycles on (inside the documented
// limit) finishes at once: the idle cycles between are skipped, the window
// still spans them.
TEST(TrafficCli, ATrillionCycleTraceGapTakesNoTime) {
  const std::string trace = temp_dir() + "/wormsim_far.trace", json = temp_dir() + "/wormsim_far.json";
  std::ofstream(trace) << "5 0 3 4\n1000000000000 2 1 1\n";
  const CliResult r = run_wormsim("run --topology mesh:3x3 --trace " + trace + " --json " + json, "far_trace");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = read_json(json);
  EXPECT_EQ(j["delivered_packets"], 2);
  EXPECT_GT(j["cycles"].get<double>(), 1e12);
  EXPECT_GT(j["idle_cycles_skipped"].get<double>(), 0.99e12) << "the gap was skipped, not ticked through";
}

TEST(TrafficCli, ARunIsSilentOnANonTerminalAndQuietIsSilentEverywhere) {
  // 4096 nodes for ~3 s: long enough for a progress line if stderr were a terminal.
  const CliResult r = run_wormsim("run --topology mesh:16x16x16 --rate 0.05 --cycles 1500 --warmup 100", "silent");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "") << "no progress line into a file";
  const CliResult q = run_wormsim("run --topology mesh:4x4 --cycles 500 --quiet", "quiet");
  EXPECT_EQ(q.exit_code, 0);
  EXPECT_EQ(q.out + q.err, "");
  const CliResult v = run_wormsim("run --topology mesh:4x4 --traffic tornado --validate-only", "validate");
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_EQ(v.out, "scenario is valid\n");
  const CliResult vb = run_wormsim("run --topology petersen --traffic tornado --validate-only", "validate_bad");
  EXPECT_EQ(vb.exit_code, 2);
  EXPECT_NE(vb.err.find("traffic: tornado has no meaning on petersen"), std::string::npos) << vb.err;
}

TEST(TrafficCli, ListsComeFromTheTables) {
  const CliResult t = run_wormsim("run --traffic list", "tlist");
  EXPECT_EQ(t.exit_code, 0);
  for (const PatternInfo& p : traffic_patterns()) EXPECT_NE(t.out.find(p.name + ": "), std::string::npos) << p.name;
  const CliResult i = run_wormsim("run --injection list", "ilist");
  EXPECT_NE(i.out.find("onoff: "), std::string::npos);
  const CliResult u = run_wormsim("run --traffic nosuch", "tbad");
  EXPECT_EQ(u.exit_code, 2);
  EXPECT_NE(u.err.find("traffic: unknown traffic pattern 'nosuch'"), std::string::npos) << u.err;
}

}  // namespace
}  // namespace wormsim::test

namespace wormsim::test {
namespace {

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST(WavesCli, AWindowAndARouterFilterKeepTheWaveformSmall) {
  const std::string all = temp_dir() + "/wormsim_waves_all.vcd", cut = temp_dir() + "/wormsim_waves_cut.vcd";
  ASSERT_EQ(run_wormsim("run --topology mesh:4x4 --cycles 2000 --vcd " + all, "waves_all").exit_code, 0);
  const CliResult r = run_wormsim(
      "run --topology mesh:4x4 --cycles 2000 --vcd " + cut + " --vcd-window 1000:1100 --vcd-routers r1_1_0", "waves_cut");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string a = slurp(all), c = slurp(cut);
  // Router r1_1_0 (node 5 of the 4x4 mesh): 4 links out, 4 in, injection and
  // ejection, 10 signals each (8 flit, 2 credit); the whole fabric has 48 + 32 links.
  EXPECT_EQ(count_of(c, "$var"), 10u * 10u);
  EXPECT_EQ(count_of(a, "$var"), 80u * 10u);
  EXPECT_EQ(count_of(c, "$scope module r1_1_0 $end"), 1u);
  EXPECT_EQ(count_of(c, "$scope module r0_0_0 $end"), 0u);
  // Time stamps (100 ps units, 10 a cycle) only inside the window.
  std::size_t first = ~std::size_t{0}, last = 0;
  std::istringstream in(c.substr(c.find("$enddefinitions")));
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] == '#') {
      const std::size_t t = std::stoul(line.substr(1));
      first = std::min(first, t);
      last = std::max(last, t);
    }
  EXPECT_GE(first, 10000u);
  EXPECT_LE(last, 11000u);
  EXPECT_LT(c.size() * 50, a.size()) << "the cut waveform is a small part of the whole";
}

TEST(WavesCli, AnFstNameWritesFstAndALargeTraceIsAnnounced) {
  const std::string fst = temp_dir() + "/wormsim_waves.fst";
  const CliResult r = run_wormsim("run --topology mesh:4x4 --cycles 500 --vcd " + fst, "waves_fst");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string f = slurp(fst);
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f.find("$enddefinitions"), std::string::npos) << "an FST file, not VCD text";
  EXPECT_EQ(std::system(("fst2vcd " + fst + " 2>/dev/null | grep -q 'r1_1_0'").c_str()), 0) << "fst2vcd reads it";
  // 8x8x8 over 1,000 + 10,000 cycles is about a gigabyte of VCD: said on
  // stderr before the run starts (the run is stopped after a second).
  const std::string big = temp_dir() + "/wormsim_big.vcd", err = temp_dir() + "/wormsim_big.err";
  const std::string cmd = "timeout -s INT 1 " + std::string(WORMSIM_BIN) +
                          " run --topology mesh:8x8x8 --cycles 10000 --vcd " + big + " >/dev/null 2>" + err;
  (void)std::system(cmd.c_str());
  const std::string said = slurp(err);
  EXPECT_NE(said.find("wormsim: vcd: 3712 links over 11000 cycles: about 0."), std::string::npos) << said;
  EXPECT_NE(said.find("GB of VCD"), std::string::npos) << said;
  std::remove(big.c_str());
  const CliResult bad = run_wormsim("run --topology mesh:4x4 --vcd-routers r9_9_0 --vcd " + fst + ".x", "waves_bad");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("vcd_routers: 'r9_9_0' is not a router of mesh:4x4x1"), std::string::npos) << bad.err;
  const CliResult alone = run_wormsim("run --topology mesh:4x4 --vcd-window 10:20", "waves_alone");
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_NE(alone.err.find("vcd_window: selects the cycles of a waveform: give --vcd FILE too"), std::string::npos)
      << alone.err;
  const CliResult v = run_wormsim("run --topology mesh:4x4 --vcd " + fst + ".y --vcd-routers r7_0_0 --validate-only",
                                  "waves_validate");
  EXPECT_EQ(v.exit_code, 2) << "--validate-only checks the router names too";
}

}  // namespace
}  // namespace wormsim::test
