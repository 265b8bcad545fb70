// The port-level Fabric as a SystemC user meets it: objects named
// hierarchically, bad configurations refused naming the field, the user's
// reset restarting every router and NI (a run after reset repeats the first
// one cycle for cycle, and what was in flight is gone), a router left out
// and bound by hand.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include <systemc>

#include <wormsim/core/config_error.h>
#include <wormsim/systemc/fabric.h>

namespace wormsim::test {
namespace {

Scenario mesh4x4() {
  Scenario s;
  s.topology = "mesh:4x4";
  s.routing = "dor";
  s.buffer = 4;
  return s;
}

TEST(FabricModule, ObjectsAreNamedAfterRoutersPortsAndLinks) {
  systemc::Fabric fabric("fabric", mesh4x4());
  for (const char* name : {"fabric.r1_2_0", "fabric.r1_2_0.in_xp", "fabric.r1_2_0.in_xp_credit",
                           "fabric.r1_2_0.out_ym", "fabric.r1_2_0.out_local0_credit", "fabric.ni_r1_2_0",
                           "fabric.ni_r1_2_0.out_ch0", "fabric.r1_2_0_xp", "fabric.r1_2_0_xp_credit",
                           "fabric.r1_2_0_inj0", "fabric.r1_2_0_ej0", "fabric.r0_0_0_open_xm_in"})
    EXPECT_NE(sc_core::sc_find_object(name), nullptr) << name;
  EXPECT_EQ(fabric.router(6)->basename(), std::string("r2_1_0"));
}

TEST(FabricModule, BadConfigurationsAreRefusedNamingTheField) {
  Scenario s = mesh4x4();
  s.topology = "mesh:4x";
  try {
    systemc::Fabric f("f1", s);
    FAIL() << "accepted a bad topology";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "topology");
  }
  try {
    systemc::Fabric f("f2", mesh4x4(), {16});
    FAIL() << "accepted router 16 of 16";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "external");
  }
  Scenario bad_routing = mesh4x4();
  bad_routing.topology = "torus:4x4";
  bad_routing.routing = "dor-nodateline";
  bad_routing.vcs = 1;
  EXPECT_THROW(systemc::Fabric("f3", bad_routing), StaticDeadlockError);
}

/// Sends the same 30 packets in cycles 5..34 after every reset release;
/// asserts reset at cycle 38 of the first run, while packets are in flight.
struct ResetBench : sc_core::sc_module {
  sc_core::sc_clock clk{"clk", 1, sc_core::SC_NS};
  sc_core::sc_signal<bool> rst_n{"rst_n", false};
  systemc::Fabric fabric;
  unsigned run = 0;  ///< 0 before the first release
  Cycle cycle = 0;
  std::map<std::pair<unsigned, NodeId>, Cycle> delivered[3];  ///< [run] (k-th packet, node) -> cycle
  unsigned deliveries[3] = {0, 0, 0};                          ///< [run] tails delivered
  std::map<std::uint64_t, unsigned> index;                    ///< packet id -> k
  std::vector<std::pair<NodeId, NodeId>> pairs;

  explicit ResetBench(const sc_core::sc_module_name& n) : sc_core::sc_module(n), fabric("fabric", mesh4x4()) {
    fabric.clk(clk);
    fabric.rst_n(rst_n);
    for (unsigned k = 0; k < 30; ++k) pairs.push_back({(k * 7) % 16, (k * 5 + 3) % 16});
    for (auto& p : pairs)
      if (p.first == p.second) p.second = (p.second + 1) % 16;
    fabric.on_delivery([this](const systemc::Delivery& d) {
      delivered[run][{index.at(d.packet), d.node}] = d.cycle;
      ++deliveries[run];
    });
    SC_HAS_PROCESS(ResetBench);
    SC_METHOD(on_negedge);
    sensitive << clk.negedge_event();
    dont_initialize();
  }

