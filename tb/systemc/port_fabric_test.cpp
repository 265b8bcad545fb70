// The port-level SystemC fabric (one Router and one NetworkInterface module
// per node, a signal pair per link) against the fast engine: for the same
// scenario and seed (the TrafficGenerator runs the fast engine's traffic
// source) plus the same multi-destination worms sent in the same cycles,
// every packet reaches every destination in exactly the same cycle. Mesh,
// torus, 3PT and the Petersen family, unicast and worms, several seeds, and
// 2- and 3-cycle pipelined links on the mesh and 3PT, a routing delay of 1
// and 2 cycles, waiting for the tail credit, traversal and credit delays.
// The
// control delays one router's credits by a cycle and must be caught.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "systemc/port_fabric_bench.h"

namespace wormsim::test {
namespace {

class PortFabric : public ::testing::TestWithParam<Case> {};

TEST_P(PortFabric, SameCyclesAsFastEngine) {
  const Case& c = GetParam();
  print_case(c);
  std::size_t compared = 0;
  std::string first;
  EXPECT_EQ(compare_with_fast_engine(c, compared, first), 0u) << first;
  EXPECT_GE(compared, 500u) << "the run must carry real traffic";
  if (c.link_latency > 1) {  // the comparison sees the links' latency
    Case one = c;
    one.link_latency = 1;
    EXPECT_NE(run_fast_engine(one), run_fast_engine(c)) << "1-cycle links deliver in the same cycles";
  }
  if (c.routing_delay > 0) {  // the comparison sees the routing delay
    Case none = c;
    none.routing_delay = 0;
    EXPECT_NE(run_fast_engine(none), run_fast_engine(c)) << "no routing delay delivers in the same cycles";
  }
  if (c.traversal_delay > 0 || c.credit_delay > 0) {  // the comparison sees the delays
    Case none = c;
    none.traversal_delay = 0;
    none.credit_delay = 0;
    EXPECT_NE(run_fast_engine(none), run_fast_engine(c)) << "no delays deliver in the same cycles";
  }
  if (c.wait_for_tail_credit) {  // the comparison sees the reallocation rule
    Case eager = c;
    eager.wait_for_tail_credit = false;
    EXPECT_NE(run_fast_engine(eager), run_fast_engine(c)) << "reallocating at once delivers in the same cycles";
  }
}

std::vector<Case> cases() {
  std::vector<Case> v;
  for (std::uint64_t seed : {1, 2}) {
    v.push_back(make("mesh_4x4x4_uniform_seed" + std::to_string(seed), "mesh:4x4x4", "dor", "uniform", 0.25, seed));
    v.push_back(make("torus_4x4x4_uniform_seed" + std::to_string(seed), "torus:4x4x4", "", "uniform", 0.3, seed));
    v.push_back(make("3pt_2x2x2_uniform_seed" + std::to_string(seed), "3pt:2x2x2", "3pt-dor", "uniform", 0.2, seed));
  }
  v.push_back(make("mesh_4x4x4_adaptive_past_saturation_seed3", "mesh:4x4x4", "adaptive", "uniform", 0.6, 3));
  v.push_back(make("mesh_4x4x2_two_local_ports_transpose_seed4", "mesh:4x4x2", "dor", "transpose", 0.3, 4));
  v.back().local_ports = 2;
  v.push_back(make("fp_2_uniform_seed5", "fp:2", "", "uniform", 0.1, 5));
  v.push_back(make("arrangement_5_2_uniform_seed6", "arrangement:5,2", "", "uniform", 0.2, 6));
  v.push_back(with_worms(make("mesh_4x4x4_dual_path_worms_seed7", "mesh:4x4x4", "dor", "uniform", 0.05, 7), "dual-path", 60));
  v.push_back(with_worms(make("mesh_4x4x4_3dbs_worms_seed8", "mesh:4x4x4", "dor", "uniform", 0.05, 8), "3-dbs", 30));
  v.push_back(with_worms(make("3pt_2x2x2_dual_path_worms_seed9", "3pt:2x2x2", "3pt-dor", "uniform", 0.05, 9), "dual-path", 60));
  v.push_back(with_worms(make("torus_4x4x4_dual_path_worms_seed10", "torus:4x4x4", "", "uniform", 0.05, 10), "dual-path", 60));
  // pipelined links (DelayLines against the fast engine's Link of latency D)
  for (unsigned latency : {2u, 3u}) {
    const std::string d = std::to_string(latency);
    v.push_back(make("mesh_4x4x4_links" + d + "_seed" + d, "mesh:4x4x4", "dor", "uniform", 0.25, 20 + latency));
    v.back().link_latency = latency;
    v.push_back(make("3pt_2x2x2_links" + d + "_seed" + d, "3pt:2x2x2", "3pt-dor", "uniform", 0.2, 30 + latency));
    v.back().link_latency = latency;
  }
  v.push_back(with_worms(make("3pt_2x2x2_links3_dual_path_worms_seed40", "3pt:2x2x2", "3pt-dor", "uniform", 0.05, 40),
                         "dual-path", 60));
  v.back().link_latency = 3;
  // a routing delay (the model router inside the module runs it)
  v.push_back(make("mesh_4x4x4_routing_delay2_seed50", "mesh:4x4x4", "dor", "uniform", 0.25, 50));
  v.back().routing_delay = 2;
  v.push_back(with_worms(make("3pt_2x2x2_routing_delay1_dual_path_worms_seed51", "3pt:2x2x2", "3pt-dor", "uniform",
                              0.1, 51), "dual-path", 60));
  v.back().routing_delay = 1;
  v.push_back(make("torus_4x4x4_wait_for_tail_credit_seed52", "torus:4x4x4", "", "uniform", 0.25, 52));
  v.back().wait_for_tail_credit = true;
  // the traversal and credit delays (DelayLines on the links' directions)
  v.push_back(make("mesh_4x4x4_links2_traversal1_credit2_routing1_seed53", "mesh:4x4x4", "dor", "uniform", 0.25, 53));
  v.back().link_latency = 2;
  v.back().traversal_delay = 1;
  v.back().credit_delay = 2;
  v.back().routing_delay = 1;
  v.push_back(with_worms(make("3pt_2x2x2_traversal2_dual_path_worms_seed54", "3pt:2x2x2", "3pt-dor", "uniform", 0.1, 54),
                         "dual-path", 60));
  v.back().traversal_delay = 2;
  v.push_back(make("torus_4x4x4_credit3_seed55", "torus:4x4x4", "", "uniform", 0.3, 55));
  v.back().credit_delay = 3;
  return v;
}

INSTANTIATE_TEST_SUITE_P(Cases, PortFabric, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& i) { return i.param.name; });

// A router bound from outside (the RTL) runs the RTL's pipeline: a fabric
// that leaves one out refuses the settings beyond it, naming the first.
TEST(PortFabricControl, SettingsBeyondTheRtlAreRefusedWithRoutersFromOutside) {
  Scenario s = scenario_of(make("refused", "mesh:2x2", "dor", "uniform", 0.1, 1));
  s.traversal_delay = 1;
  s.wait_for_tail_credit = true;
  s.allow_shallow = true;
  try {
    systemc::Fabric fabric("refused", s, {0});
    FAIL() << "a traversal delay with an outside router was accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "traversal_delay");
  }
}

/// Delays every credit on one port pair by a cycle (the control).
struct LateCredit : sc_core::sc_module {
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<CreditSlot> in;
  sc_core::sc_out<CreditSlot> out;
  explicit LateCredit(const sc_core::sc_module_name& n) : sc_core::sc_module(n) {
    SC_HAS_PROCESS(LateCredit);
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
  }
  void tick() { out.write(in.read()); }
};

// The comparison can fail: router 0 is a model router that sees its
// credits one cycle late.
TEST(PortFabricControl, LateCreditsAreCaught) {
  const Case c = make("control", "mesh:4x4x4", "dor", "uniform", 0.4, 11);
  std::vector<std::unique_ptr<sc_core::sc_signal<CreditSlot>>> delayed;
  std::vector<std::unique_ptr<LateCredit>> lates;
  auto late_router = [&delayed, &lates](Bench& b, NodeId n) -> std::unique_ptr<sc_core::sc_module> {
    const systemc::Fabric& f = b.fabric;
    auto r = std::make_unique<systemc::Router>("late_router", n, f.router_config(), f.routing(),
                                               systemc::router_port_labels(f.topology(), f.router_config().local_ports),
                                               &f.worms());
    r->clk(b.clk);
    r->rst_n(b.rst_n);
    const auto& ports = f.signals(n);
    for (std::size_t p = 0; p < ports.size(); ++p) {
      r->in[p](*ports[p].in);
      r->in_credit[p](*ports[p].in_credit);
      r->out[p](*ports[p].out);
      delayed.push_back(std::make_unique<sc_core::sc_signal<CreditSlot>>());
      lates.push_back(std::make_unique<LateCredit>(("late" + std::to_string(p)).c_str()));
      LateCredit* late = lates.back().get();
      late->clk(b.clk);
      late->in(*ports[p].out_credit);
      late->out(*delayed.back());
      r->out_credit[p](*delayed.back());
    }
    return r;
  };
  std::size_t compared = 0;
  std::string first;
  const std::size_t differ = compare_with_fast_engine(c, compared, first, {0}, late_router);
  EXPECT_GT(differ, 0u) << "a perturbed fabric must not match";
  std::cout << "caught: " << first << "\n";
}

}  // namespace
}  // namespace wormsim::test
