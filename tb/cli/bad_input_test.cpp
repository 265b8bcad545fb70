// Every bad input exits with code 2 and one line naming the field and what
// was expected, and writes no output file.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "cli_runner.h"

namespace wormsim::test {
namespace {

struct BadCase {
  BadCase(std::string n, std::string a, std::string f, std::string y = "")
      : name(std::move(n)), args(std::move(a)), field(std::move(f)), yaml(std::move(y)) {}
  std::string name, args, field;
  std::string yaml;  ///< if set: written to a file of this test's own, passed as --config
};

class BadInput : public ::testing::TestWithParam<BadCase> {};

void PrintTo(const BadCase& c, std::ostream* os) { *os << c.name; }

// Written inside the test, under a name of this process's own: test lists
// are built in every test process, so files written there would race.
std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = temp_dir() + "/wormsim_cfg_" + name + "_" + std::to_string(getpid()) + ".yaml";
  std::ofstream(path) << text;
  return path;
}

TEST_P(BadInput, ExitsTwoWithOneLineNamingTheField) {
  const BadCase& c = GetParam();
  const std::string json = temp_dir() + "/wormsim_bad_" + c.name + ".json";
  const std::string vcd = temp_dir() + "/wormsim_bad_" + c.name + ".vcd";
  std::filesystem::remove(json);
  std::filesystem::remove(vcd);
  std::string args = c.args;
  if (!c.yaml.empty()) args += " --config " + write_file(c.name, c.yaml);
  const CliResult r = run_wormsim("run " + args + " --cycles 10 --json " + json + " --vcd " + vcd,
                                  "bad_" + c.name);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "exactly one line: " << r.err;
  EXPECT_NE(r.err.find(c.field), std::string::npos) << "names the field '" << c.field << "': " << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_FALSE(std::filesystem::exists(json)) << "nothing half-written";
  EXPECT_FALSE(std::filesystem::exists(vcd)) << "nothing half-written";
}

std::vector<BadCase> cases() {
  return {
      {"zero_vcs", "--vcs 0", "vcs:"},
      {"negative_vcs", "--vcs -1", "vcs"},
      {"zero_buffer", "--buffer 0", "buffer:"},
      {"zero_link_latency", "--link-latency 0", "link_latency:"},
      {"link_latency_too_long", "--link-latency 65", "link_latency:"},
      {"link_latency_text", "--link-latency long", "link_latency:"},
      {"buffer_shorter_than_link_round_trip", "--link-latency 4 --buffer 9", "buffer:"},
      {"allow_shallow_not_bool", "--allow-shallow maybe", "allow_shallow:"},
      // The cost model (docs/energy.md, docs/floorplan.md): refused before any work.
      {"tile_mm_zero", "--tile-mm 0", "tile_mm:"},
      {"tile_mm_negative", "--tile-mm -2", "tile_mm"},
      {"floorplan_grid_too_small", "--topology 3pt:2x2x2 --routing 3pt-dor --vcs 6 --floorplan grid:8x8", "floorplan:"},
      {"floorplan_unknown", "--floorplan ring", "floorplan:"},
      {"floorplan_fractional_grid", "--floorplan grid:2.5x40", "floorplan:"},
      {"energy_table_for_another_router", "--topology mesh:4x4x4 --vcs 1 --buffer 4 --flit-bits 32 --energy s3pt_v1_b4_w32",
       "energy:"},
      {"energy_table_unknown", "--energy big_router", "energy:"},
      {"energy_table_file_missing", "--energy /nonexistent/table.json", "energy:"},
      {"energy_any_not_bool", "--energy-any maybe", "energy_any:"},
      {"z_layout_unknown", "--z-layout up", "z_layout:"},
      {"clock_zero", "--clock-mhz 0", "clock_mhz:"},
      {"link_latency_auto_without_a_clock", "--link-latency auto --energy none", "link_latency:"},
      {"clock_too_fast_for_a_link_register", "--topology mesh:4x4x4 --vcs 1 --link-latency auto --clock-mhz 3000",
       "clock_mhz:"},
      {"payload_activity_over_one", "--payload-activity 1.5", "payload_activity:"},
      {"yaml_tile_mm_negative", "", "tile_mm:", "tile_mm: -1\n"},
      {"zero_packet", "--packet 0", "packet:"},
      {"negative_packet", "--packet -4", "packet"},
      {"zero_size", "--topology mesh:0x4x4", "topology:"},
      {"negative_size", "--topology mesh:-2x4x4", "topology:"},
      {"garbled_size", "--topology mesh:4xAx4", "topology:"},
      {"unknown_topology", "--topology ring:8", "topology:"},
      {"unknown_routing", "--routing west-first", "routing:"},
      {"unknown_traffic", "--traffic tornado2", "traffic:"},
      {"rate_zero", "--rate 0", "rate:"},
      {"rate_above_one", "--rate 1.5", "rate:"},
      {"rate_negative", "--rate -0.1", "rate"},
      {"rate_text", "--rate fast", "rate:"},
      {"torus_one_vc", "--topology torus:4x4x4 --vcs 1", "vcs:"},
      {"transpose_not_square", "--topology mesh:4x2 --traffic transpose", "traffic:"},
      {"hotspot_outside", "--traffic hotspot --hotspot-node 999 --topology mesh:4x4", "hotspot_node:"},
      {"eject_rate_zero", "--eject-rate 0", "eject_rate:"},
      {"flit_bits_odd", "--flit-bits 40", "flit_bits:"},
      {"flit_bits_small", "--flit-bits 16", "flit_bits:"},
      {"missing_config", "--config /nonexistent/wormsim.yaml", "config:"},
      {"malformed_yaml", "", "config:", "vcs: [2, \ntopology: {"},
      {"unknown_yaml_key", "", "config:", "vcs: 2\nbuffers: 8\n"},
      {"yaml_bad_value", "", "rate:", "rate: 2.5\n"},
      {"json_dir_missing", "--json /nonexistent/dir/out.json", "json:"},
      {"unknown_flag", "--speed 9", "--speed"},
      {"pt_too_small", "--topology 3pt:1x3x3", "topology:"},
      {"pt_two_dims", "--topology 3pt:3x3", "topology:"},
      {"layered_too_few_vcs", "--topology 3pt:2x2x2 --vcs 2", "vcs:"},
      {"dor_on_3pt", "--topology 3pt:2x2x2 --routing dor", "routing:"},
      {"bad_bool", "--deadlock-check maybe", "deadlock_check:"},
      {"unknown_selection", "--selection random", "selection:"},
      {"unknown_arbitration", "--arbitration lottery", "arbitration:"},
      {"pt_dor_on_mesh", "--topology mesh:4x4 --routing 3pt-dor", "routing:"},
      {"adaptive_too_few_vcs", "--topology torus:4x4 --routing adaptive --vcs 2", "vcs:"},
      {"pt_dor_too_few_vcs", "--topology 3pt:2x2x2 --routing 3pt-dor --vcs 5", "vcs:"},
      {"link_csv_dir_missing", "--link-csv /nonexistent/dir/links.csv", "link_csv:"},
      {"yaml_unknown_routing", "", "routing:", "routing: west-first\n"},
      {"fp_zero", "--topology fp:0", "topology:"},
      {"rfp_zero", "--topology rfp:0", "topology:"},
      {"fp_too_big", "--topology fp:6", "topology:"},
      {"arrangement_k_equals_n", "--topology arrangement:5,5", "topology:"},
      {"arrangement_k_zero", "--topology arrangement:5,0", "topology:"},
      {"arrangement_too_many_nodes", "--topology arrangement:20,10", "topology:"},
      {"rfp_type_two", "--topology rfp-ii:2", "topology:"},
      {"transpose_on_fp", "--topology fp:2 --traffic transpose", "traffic:"},
      {"bitcomp_on_arrangement", "--topology arrangement:5,2 --traffic bitcomp", "traffic:"},
      {"fp_dor_on_rfp", "--topology rfp:2 --routing fp-dor", "routing:"},
      {"ag_greedy_on_fp", "--topology fp:2 --routing ag-greedy", "routing:"},
      {"hamiltonian_on_rfp", "--topology rfp:2 --routing hamiltonian", "routing:"},
      {"dor_on_arrangement", "--topology arrangement:5,2 --routing dor", "routing:"},
      {"arrangement_too_many_vcs", "--topology arrangement:8,3 --vcs 5", "vcs:"},
      // Regressions (each gave a wrong answer or exit 1 before): a rate that
      // overflowed the geometric gap, NaN and infinity, a watchdog shorter
      // than the pipeline's own stalls, a directory as the scenario file.
      {"rate_tiny", "--rate 1e-300", "rate:"},
      {"rate_nan", "--rate nan", "rate:"},
      {"rate_inf", "--rate inf", "rate:"},
      {"yaml_rate_tiny", "", "rate:", "rate: 1e-12\n"},
      {"watchdog_shorter_than_the_pipeline", "--watchdog 1", "watchdog:"},
      {"config_is_a_directory", "--config /tmp", "config:"},
      // Ambiguous input (the second bad-input round): shares that do not sum
      // to 1, a key given twice, a second document, an empty value, a number
      // in another syntax than decimal, special floats, a value past the range
      // the help states.
      {"shares_as_weights", "--packet 1:4,5:1", "packet:"},
      {"shares_over_one", "--packet 1:0.8,5:0.3", "packet:"},
      {"shares_under_one", "--packet 1:0.5", "packet:"},
      {"yaml_duplicate_key", "", "rate:", "rate: 0.1\nrate: 0.2\n"},
      {"yaml_second_document", "", "config:", "rate: 0.1\n---\nrate: 0.2\n"},
      {"yaml_empty_trace", "", "trace:", "trace: \"\"\n"},
      {"yaml_empty_routing", "", "routing:", "routing: ''\n"},
      {"empty_trace_flag", "--trace ''", "--trace:"},
      {"empty_config_flag", "--config ''", "--config:"},
      {"empty_topology_flag", "--topology ''", "--topology:"},
      {"hex_float_rate", "--rate 0x1p-3", "rate:"},
      {"hex_float_burst", "--injection onoff --burst 0x10", "burst:"},
      {"hex_float_share", "--packet 1:0x1p-1,2:0.5", "packet:"},
      {"infinity_word_rate", "--rate infinity", "rate:"},
      {"spaced_rate", "--rate ' 0.1'", "rate:"},
      {"yaml_nan_rate", "", "rate:", "rate: .nan\n"},
      {"yaml_inf_burst", "", "burst:", "injection: onoff\nburst: .inf\n"},
      {"yaml_hex_int", "", "vcs:", "vcs: 0x2\n"},
      {"local_ports_past_help", "--local-ports 17", "local_ports:"},
      {"empty_wave_window", "--vcd-window 100:100", "vcd_window:"},
      {"reversed_wave_window", "--vcd-window 100:99", "vcd_window:"},
  };
}

// Every integer setting's help states its range, and the check refuses the
// values just outside it with the same range: both come from one table.
void expect_ranges_checked(const std::string& command, const std::string& context, unsigned at_least) {
  const CliResult help = run_wormsim(command + " --help", "help_ranges");
  ASSERT_EQ(help.exit_code, 0);
  std::istringstream in(help.out);
  unsigned ranges = 0;
  for (std::string line; std::getline(in, line);) {
    const auto flag_at = line.find("--");
    const auto open = line.find(" (");
    if (flag_at == std::string::npos || open == std::string::npos) continue;
    const std::string flag = line.substr(flag_at, line.find(' ', flag_at) - flag_at);
    unsigned long long lo = 0, hi = 0;
    char dash = 0, close = 0;
    std::istringstream r(line.substr(open + 2));
    if (!(r >> lo >> dash >> hi >> close) || dash != '-' || (close != ')' && close != ';')) continue;
    ++ranges;
    std::string field = flag.substr(2);
    for (char& c : field)
      if (c == '-') c = '_';
    std::vector<unsigned long long> outside;
    if (hi != ~0ull) outside.push_back(hi + 1);
    if (lo > 0) outside.push_back(lo - 1);
    for (unsigned long long v : outside) {
      const CliResult c = run_wormsim(command + " " + context + " " + flag + " " + std::to_string(v), "help_range");
      EXPECT_EQ(c.exit_code, 2) << flag << " " << v << " is outside the help's " << lo << "-" << hi;
      EXPECT_EQ(c.err.rfind("wormsim: " + field + ": ", 0), 0u) << flag << " " << v << ": " << c.err;
      EXPECT_NE(c.err.find(" " + std::to_string(lo) + " to " + std::to_string(hi)), std::string::npos)
          << flag << " " << v << ": the message states another range: " << c.err;
    }
  }
  EXPECT_GE(ranges, at_least) << "the help states the ranges of the integer settings:\n" << help.out;
}

TEST(BadInputHelp, EveryStatedRangeIsTheCheck) {
  expect_ranges_checked("run", "--validate-only", 10);
  expect_ranges_checked("broadcast", "--topology mesh:2x2", 6);
}

// A huge argument is echoed cut, in one line of bounded length.
TEST(BadInputHelp, AHugeValueIsEchoedCutInOneLine) {
  const std::string path = write_file("huge", "topology: " + std::string(10'000'000, 'a') + "\n");
  const CliResult r = run_wormsim("run --config " + path, "huge");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("wormsim: topology: ", 0), 0u) << r.err.substr(0, 200);
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1);
  EXPECT_LT(r.err.size(), 600u);
  EXPECT_NE(r.err.find("characters cut"), std::string::npos) << r.err;
  const CliResult f = run_wormsim("run --topology mesh:4x4 --rate " + std::string(100'000, '9'), "huge_flag");
  EXPECT_EQ(f.exit_code, 2);
  EXPECT_LT(f.err.size(), 600u);
  std::filesystem::remove(path);
}

INSTANTIATE_TEST_SUITE_P(Cli, BadInput, ::testing::ValuesIn(cases()),
                         [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace wormsim::test
