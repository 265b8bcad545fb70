// wormsim broadcast: the summary, the JSON and CSV files, the algorithm list,
// and bad input (exit 2, one line naming the field, nothing written).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_runner.h"

namespace wormsim::test {
namespace {

std::string own(const std::string& name) {
  return temp_dir() + "/wormsim_bc_" + name + "_" + std::to_string(getpid());
}

TEST(BroadcastCli, ListsTheAlgorithms) {
  const CliResult r = run_wormsim("broadcast --algo list", "bc_list");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("bfs-all-port"), std::string::npos);
  EXPECT_NE(r.out.find("greedy-one-port"), std::string::npos);
}

TEST(BroadcastCli, JsonAndCsvSayEveryNodeReceivedOnce) {
  const std::string json = own("ok") + ".json", csv = own("ok") + ".csv";
  const CliResult r = run_wormsim("broadcast --topology 3pt:2x2x3 --algo greedy-one-port --ports one --source 17 "
                                  "--flits 6 --startup 12 --json " + json + " --csv " + csv,
                                  "bc_ok");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("each exactly once"), std::string::npos) << r.out;
  std::ifstream in(json);
  const nlohmann::json j = nlohmann::json::parse(in);
  for (const char* key : {"algorithm", "topology", "source", "steps", "completion_cycle", "nodes_reached", "worms"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["algorithm"], "greedy-one-port");
  EXPECT_EQ(j["source"], 17);
  EXPECT_EQ(j["nodes_reached"], 119);
  EXPECT_EQ(j["worms"], 119);
  EXPECT_TRUE(j["exactly_once"].get<bool>());
  EXPECT_GE(j["steps"].get<unsigned>(), j["lower_bound_steps"].get<unsigned>());
  std::ifstream c(csv);
  std::string line;
  unsigned rows = 0, ones = 0;
  std::getline(c, line);
  EXPECT_EQ(line, "node,name,step,arrival_cycle,receipts");
  while (std::getline(c, line)) {
    ++rows;
    if (line.substr(line.rfind(',') + 1) == "1") ++ones;
  }
  EXPECT_EQ(rows, 120u);
  EXPECT_EQ(ones, 119u);
  std::filesystem::remove(json);
  std::filesystem::remove(csv);
}

TEST(BroadcastCli, WormAlgorithmsReachEveryNodeOnceInTheirPhases) {
  for (const auto& [algo, phases] : std::vector<std::pair<std::string, int>>{{"dual-path", 1}, {"3-dbl", 2}, {"3-dbs", 3}}) {
    const std::string json = own(algo) + ".json";
    const CliResult r = run_wormsim("broadcast --topology mesh:4x4x4 --algo " + algo +
                                        " --source 21 --flits 8 --startup 10 --json " + json,
                                    "bc_" + algo);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::ifstream in(json);
    const nlohmann::json j = nlohmann::json::parse(in);
    EXPECT_EQ(j["kind"], "worms");
    EXPECT_EQ(j["startup_phases"], phases) << algo;
    // The store-and-forward step count and its bound do not describe worms.
    EXPECT_FALSE(j.contains("steps")) << algo;
    EXPECT_FALSE(j.contains("lower_bound_steps")) << algo;
    EXPECT_EQ(j["nodes_reached"], 63) << algo;
    EXPECT_TRUE(j["exactly_once"].get<bool>()) << algo;
    EXPECT_LT(j["worms"].get<unsigned>(), 63u) << algo << ": worms carry many destinations";
  }
}

TEST(BroadcastCli, WormAlgorithmsOnePortSerializeTheirWorms) {
  for (const auto& [algo, all_port] : std::vector<std::pair<std::string, int>>{{"dual-path", 1}, {"3-dbl", 2}, {"3-dbs", 3}}) {
    const std::string json = own(algo + "_one") + ".json";
    const CliResult r = run_wormsim("broadcast --topology mesh:4x4x4 --algo " + algo +
                                        " --ports one --source 21 --flits 8 --startup 10 --json " + json,
                                    "bc_one_" + algo);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::ifstream in(json);
    const nlohmann::json j = nlohmann::json::parse(in);
    EXPECT_EQ(j["ports"], "one");
    EXPECT_GT(j["startup_phases"].get<int>(), all_port) << algo << ": one worm per node per start-up";
    EXPECT_TRUE(j["exactly_once"].get<bool>()) << algo;
  }
}

TEST(BroadcastCli, DualPathMulticastReachesExactlyTheDestinations) {
  const std::string csv = own("mc") + ".csv";
  const CliResult r = run_wormsim("broadcast --topology 3pt:2x2x2 --algo dual-path --source 33 "
                                  "--dests 1,79,40,12,60 --flits 4 --csv " + csv, "bc_mc");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("nodes reached: 5 of 5, each exactly once"), std::string::npos) << r.out;
  std::ifstream c(csv);
  std::string line;
  unsigned rows = 0;
  std::getline(c, line);
  while (std::getline(c, line)) ++rows;
  EXPECT_EQ(rows, 6u) << "the source and the five destinations";
}

