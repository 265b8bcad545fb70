// The seams hold: a network family and two routings written in this file
// and registered at run time (register_topology, register_routing) are known
// to everything that reads the tables (spec parsing, help lists, the routing
// factory and its checks, the static deadlock proof, the runtime detector)
// and run in the fabric like the built-in ones, with no other file touched.
//
// The family is a bidirectional ring `ring:N` (port 0 clockwise, port 1
// counter-clockwise). `ring-cw` routes clockwise with a dateline: VC 0 while
// the wrap link N-1 -> 0 is still ahead, VC 1 after it (deadlock-free);
// `ring-cw-one-vc` keeps every packet on VC 0, a control whose cycle round
// the ring the proof must find.
#include <gtest/gtest.h>

#include <wormsim/deadlock/channel_dependency.h>
#include <wormsim/routing/registry.h>
#include <wormsim/topology/bounds.h>
#include <wormsim/topology/registry.h>
#include <wormsim/topology/spec.h>

#include "sim_helpers.h"

namespace wormsim::test {
namespace {

class RingKind : public TopologyKind {
 public:
  explicit RingKind(unsigned n) : n_(n) {}
  std::string name() const override { return "ring"; }
  std::string node_name(NodeId n) const override { return "ring" + std::to_string(n); }
  std::vector<unsigned> coordinates(NodeId n) const override { return {n}; }
  std::string coordinate_names() const override { return "i"; }
  std::optional<NodeId> node_at(const std::vector<unsigned>& c) const override {
    if (c.size() != 1 || c[0] >= n_) return std::nullopt;
    return c[0];
  }
  bool vertex_transitive() const override { return true; }
  std::string default_routing() const override { return "ring-cw"; }
  std::optional<std::vector<NodeId>> hamiltonian_path(const Topology& t, std::string&) const override {
    std::vector<NodeId> path(t.num_nodes());
    for (NodeId i = 0; i < path.size(); ++i) path[i] = i;
    return path;
  }
  void add_bounds(const Topology&, ThroughputBounds&) const override {}

 private:
  unsigned n_;
};

Topology make_ring(const std::string& args, const std::string& field) {
  if (args.empty() || args.find_first_not_of("0123456789") != std::string::npos || args.size() > 4 ||
      std::stoul(args) < 3)
    throw ConfigError(field, "expected ring:N with 3 <= N <= 9999, got 'ring:" + args + "'");
  const unsigned n = static_cast<unsigned>(std::stoul(args));
  Topology t;
  t.kind = std::make_shared<RingKind>(n);
  t.spec = "ring:" + args;
  t.dims = {n, 1, 1};
  t.num_ports = 2;
  t.port_names = {"cw", "ccw"};
  t.peer.assign(n, std::vector<std::optional<PortPeer>>(2));
  for (NodeId i = 0; i < n; ++i) {
    t.peer[i][0] = PortPeer{(i + 1) % n, 1};
    t.peer[i][1] = PortPeer{(i + n - 1) % n, 0};
  }
  return t;
}

class RingClockwise : public RoutingFunction {
 public:
  RingClockwise(unsigned vcs, bool dateline) : vcs_(vcs), dateline_(dateline) {}
  std::string name() const override { return dateline_ ? "ring-cw" : "ring-cw-one-vc"; }
  unsigned vcs() const override { return vcs_; }
  bool depends_on_input() const override { return false; }
  void route(NodeId here, PortId, VcId, const Flit& head, RouteSet& out) const override {
    out.add(0, dateline_ && here < head.dst ? 2u : 1u);  // VC 1 once the wrap is behind
  }

