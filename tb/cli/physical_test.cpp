// The cost model of `wormsim run` (docs/energy.md, docs/floorplan.md): the
// energy it reports is the recorded table applied to the run's events
// (recomputed here from the table files themselves), the time figures follow
// the clock, the link lengths and latencies follow the floorplan and the
// wire table, and a router without a table gets no energy, said so.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_runner.h"

namespace wormsim::test {
namespace {

nlohmann::json read_json(const std::string& path) { return nlohmann::json::parse(slurp(path)); }
nlohmann::json recorded(const std::string& file) {
  return read_json(std::string(WORMSIM_SOURCE_DIR) + "/rtl/phys/osu018/" + file);
}

struct RunOut {
  nlohmann::json j;
  std::string out;
};

RunOut run_json(const std::string& args, const std::string& tag) {
  const std::string json = temp_dir() + "/wormsim_phys_" + tag + ".json";
  const CliResult r = run_wormsim("run " + args + " --json " + json, "phys_" + tag);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return {read_json(json), r.out};
}

std::vector<std::vector<std::string>> read_csv(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> cells;
    std::stringstream s(line);
    for (std::string c; std::getline(s, c, ',');) cells.push_back(c);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    rows.push_back(cells);
  }
  return rows;
}

double interpolate(const nlohmann::json& t, const char* zero, const char* random, double a) {
  const double a0 = t["payload_toggle_rate"]["zero"], a1 = t["payload_toggle_rate"]["random"];
  const double e0 = t["events_pj"][zero], e1 = t["events_pj"][random];
  const double f = std::min(std::max((a - a0) / (a1 - a0), 0.0), 1.0);
  return e0 + (e1 - e0) * f;
}

const std::string kMesh = "--topology mesh:4x4x4 --vcs 1 --buffer 4 --flit-bits 32 --rate 0.15 --warmup 300 "
                          "--cycles 3000 --seed 5";

TEST(Physical, RouterEnergyIsTheRecordedTableAppliedToTheRunsEvents) {
  const RunOut r = run_json(kMesh, "mesh");
  const auto& p = r.j["physical"];
  ASSERT_EQ(p["energy_table"], "smesh_v1_b4_w32") << p.dump(1);
  EXPECT_NE(r.out.find("energy: table smesh_v1_b4_w32 (recorded, dimension order; same ports, VCs, depth and width)"), std::string::npos) << r.out;
  const nlohmann::json t = recorded("smesh_v1_b4_w32.json");
  const double a = p["payload_activity"];
  const auto& ev = p["events"];
  const double writes = ev["writes"], heads = ev["heads"], forwards = ev["forwards"];
  const double events = writes * interpolate(t, "flit_write", "flit_write_random", a) +
                        heads * t["events_pj"]["head"].get<double>() +
                        forwards * (interpolate(t, "flit_forward", "flit_forward_random", a) +
                                    t["events_pj"]["credit"].get<double>());
  EXPECT_NEAR(p["energy_pj"]["router_events"].get<double>(), events, 1e-6 * events);
  const double cycles = r.j["measure_cycles"], nodes = r.j["nodes"];
  EXPECT_NEAR(p["energy_pj"]["clock"].get<double>(), nodes * cycles * t["events_pj"]["idle_cycle"].get<double>(), 1e-3);
  // the events are the traffic: every flit written is forwarded (the window's
  // edges aside), a 4-flit packet has one head, and each delivered flit
  // crossed (average distance + 1) routers
  EXPECT_NEAR(forwards / writes, 1.0, 0.01);
  EXPECT_NEAR(writes / heads, 4.0, 0.05);
  const double delivered = r.j["throughput"].get<double>() * nodes * cycles;
  const CliResult topo = run_wormsim("topo mesh:4x4x4", "phys_topo");
  const auto at = topo.out.find("average distance: ");
  ASSERT_NE(at, std::string::npos) << topo.out;
  const double distance = std::stod(topo.out.substr(at + 18));
  EXPECT_NEAR(forwards / delivered, distance + 1.0, 0.03 * (distance + 1.0));
  const auto& e = p["energy_pj"];
  const double total = e["total"];
  EXPECT_NEAR(total, e["router_events"].get<double>() + e["links"].get<double>() + e["clock"].get<double>() +
                         e["leakage"].get<double>(), 1e-6 * total);
  EXPECT_NEAR(p["pj_per_flit"].get<double>(), total / delivered, 1e-6 * total / delivered);
  EXPECT_NEAR(p["pj_per_flit_hop"].get<double>(), total / forwards, 1e-6 * total / forwards);
  EXPECT_NEAR(p["power_mw"].get<double>(), total / p["window_ns"].get<double>(), 1e-9 * total);
}

TEST(Physical, LinksHaveTheFloorplansLengthAndTheWiresEnergy) {
  const std::string csv = temp_dir() + "/wormsim_phys_links.csv";
  const RunOut r = run_json(kMesh + " --link-csv " + csv, "links");
  const auto& p = r.j["physical"];
  const nlohmann::json t = recorded("smesh_v1_b4_w32.json"), w = recorded("wires.json");
  const double tile = std::sqrt(t["area_um2"].get<double>() / 1e6 + 4.0);  // the default core: 4 mm2
  const double tsv_mm = w["tsv"]["length_um"].get<double>() / 1000;
  EXPECT_NEAR(p["tile_mm"].get<double>(), tile, 1e-9);
  const auto rows = read_csv(csv);
  ASSERT_GT(rows.size(), 100u);
  EXPECT_EQ(rows[0][6], "length_mm");
  double links = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    ASSERT_EQ(rows[i].size(), 10u) << i;
    // stacked (the default): x and y links are one tile, z links one TSV
    const bool z = rows[i][1][0] == 'z';
    EXPECT_NEAR(std::stod(rows[i][6]), z ? tsv_mm : tile, 1e-5) << rows[i][1];
    EXPECT_EQ(rows[i][7], "1");
    const double flits = std::stod(rows[i][4]);
    const double fj = z ? w["tsv"]["energy_fj_per_bit_transition"].get<double>()
                        : tile * w["energy_fj_per_bit_transition_per_mm"].get<double>();
    const double pj = flits * 32 * 0.5 * fj / 1000;
    EXPECT_NEAR(std::stod(rows[i][8]), pj, 1e-3 * pj + 1e-3);
    links += std::stod(rows[i][8]);
    EXPECT_GT(std::stod(rows[i][9]), 0.0) << "the driving router's power";
  }
  EXPECT_NEAR(p["energy_pj"]["links"].get<double>(), links, 1e-3 * links);
  // a torus is folded: every link two tiles at most, some exactly two
  const std::string tcsv = temp_dir() + "/wormsim_phys_torus.csv";
  const RunOut tr = run_json("--topology torus:4x4x4 --vcs 2 --rate 0.05 --warmup 100 --cycles 500 --tile-mm 3 --link-csv " +
                              tcsv, "torus");
  unsigned two = 0;
  for (const auto& row : read_csv(tcsv)) {
    if (row[0] == "from") continue;
    const double mm = std::stod(row[6]);
    EXPECT_TRUE(std::fabs(mm - 3) < 1e-9 || std::fabs(mm - 6) < 1e-9 || (mm > 0 && mm <= 0.1 + 1e-9)) << mm;
    two += std::fabs(mm - 6) < 1e-9;
  }
  EXPECT_GT(two, 0u);
  EXPECT_EQ(tr.j["physical"]["tile_source"], "--tile-mm");
}