  void on_negedge() {
    ++cycle;
    if (cycle == 3 || cycle == 3 + 63 || cycle == 3 + 63 + 300) {  // release reset (runs 1 and 2) or stop
      if (run == 2) {
        sc_core::sc_stop();
        return;
      }
      ++run;
      rst_n.write(true);
    } else if (run == 1 && cycle == 3 + 38) {
      rst_n.write(false);  // mid-run reset, while packets are in flight
    }
    const Cycle since = cycle - (run == 1 ? 3 : 3 + 63);
    if (rst_n.read() && since >= 5 && since < 5 + pairs.size()) {
      const auto& [src, dst] = pairs[since - 5];
      index[fabric.send(src, dst, 6)] = static_cast<unsigned>(since - 5);
    }
  }
};

TEST(FabricModule, ResetRestartsEveryRouterAndInterface) {
  ResetBench b("bench");
  sc_core::sc_start();
  // Run 1 was cut at cycle 38: some packets arrived, some were in flight.
  EXPECT_GT(b.delivered[1].size(), 0u);
  EXPECT_LT(b.delivered[1].size(), 30u) << "the reset must cut packets in flight";
  // Run 2 starts from a clean fabric: every packet arrives, and those that
  // arrived in run 1 arrive in the same cycle (counted from the release).
  EXPECT_EQ(b.delivered[2].size(), 30u);
  EXPECT_EQ(b.deliveries[2], 30u) << "nothing of run 1 may arrive after the reset";
  for (const auto& [key, at] : b.delivered[1]) EXPECT_EQ(b.delivered[2][key], at) << "packet " << key.first;
  std::cout << "run 1 (cut by reset): " << b.delivered[1].size() << " of 30 delivered; run 2: "
            << b.delivered[2].size() << ", the same cycles\n";
}

/// Sends one packet at the rising edge of cycle 10 (from its own clocked method).
struct EdgeSender : sc_core::sc_module {
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_in<bool> rst_n{"rst_n"};
  systemc::Fabric* fabric = nullptr;
  NodeId src = 0, dst = 0;
  Cycle cycle = 0;
  std::uint64_t id = 0;
  explicit EdgeSender(const sc_core::sc_module_name& n) : sc_core::sc_module(n) {
    SC_HAS_PROCESS(EdgeSender);
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
  }
  void tick() {
    if (rst_n.read() && cycle++ == 10) id = fabric->send(src, dst, 4);  // cycle counted as the fabric's
  }
};

// A packet sent at the very time of a rising edge waits for the next edge,
// whatever the process order: senders whose methods are registered before
// and after the fabric's see the same latency, the zero-load formula
// T0 = 3H + L + 4 from the cycle it counts as created in.
TEST(FabricModule, ASendAtARisingEdgeWaitsForTheNextWhateverTheProcessOrder) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  sc_core::sc_signal<bool> rst_n("rst_n", false);
  EdgeSender before("before");
  systemc::Fabric fabric("fabric", mesh4x4());
  EdgeSender after("after");
  fabric.clk(clk);
  fabric.rst_n(rst_n);
  before.clk(clk);
  after.clk(clk);
  before.rst_n(rst_n);
  after.rst_n(rst_n);
  before.fabric = after.fabric = &fabric;
  before.src = 0;
  before.dst = 15;  // 6 hops
  after.src = 15;
  after.dst = 0;
  std::map<std::uint64_t, Cycle> delivered;
  fabric.on_delivery([&](const systemc::Delivery& d) { delivered[d.packet] = d.cycle; });
  sc_core::sc_start(2.5, sc_core::SC_NS);
  rst_n.write(true);
  sc_core::sc_start(100, sc_core::SC_NS);
  ASSERT_EQ(delivered.size(), 2u);
  EXPECT_EQ(delivered.at(before.id), delivered.at(after.id)) << "the process order changed the timing";
  EXPECT_EQ(delivered.at(before.id), 10u + 3 * 6 + 4 + 4) << "created in cycle 10, the edge it was sent at";
}

}  // namespace
}  // namespace wormsim::test