 private:
  unsigned vcs_;
  bool dateline_;
};

bool is_ring(const Topology& t) { return t.as<RingKind>() != nullptr; }

// Registered once for the whole test program, before any test reads a table.
class RegisterRing : public ::testing::Environment {
 public:
  void SetUp() override {
    register_topology(TopologyInfo{"ring", "ring:N", "a bidirectional ring of N nodes (a test's own family)",
                                   {"ring:5", "ring:8"}, make_ring});
    register_routing(routing_row("ring-cw", "clockwise round the ring, dateline at the wrap link", "ring", is_ring,
                                 ">= 2", RoutingTraits{}.not_minimal(), [](const Topology&, const RoutingBuild& b) {
                                   if (b.vcs == 1) throw ConfigError("vcs", "ring-cw needs 2 VCs (the dateline), got 1");
                                   return std::make_unique<RingClockwise>(b.vcs == 0 ? 2 : b.vcs, true);
                                 }));
    register_routing(routing_row("ring-cw-one-vc", "clockwise on VC 0 only; deadlocks (control)", "ring", is_ring,
                                 ">= 1", RoutingTraits{}.not_minimal().control(), [](const Topology&, const RoutingBuild& b) {
                                   return std::make_unique<RingClockwise>(b.vcs == 0 ? 1 : b.vcs, false);
                                 }));
  }
};
const ::testing::Environment* const kRing = ::testing::AddGlobalTestEnvironment(new RegisterRing);

TEST(Extension, ARegisteredFamilyIsParsedListedAndRefusedLikeABuiltInOne) {
  const Topology t = make_topology("ring:6");
  EXPECT_EQ(t.num_nodes(), 6u);
  EXPECT_EQ(t.num_links(), 12u);
  EXPECT_EQ(default_routing(t), "ring-cw");
  EXPECT_NE(topology_syntax_list().find("ring:N"), std::string::npos);
  EXPECT_EQ(find_node(t, "ring4"), std::optional<NodeId>(4));
  try {
    make_topology("ring:2");
    ADD_FAILURE() << "ring:2 accepted";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "topology");
  }
  EXPECT_THROW(register_topology(TopologyInfo{"ring", "ring:N", "again", {}, make_ring}), std::invalid_argument);
  EXPECT_THROW(register_topology(TopologyInfo{"mesh", "mesh:N", "a clash", {}, make_ring}), std::invalid_argument);
}

TEST(Extension, ARegisteredRoutingIsListedBuiltAndCheckedByItsTable) {
  EXPECT_NE(routing_name_list().find("ring-cw"), std::string::npos);
  const Topology ring = make_topology("ring:5");
  EXPECT_EQ(make_routing("ring-cw", ring, 0)->vcs(), 2u);
  try {
    make_routing("ring-cw", make_topology("mesh:4x4"), 0);
    ADD_FAILURE() << "ring-cw accepted on a mesh";
  } catch (const ConfigError& e) {
    EXPECT_EQ(e.field(), "routing");
    EXPECT_NE(std::string(e.what()).find("applies to ring"), std::string::npos) << e.what();
  }
  EXPECT_THROW(make_routing("dor", ring, 0), ConfigError) << "dor applies to mesh and torus only";
  EXPECT_THROW(register_routing(routing_row("ring-cw", "again", "ring", is_ring, ">= 2", RoutingTraits{}, nullptr)),
               std::invalid_argument);
}

TEST(Extension, TheStaticProofAcceptsTheDatelineAndFindsTheControlsCycle) {
  const Topology ring = make_topology("ring:8");
  EXPECT_TRUE(check_routing_deadlock(ring, *make_routing("ring-cw", ring, 0)).acyclic);
  const DependencyVerdict control = check_routing_deadlock(ring, *make_routing("ring-cw-one-vc", ring, 0));
  EXPECT_FALSE(control.acyclic);
  EXPECT_EQ(control.cycle.size(), 8u) << "the cycle is the ring's eight clockwise channels";
}

TEST(Extension, ARegisteredFamilyAndRoutingRunInTheFabric) {
  Scenario s = small_scenario("ring:8", 0.15, 7);
  s.cycles = 4000;
  const Results r = run(s);
  EXPECT_FALSE(r.deadlock) << r.deadlock_report;
  EXPECT_TRUE(r.flushed);
  EXPECT_GT(r.delivered_packets, 400u);
  EXPECT_EQ(r.delivered_packets, r.injected_packets);
  // Clockwise only: the mean distance on a ring of 8 is 4 hops (1 to 7 equally
  // likely), so a 4-flit packet takes at least that many router stages.
  EXPECT_GT(r.latency.average, 4.0);
}

TEST(Extension, TheControlDeadlocksInTheFabricAndTheRunSaysSo) {
  Scenario s = small_scenario("ring:8", 0.6, 3);
  s.routing = "ring-cw-one-vc";
  s.deadlock_check = false;  // let it run: the runtime detector must find it
  s.buffer = 2;
  s.cycles = 20000;
  const Results r = run(s);
  EXPECT_TRUE(r.deadlock);
  EXPECT_EQ(r.deadlock_kind, "cycle") << r.deadlock_report;
}

}  // namespace
}  // namespace wormsim::test
