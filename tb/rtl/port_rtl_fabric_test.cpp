// The verilated RTL router in the port-level SystemC fabric: any set of a
// 4x4x4 mesh's routers left out of the Fabric and replaced by
// systemc::RtlRouter<Vfabric_router> (the library's stand-in, no test code
// in between), under the same scenario, seed and worms as the fast engine,
// delivers every packet to every destination in exactly the same cycle.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include <wormsim/systemc/rtl_router.h>

#include "Vfabric_router.h"
#include "rtl/fabric_model.h"
#include "systemc/port_fabric_bench.h"

namespace wormsim::test {
namespace {

static_assert(WORMSIM_FABRIC_VCS == 2 && WORMSIM_FABRIC_DEPTH == 4,
              "the port-level bench runs 2 VCs (dor on a mesh) and 4-flit buffers");

std::unique_ptr<sc_core::sc_module> rtl_router(Bench& b, NodeId n) {
  auto r = std::make_unique<systemc::RtlRouter<Vfabric_router>>(
      ("rtl_" + node_name(b.fabric.topology(), n)).c_str(), b.fabric, n);
  r->clk(b.clk);
  r->rst_n(b.rst_n);
  b.fabric.bind(n, *r);
  return r;
}

void expect_same(const Case& c, const std::vector<NodeId>& rtl) {
  print_case(c);
  std::cout << rtl.size() << " of 64 routers are the verilated RTL\n";
  std::size_t compared = 0;
  std::string first;
  EXPECT_EQ(compare_with_fast_engine(c, compared, first, rtl, rtl_router), 0u) << first;
  EXPECT_GE(compared, 500u) << "the run must carry real traffic";
}

TEST(PortRtlFabric, CheckerboardUniformSameCycles) {
  expect_same(make("checkerboard", "mesh:4x4x4", "dor", "uniform", 0.25, 21), checkerboard_routers());
}

TEST(PortRtlFabric, AllRtlPastSaturationSameCycles) {
  expect_same(make("all", "mesh:4x4x4", "dor", "uniform", 0.6, 22), every_router());
}

TEST(PortRtlFabric, RandomRoutersThreeDblWormsSameCycles) {
  expect_same(with_worms(make("3-dbl", "mesh:4x4x4", "dor", "uniform", 0.05, 23), "3-dbl", 60),
              random_routers(23, 24));
}

TEST(PortRtlFabric, AllRtlThreeDbsWormsSameCycles) {
  expect_same(with_worms(make("3-dbs", "mesh:4x4x4", "dor", "uniform", 0.05, 24), "3-dbs", 30), every_router());
}

}  // namespace
}  // namespace wormsim::test