TEST(CheckDeadlockCli, WormsPerClassAcyclicSharedCycleThroughAnEjectionChannel) {
  const CliResult ok = run_wormsim("check-deadlock --topology mesh:4x4x4 --worms all", "cd_worms_ok");
  EXPECT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  EXPECT_NE(ok.out.find("deadlock-free"), std::string::npos);
  const CliResult bad =
      run_wormsim("check-deadlock --topology mesh:4x4x4 --worms lines --consumption shared", "cd_worms_bad");
  EXPECT_EQ(bad.exit_code, 3) << bad.out << bad.err;
  EXPECT_NE(bad.out.find(":local0:vc"), std::string::npos) << bad.out;
  const CliResult word = run_wormsim("check-deadlock --worms some", "cd_worms_word");
  EXPECT_EQ(word.exit_code, 2);
  EXPECT_NE(word.err.find("worms:"), std::string::npos) << word.err;
}

TEST(BroadcastCli, ConcurrentWormsOnOneEjectionChannelExitThreeNamingTheCycle) {
  const std::string common = "broadcast --topology mesh:4x4x4 --algo dual-path --concurrent 60 --spread 200 "
                             "--flits 32 --buffer 2 --vcs 1 --eject-rate 0.5 --seed 3 ";
  const CliResult bad = run_wormsim(common + "--local-ports 1 --consumption shared", "bc_conc_bad");
  EXPECT_EQ(bad.exit_code, 3) << bad.out << bad.err;
  EXPECT_NE(bad.err.find("waits for local0:vc0"), std::string::npos) << bad.err;
  const CliResult good = run_wormsim(common + "--local-ports 2", "bc_conc_good");
  EXPECT_EQ(good.exit_code, 0) << good.out << good.err;
  EXPECT_NE(good.out.find("every node received every broadcast exactly once"), std::string::npos) << good.out;
}

struct Bad {
  std::string name, args, field;
};

class BroadcastBadInput : public ::testing::TestWithParam<Bad> {};

void PrintTo(const Bad& b, std::ostream* os) { *os << b.name; }

TEST_P(BroadcastBadInput, ExitsTwoWithOneLineNamingTheField) {
  const Bad& b = GetParam();
  const std::string json = own(b.name) + ".json", csv = own(b.name) + ".csv";
  std::string args = "broadcast " + b.args;
  if (b.args.find("--json") == std::string::npos) args += " --json " + json;
  args += " --csv " + csv;
  const CliResult r = run_wormsim(args, "bc_bad_" + b.name);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_NE(r.err.find(b.field), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(json));
  EXPECT_FALSE(std::filesystem::exists(csv));
}

