// Bench shared by the port-level fabric tests: a case (network, traffic,
// seed, worms), the fast-engine reference run, and the SystemC bench that
// runs the same case on a port-level Fabric (routers left out get
// stand-ins from a factory) and records every delivery cycle.
#pragma once
#include <algorithm>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <systemc>

#include <wormsim/broadcast/algorithms.h>
#include <wormsim/broadcast/worm_algorithms.h>
#include <wormsim/core/rng.h>
#include <wormsim/sim/simulation.h>
#include <wormsim/systemc/fabric.h>
#include <wormsim/systemc/traffic_generator.h>

namespace wormsim::test {

using DeliveryCycles = std::map<std::pair<std::uint64_t, NodeId>, Cycle>;

struct Case {
  std::string name;
  std::string topology;
  std::string routing;  ///< "" = the topology's default
  std::string traffic = "uniform";
  double rate = 0.2;
  std::uint64_t seed = 1;
  std::string worm_algorithm;  ///< "" = none; "dual-path" = random multicasts; else a broadcast's first round
  unsigned worm_count = 0;
  unsigned local_ports = 1;
  unsigned multicast_max = 7;  ///< "dual-path": 2 .. this many destinations (the RTL reads 5 from a list flit)
  unsigned link_latency = 1;  ///< cycles per router-to-router link (buffers deepened to cover the round trip)
  unsigned routing_delay = 0;  ///< cycles a head waits for its route at each router
  bool wait_for_tail_credit = false;  ///< output VCs reallocated once the last credit is back
  unsigned traversal_delay = 0;  ///< cycles through the switch beyond the RTL's
  unsigned credit_delay = 0;     ///< cycles a router takes to count an arriving credit
};

inline void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

constexpr Cycle kTrafficUntil = 4000;
constexpr Cycle kLimit = 40000;

inline Case make(std::string name, std::string topology, std::string routing, std::string traffic, double rate,
          std::uint64_t seed) {
  Case c;
  c.name = std::move(name);
  c.topology = std::move(topology);
  c.routing = std::move(routing);
  c.traffic = std::move(traffic);
  c.rate = rate;
  c.seed = seed;
  return c;
}

inline Case with_worms(Case c, std::string algorithm, unsigned count) {
  c.worm_algorithm = std::move(algorithm);
  c.worm_count = count;
  return c;
}

inline Scenario scenario_of(const Case& c) {
  Scenario s;
  s.topology = c.topology;
  s.routing = c.routing;
  s.traffic = c.traffic;
  s.rate = c.rate;
  s.seed = c.seed;
  s.vcs = 0;  // what the routing needs, at least 2
  s.buffer = std::max(4u, min_full_rate_buffer(c.link_latency, c.credit_delay, c.traversal_delay));
  s.link_latency = c.link_latency;
  s.routing_delay = c.routing_delay;
  s.wait_for_tail_credit = c.wait_for_tail_credit;
  s.traversal_delay = c.traversal_delay;
  s.credit_delay = c.credit_delay;
  s.packet = 4;
  s.local_ports = c.local_ports;
  s.warmup = ~Cycle{0} / 4;  // the test ends the run, not the phases
  s.deadlock_interval = 0;
  return s;
}

struct WormSend {
  Cycle at;
  NodeId src;
  WormRoute route;
};

/// The worms both fabrics are sent, in the same cycles.
inline std::vector<WormSend> worm_plan(const Case& c, const Topology& t) {
  std::vector<WormSend> plan;
  Rng rng(c.seed, 77);
  for (unsigned k = 0; k < c.worm_count; ++k) {
    const Cycle at = rng.below(kTrafficUntil);
    const NodeId src = static_cast<NodeId>(rng.below(t.num_nodes()));
    WormSchedule s;
    if (c.worm_algorithm == "dual-path") {
      std::vector<NodeId> dests;
      const unsigned want = 2 + static_cast<unsigned>(rng.below(c.multicast_max - 1));
      while (dests.size() < want) {
        const NodeId d = static_cast<NodeId>(rng.below(t.num_nodes()));
        if (d != src && std::find(dests.begin(), dests.end(), d) == dests.end()) dests.push_back(d);
      }
      s = dual_path_multicast(t, src, dests);
    } else {
      s = find_broadcast_algorithm(c.worm_algorithm)->worms(t, src);
    }
    for (const auto& w : s.rounds.front()) plan.push_back({at, w.from, w.route});
  }
  std::stable_sort(plan.begin(), plan.end(), [](const WormSend& a, const WormSend& b) { return a.at < b.at; });
  return plan;
}

constexpr unsigned kWormPayload = 4;

inline DeliveryCycles run_fast_engine(const Case& c) {
  Simulation sim(scenario_of(c));
  const std::vector<WormSend> plan = worm_plan(c, sim.topology());
  DeliveryCycles d;
  sim.on_packet_delivered([&d](const Packet& p, Cycle at) { d[{p.id, p.dst}] = at; });
  std::size_t next = 0;
  for (Cycle t = 0; t < kLimit; ++t) {
    if (t == kTrafficUntil) sim.stop_traffic();
    for (; next < plan.size() && plan[next].at == t; ++next) sim.inject_worm(plan[next].src, plan[next].route, kWormPayload);
    sim.tick();
    if (t > kTrafficUntil && sim.outstanding_packets() == 0) break;
  }
  return d;
}

/// Fabric, traffic generator, worm sender and reset; stops the kernel when
/// every packet has been delivered everywhere.
struct Bench;

/// Makes the module that stands in for router n (bound to the fabric by the
/// factory), clocked by the bench's clock and reset.
using StandInFactory = std::function<std::unique_ptr<sc_core::sc_module>(Bench& bench, NodeId n)>;

struct Bench : sc_core::sc_module {
  sc_core::sc_in<bool> clk;
  sc_core::sc_signal<bool> rst_n{"rst_n", false};
  systemc::Fabric fabric;
  systemc::TrafficGenerator traffic;
  std::vector<std::unique_ptr<sc_core::sc_module>> stand_ins;
  std::vector<WormSend> plan;
  std::size_t next = 0;
  Cycle cycle = 0;
  unsigned reset_edges = 0;
  std::size_t expected = 0;
  DeliveryCycles delivered;

