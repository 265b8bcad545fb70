// The verilated 4x4x4 mesh driven directly (Verilator's plain C++ models, one
// eval per clock edge, no SystemC kernel; tb/rtl/direct_fabric.h), as 64
// router models or (built by tb/scripts/direct_mesh.sh with
// WORMSIM_DIRECT_MESH) as one model of the whole fabric (rtl/wormsim_mesh.sv),
// delivers every packet in the same cycle as the all-model fabric.
//
// The same binary is the speed bench (scripts/bench --rtl):
//   rtl_direct_fabric --bench {model|routers|checkerboard|mesh} [--rate R] [--warmup N] [--cycles N] [--seed S]
// prints one line: mode, cycles, wall seconds, node-cycles/s, packets.
#include <gtest/gtest.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#ifdef WORMSIM_DIRECT_MESH
#include "Vdirect_mesh.h"
#else
#include "Vdirect_router.h"
#include "Vdirect_torus.h"
#endif
#include "rtl/direct_fabric.h"
#include "rtl/fabric_model.h"

namespace wormsim::test {
namespace {

#ifdef WORMSIM_DIRECT_MESH
MixedFabricResult run_mesh(const MixedFabricConfig& cfg) {
  return run_direct(cfg, [](VerilatedContext& ctx, Simulation& sim) {
    return std::make_unique<DirectMesh<Vdirect_mesh>>(ctx, sim);
  });
}
#else
MixedFabricResult run_routers(const MixedFabricConfig& cfg) {
  return run_direct(cfg, [&cfg](VerilatedContext& ctx, Simulation& sim) {
    return std::make_unique<DirectRouters<Vdirect_router>>(ctx, sim, cfg.rtl_nodes);
  });
}
#endif

MixedFabricConfig config(std::uint64_t seed, double rate, Cycle cycles, std::vector<NodeId> rtl) {
  MixedFabricConfig c;
  c.scenario = fabric_scenario();
  c.scenario.traffic = "uniform";
  c.scenario.rate = rate;
  c.scenario.warmup = 200;
  c.scenario.cycles = cycles;
  c.scenario.drain_limit = 20000;
  c.scenario.seed = seed;
  c.rtl_nodes = std::move(rtl);
  return c;
}

void expect_same(const MixedFabricConfig& c, const MixedFabricResult& r, std::size_t min_packets) {
  std::cout << "[ seed ] " << c.scenario.seed << " (uniform at " << c.scenario.rate << ")\n";
  const DeliveryCycles reference = run_reference(c.scenario);
  ASSERT_GE(reference.size(), min_packets) << "the run must carry real traffic";
  EXPECT_EQ(r.results.delivered_packets, r.results.injected_packets);
  EXPECT_EQ(first_difference(reference, r.delivered), "") << "seed " << c.scenario.seed;
  std::cout << "compared " << reference.size() << " packets over " << r.results.cycles
            << " cycles: every delivery cycle equal\n";
}

#ifndef WORMSIM_DIRECT_MESH
TEST(DirectFabric, RouterModelsSameCycles) {
  const MixedFabricConfig c = config(21, 0.3, 5000, every_router());
  expect_same(c, run_routers(c), 3000);
}

TEST(DirectFabric, CheckerboardSameCycles) {
  const MixedFabricConfig c = config(22, 0.25, 5000, checkerboard_routers());
  expect_same(c, run_routers(c), 3000);
}

// The torus route unit (RouteAlgo=2, configuration torus4_dor: 4x4x4, 4
// VCs) against the model's dor-position: the shorter way round, ties +,
// lower half of the VCs while the wrap link is still ahead.
TEST(DirectFabric, TorusPositionDatelinesSameCycles) {
  for (double rate : {0.2, 0.6}) {
    MixedFabricConfig c = config(25, rate, rate > 0.5 ? 1000 : 2000, every_router());
    c.scenario.topology = "torus:4x4x4";
    c.scenario.routing = "dor-position";
    c.scenario.vcs = 4;
    const MixedFabricResult r = run_direct(c, [&c](VerilatedContext& ctx, Simulation& sim) {
      return std::make_unique<DirectRouters<Vdirect_torus>>(ctx, sim, c.rtl_nodes);
    });
    expect_same(c, r, 3000);
  }
}

#else
TEST(DirectFabric, OneMeshModelSameCycles) {
  const MixedFabricConfig c = config(23, 0.3, 5000, every_router());
  expect_same(c, run_mesh(c), 3000);
}

TEST(DirectFabric, OneMeshModelPastSaturationSameCycles) {
  MixedFabricConfig c = config(24, 0.7, 1500, every_router());
  expect_same(c, run_mesh(c), 2000);
}
#endif

int bench(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: rtl_direct_fabric --bench {model|routers|checkerboard|mesh} [--rate R] [--warmup N] [--cycles N] [--seed S]\n");
    return 2;
  }
  const std::string mode = argv[2];
  MixedFabricConfig cfg = config(1, 0.2, 20000, every_router());
  cfg.scenario.warmup = 1000;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--rate") cfg.scenario.rate = std::stod(value);
    else if (flag == "--cycles") cfg.scenario.cycles = std::stoull(value);
    else if (flag == "--warmup") cfg.scenario.warmup = std::stoull(value);
    else if (flag == "--seed") cfg.scenario.seed = std::stoull(value);
    else {
      std::fprintf(stderr, "rtl_direct_fabric: unknown flag %s\n", flag.c_str());
      return 2;
    }
  }
  if (mode == "checkerboard") cfg.rtl_nodes = checkerboard_routers();
  else if (mode == "model") cfg.rtl_nodes.clear();
  else if (mode != "routers" && mode != "mesh") {
    std::fprintf(stderr, "rtl_direct_fabric: unknown mode %s (expected model, routers, checkerboard or mesh)\n", mode.c_str());
    return 2;
  }
#ifdef WORMSIM_DIRECT_MESH
  if (mode != "mesh") {
    std::fprintf(stderr, "rtl_direct_fabric: this build has the mesh model only (--bench mesh)\n");
    return 2;
  }
  const MixedFabricResult r = run_mesh(cfg);
#else
  if (mode == "mesh") {
    std::fprintf(stderr, "rtl_direct_fabric: the mesh model is built by tb/scripts/direct_mesh.sh\n");
    return 2;
  }
  const MixedFabricResult r = run_routers(cfg);
#endif
  const double node_cycles = double{kFabricNodes} * static_cast<double>(r.results.cycles);
  std::printf("direct-%s routers=%zu/64 rate=%.2f cycles=%llu wall=%.3f s node-cycles/s=%.0f packets=%llu/%llu\n",
              mode.c_str(), mode == "mesh" ? std::size_t{64} : cfg.rtl_nodes.size(), cfg.scenario.rate,
              static_cast<unsigned long long>(r.results.cycles), r.wall_seconds, node_cycles / r.wall_seconds,
              static_cast<unsigned long long>(r.results.delivered_packets),
              static_cast<unsigned long long>(r.results.injected_packets));
  return r.results.delivered_packets == r.results.injected_packets ? 0 : 1;
}

}  // namespace
}  // namespace wormsim::test

// rtl_ports.h brings the SystemC headers, so libsystemc is linked; it wants
// an sc_main, which this program (its own main, no kernel) never calls.
int sc_main(int, char**) { return 1; }

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--bench") return wormsim::test::bench(argc, argv);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