INSTANTIATE_TEST_SUITE_P(
    Cli, BroadcastBadInput,
    ::testing::Values(Bad{"unknown_algo", "--algo flood", "algo:"},
                      Bad{"source_outside", "--topology mesh:4x4 --source 16", "source:"},
                      Bad{"source_negative", "--source -1", "source:"},
                      Bad{"zero_flits", "--flits 0", "flits:"},
                      Bad{"negative_startup", "--startup -5", "startup:"},
                      Bad{"huge_startup", "--startup 99999999999999", "startup:"},
                      Bad{"ports_word", "--ports some", "ports:"},
                      Bad{"ports_mismatch", "--algo bfs-all-port --ports one", "ports:"},
                      Bad{"bad_topology", "--topology 3pt:1x2x2", "topology:"},
                      Bad{"json_dir_missing", "--json /nonexistent/dir/b.json", "json:"},
                      Bad{"dbs_on_3pt", "--topology 3pt:2x2x2 --algo 3-dbs", "algo:"},
                      Bad{"dests_not_a_node", "--algo dual-path --dests 3,80", "dests:"},
                      Bad{"dests_twice", "--algo dual-path --dests 3,3", "dests:"},
                      Bad{"dests_with_bfs", "--algo bfs-all-port --dests 3", "dests:"},
                      Bad{"consumption_word", "--algo dual-path --consumption some", "consumption:"},
                      Bad{"concurrent_zero", "--concurrent 0", "concurrent:"},
                      Bad{"eject_rate_zero", "--eject-rate 0", "eject_rate:"},
                      Bad{"lin_jan_fp_on_rfp", "--topology rfp:2 --algo lin-jan-fp", "algo:"},
                      Bad{"bai_on_fp", "--topology fp:2 --algo bai-okn", "algo:"},
                      Bad{"dual_path_on_rfp", "--topology rfp:2 --algo dual-path", "algo:"},
                      Bad{"all_port_too_wide", "--topology arrangement:8,3 --algo bfs-all-port --local-ports 15", "vcs:"}),
    [](const auto& p) { return p.param.name; });

// The second bad-input round: start-ups inside the documented range finish
// (no internal error), the defaults form a valid run on every family (A(6,3)
// has 9 ports: one local port each would pass 64 (port, VC) pairs), and
// empty or non-decimal values are refused.
TEST(BroadcastCli, LongStartUpsAndDefaultsAlwaysRun) {
  const std::string json = own("long") + ".json";
  const CliResult r = run_wormsim("broadcast --topology 3pt:2x2x2 --startup 2000000 --flits 4 --json " + json, "bc_long");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(json);
  const nlohmann::json j = nlohmann::json::parse(in);
  // bfs-all-port from node 0 of 3PT(2,2,2): eccentricity 6, per step beta + 3 + L + 4, plus a cycle per hop.
  EXPECT_EQ(j["completion_cycle"].get<unsigned long long>(), 6ull * (2000000 + 3 + 4 + 4) + 5);
  std::filesystem::remove(json);
  for (const char* spec : {"arrangement:6,3", "arrangement:7,3", "arrangement:6,4", "fp:3", "rfp:3", "petersen",
                           "torus:3x3x3", "mesh:3x3x3", "3pt:2x2x2"}) {
    const CliResult d = run_wormsim(std::string("broadcast --topology ") + spec, "bc_default");
    EXPECT_EQ(d.exit_code, 0) << spec << ": " << d.err;
  }
}

TEST(BroadcastCli, EmptyAndNonDecimalValuesAreRefused) {
  for (const char* args : {"--dests ''", "--json ''", "--csv ''", "--topology ''", "--startup 0x10", "--flits 1e1",
                           "--eject-rate 0x1p-1", "--eject-rate inf", "--source ' 3'", "--seed 0b1", "--seed -1"}) {
    const CliResult r = run_wormsim(std::string("broadcast --algo dual-path ") + args, "bc_empty");
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.out;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << args << ": " << r.err;
  }
  const CliResult ten = run_wormsim("broadcast --flits 010", "bc_octal");
  EXPECT_NE(ten.out.find("10-flit messages"), std::string::npos) << "010 is ten, not octal eight: " << ten.out;
}

}  // namespace
}  // namespace wormsim::test