  Bench(const sc_core::sc_module_name& n, const Case& c, const std::vector<NodeId>& external = {},
        const StandInFactory& make_stand_in = {})
      : sc_core::sc_module(n), clk("clk"), fabric("fabric", scenario_of(c), external),
        traffic("traffic", fabric, scenario_of(c)) {
    fabric.clk(clk);
    fabric.rst_n(rst_n);
    traffic.clk(clk);
    traffic.rst_n(rst_n);
    traffic.stop_at(kTrafficUntil);
    plan = worm_plan(c, fabric.topology());
    for (const auto& w : plan) expected += w.route.destinations.size();
    fabric.on_delivery([this](const systemc::Delivery& d) { delivered[{d.packet, d.node}] = d.cycle; });
    for (NodeId e : external) stand_ins.push_back(make_stand_in(*this, e));
    SC_HAS_PROCESS(Bench);
    SC_METHOD(on_posedge);
    sensitive << clk.pos();
    dont_initialize();
    SC_METHOD(on_negedge);
    sensitive << clk.neg();
    dont_initialize();
  }

  void on_posedge() {
    if (reset_edges < 2) return;
    for (; next < plan.size() && plan[next].at == cycle; ++next)
      fabric.send_worm(plan[next].src, plan[next].route, kWormPayload);
    ++cycle;
  }

  void on_negedge() {
    if (reset_edges < 2) {
      if (++reset_edges == 2) rst_n.write(true);
      return;
    }
    const bool all = delivered.size() == expected + traffic.packets_created();
    if ((cycle > kTrafficUntil && all) || cycle >= kLimit) sc_core::sc_stop();
  }
};

/// Runs case `c` on the port-level fabric (the routers in `external` by
/// stand-ins) and compares every delivery with the fast engine's. Returns
/// how many differ; `first` describes the earliest-listed one.
inline std::size_t compare_with_fast_engine(const Case& c, std::size_t& compared, std::string& first,
                                            const std::vector<NodeId>& external = {},
                                            const StandInFactory& make_stand_in = {}) {
  const DeliveryCycles reference = run_fast_engine(c);
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  Bench bench("bench", c, external, make_stand_in);
  bench.clk(clk);
  sc_core::sc_start();
  std::size_t differ = 0;
  for (const auto& [key, at] : reference) {
    const auto it = bench.delivered.find(key);
    if (it != bench.delivered.end() && it->second == at) continue;
    if (differ++ == 0) {
      std::ostringstream os;
      os << "packet " << key.first << " at node " << key.second << ": fast engine cycle " << at << ", port-level "
         << (it == bench.delivered.end() ? std::string("never") : std::to_string(it->second));
      first = os.str();
    }
  }
  if (bench.delivered.size() != reference.size() && differ == 0) {
    differ = 1;
    first = "the port-level fabric delivered " + std::to_string(bench.delivered.size()) + ", the fast engine " +
            std::to_string(reference.size());
  }
  compared = reference.size();
  std::cout << "compared " << reference.size() << " deliveries over " << bench.cycle << " cycles: " << differ
            << " differ\n";
  return differ;
}

inline void print_case(const Case& c) {
  std::cout << "[ seed ] " << c.seed << " (" << c.topology << ", " << c.traffic << " at " << c.rate
            << (c.worm_count ? ", " + std::to_string(c.worm_count) + " x " + c.worm_algorithm : std::string())
            << ")\n";
}

}  // namespace wormsim::test