TEST(Physical, TheClockScalesTimeAndPowerButNoCycle) {
  const RunOut slow = run_json(kMesh + " --clock-mhz 50", "slow");
  const RunOut fast = run_json(kMesh + " --clock-mhz 100", "fast");
  EXPECT_EQ(slow.j["avg_latency"], fast.j["avg_latency"]);
  const auto &s = slow.j["physical"], &f = fast.j["physical"];
  EXPECT_NEAR(s["avg_latency_ns"].get<double>(), slow.j["avg_latency"].get<double>() * 20.0, 1e-9);
  EXPECT_NEAR(f["avg_latency_ns"].get<double>(), fast.j["avg_latency"].get<double>() * 10.0, 1e-9);
  EXPECT_NEAR(f["throughput_gbps_per_node"].get<double>(), fast.j["throughput"].get<double>() * 32 * 0.1, 1e-12);
  EXPECT_EQ(s["energy_pj"]["router_events"], f["energy_pj"]["router_events"]);
  EXPECT_NEAR(s["energy_pj"]["leakage"].get<double>(), 2 * f["energy_pj"]["leakage"].get<double>(), 1e-9);
  EXPECT_NEAR(f["power_mw"].get<double>() / s["power_mw"].get<double>(), 2.0, 1e-3);
}

