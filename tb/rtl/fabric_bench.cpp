// rtl_fabric_bench: one run of the 4x4x4 mesh under the SystemC kernel with
// a chosen set of routers as the verilated RTL, for speed (scripts/bench
// --rtl) and for waves (scripts/waves --rtl-fabric).
// Usage: rtl_fabric_bench {model|rtl|checkerboard} [--rate R] [--warmup N] [--cycles N]
//        [--seed S] [--vcd FILE] [--fst FILE]
// Prints one line: mode, cycles, wall seconds, node-cycles/s, packets.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include <systemc>
#include <verilated.h>

#include "Vfabric_router.h"
#include "rtl/fabric_model.h"
#include "rtl/mixed_fabric.h"

namespace {

int usage(const std::string& why) {
  std::cerr << "rtl_fabric_bench: " << why
            << "\nusage: rtl_fabric_bench {model|rtl|checkerboard} [--rate R] [--warmup N] [--cycles N] [--seed S]"
               " [--vcd FILE] [--fst FILE]\n";
  return 2;
}

}  // namespace

int sc_main(int argc, char** argv) {
  using namespace wormsim;
  using namespace wormsim::test;
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  if (argc < 2) return usage("missing mode");
  const std::string mode = argv[1];
  MixedFabricConfig cfg;
  cfg.scenario = fabric_scenario();
  Scenario& s = cfg.scenario;
  s.rate = 0.2;
  s.warmup = 1000;
  s.cycles = 20000;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--rate") s.rate = std::stod(value);
    else if (flag == "--cycles") s.cycles = std::stoull(value);
    else if (flag == "--warmup") s.warmup = std::stoull(value);
    else if (flag == "--seed") s.seed = std::stoull(value);
    else if (flag == "--vcd") cfg.vcd = value;
    else if (flag == "--fst") cfg.fst = value;
    else return usage("unknown flag " + flag);
  }
  if ((argc - 2) % 2 != 0) return usage("every flag takes a value");
  if (mode == "rtl") cfg.rtl_nodes = every_router();
  else if (mode == "checkerboard") cfg.rtl_nodes = checkerboard_routers();
  else if (mode != "model") return usage("unknown mode " + mode);
  const MixedFabricResult r = run_mixed<Vfabric_router>(cfg);
  const double node_cycles = double{kFabricNodes} * static_cast<double>(r.results.cycles);
  std::printf("%s routers=%zu/64 rate=%.2f cycles=%llu wall=%.3f s node-cycles/s=%.0f packets=%llu/%llu\n",
              mode.c_str(), cfg.rtl_nodes.size(), s.rate, static_cast<unsigned long long>(r.results.cycles),
              r.wall_seconds, node_cycles / r.wall_seconds,
              static_cast<unsigned long long>(r.results.delivered_packets),
              static_cast<unsigned long long>(r.results.injected_packets));
  return r.results.delivered_packets == r.results.injected_packets ? 0 : 1;
}