TEST(Physical, AutoLinkLatencyIsTheWireDelayOverTheClock) {
  // planar 3PT at 1 GHz: its folded z rings' links span several tiles
  const std::string csv = temp_dir() + "/wormsim_phys_auto.csv";
  const RunOut r = run_json("--topology 3pt:3x3x4 --routing 3pt-dor --vcs 6 --buffer 8 --flit-bits 32 --rate 0.02 "
                         "--warmup 200 --cycles 1000 --link-latency auto --clock-mhz 1000 --z-layout planar "
                         "--allow-shallow true --link-csv " + csv,
                         "auto");
  const auto& p = r.j["physical"];
  EXPECT_EQ(r.j["link_latency"], "auto");
  const nlohmann::json w = recorded("wires.json");
  const double budget = 1000.0 - w["register"]["clk_to_q_ps"].get<double>() - w["register"]["setup_ps"].get<double>();
  unsigned longest = 0;
  for (const auto& row : read_csv(csv)) {
    if (row[0] == "from") continue;
    const double mm = std::stod(row[6]);
    const unsigned want = std::max(1u, static_cast<unsigned>(std::ceil(mm * w["delay_ps_per_mm"].get<double>() / budget - 1e-6)));
    EXPECT_EQ(std::stoul(row[7]), want) << row[0] << " " << row[1] << " " << mm << " mm";
    longest = std::max(longest, want);
  }
  EXPECT_GT(longest, 1u) << "some link needs more than one cycle";
  EXPECT_EQ(p["link_latency_max"], longest);
  EXPECT_NE(r.out.find("-cycle links (auto)"), std::string::npos) << r.out;
  // the same run with 1-cycle links is faster: the latencies are simulated
  const RunOut one = run_json("--topology 3pt:3x3x4 --routing 3pt-dor --vcs 6 --buffer 8 --flit-bits 32 --rate 0.02 "
                           "--warmup 200 --cycles 1000 --clock-mhz 1000 --z-layout planar",
                           "auto_one");
  EXPECT_LT(one.j["avg_latency"].get<double>(), r.j["avg_latency"].get<double>());
}

TEST(Physical, AutoLinkLatenciesRunTheSameUnderSystemC) {
  // per-link latencies reach the port-level fabric's link pipelines too:
  // the waveform run (SystemC kernel) delivers in the same cycles
  const std::string args = "--topology 3pt:2x2x3 --routing 3pt-dor --vcs 6 --buffer 8 --flit-bits 32 --rate 0.05 "
                           "--warmup 100 --cycles 600 --link-latency auto --clock-mhz 1500 --z-layout planar "
                           "--allow-shallow true";
  const RunOut plain = run_json(args, "auto_plain");
  const RunOut waves = run_json(args + " --vcd " + temp_dir() + "/wormsim_phys_auto.vcd --vcd-routers 0", "auto_waves");
  ASSERT_GT(plain.j["physical"]["link_latency_max"].get<unsigned>(), 1u);
  for (const char* key : {"avg_latency", "max_latency", "delivered_flits", "throughput"})
    EXPECT_EQ(plain.j[key], waves.j[key]) << key;
}

TEST(Physical, ARouterWithoutATableGetsNoEnergyAndSaysWhy) {
  const RunOut r = run_json("--topology petersen --rate 0.05 --warmup 100 --cycles 500", "petersen");
  EXPECT_NE(r.out.find("energy: none: no router with 3+1 ports is characterized"), std::string::npos) << r.out;
  EXPECT_FALSE(r.j["physical"].contains("energy_pj"));
  EXPECT_EQ(r.j["physical"]["energy_table"], "");
  // with a clock given, nanoseconds still come
  const RunOut c = run_json("--topology petersen --rate 0.05 --warmup 100 --cycles 500 --clock-mhz 200", "petersen_clock");
  EXPECT_NEAR(c.j["physical"]["avg_latency_ns"].get<double>(), c.j["avg_latency"].get<double>() * 5.0, 1e-9);
}

TEST(Physical, ANamedTableForAnotherRouterIsUsedOnlyWhenAskedAndSaid) {
  const std::string args = "--topology mesh:4x4x4 --vcs 1 --buffer 4 --flit-bits 32 --rate 0.05 --warmup 100 "
                           "--cycles 500 --energy s3pt_v1_b4_w32";
  const CliResult refused = run_wormsim("run " + args, "phys_foreign");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err.rfind("wormsim: energy: table s3pt_v1_b4_w32 is for another router: network ports 4 (run: 6)", 0),
            0u)
      << refused.err;
  const RunOut r = run_json(args + " --energy-any true", "foreign");
  EXPECT_TRUE(r.j["physical"]["energy_table_for_another_router"].get<bool>());
  EXPECT_NE(r.out.find("[ANOTHER ROUTER, as named]"), std::string::npos) << r.out;
  // a table file (scripts/energy's output) is read as given
  const RunOut f = run_json("--topology mesh:4x4x4 --vcs 1 --buffer 4 --flit-bits 32 --rate 0.05 --warmup 100 "
                         "--cycles 500 --energy " + std::string(WORMSIM_SOURCE_DIR) +
                         "/rtl/phys/osu018/smesh_v1_b4_w32.json",
                         "file");
  EXPECT_EQ(f.j["physical"]["energy_table"], "smesh_v1_b4_w32");
  EXPECT_NE(f.j["physical"]["energy_note"].get<std::string>().find("/rtl/phys/osu018/smesh_v1_b4_w32.json"),
            std::string::npos);
}

}  // namespace
}  // namespace wormsim::test
