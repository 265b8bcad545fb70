// Stress soak (label `soak`, not in CI): random topologies of every family,
// every deadlock-free routing that applies, random traffic patterns, VCs,
// buffer depths, packet lengths, local ports, ejection back-pressure and
// loads, run until 10^9 flit moves (link traversals, injection and ejection
// links included) have been simulated, with the scoreboard (it throws on a
// lost, duplicated, misdelivered or reordered flit) and the runtime deadlock
// detector on. Every run must deliver every packet and never report a
// deadlock or a lack of progress. WORMSIM_STRESS_MOVES sets another total.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <vector>

#include <wormsim/core/config_error.h>
#include <wormsim/core/rng.h>
#include <wormsim/routing/registry.h>
#include <wormsim/sim/simulation.h>
#include <wormsim/topology/spec.h>
#include <wormsim/traffic/injection.h>
#include <wormsim/traffic/pattern.h>

namespace wormsim::test {
namespace {

const std::vector<std::string> kTopologies = {"mesh:4x4x4", "mesh:8x8",    "mesh:6x5x3", "torus:4x4x4", "torus:6x6",
                                              "3pt:2x2x2",  "3pt:3x2x2",   "petersen",   "fp:2",        "rfp:2",
                                              "arrangement:5,2", "arrangement:6,3"};

constexpr Cycle kTrafficCycles = 20000;

Scenario random_scenario(Rng& rng) {
  Scenario s;
  s.topology = kTopologies[rng.below(kTopologies.size())];
  const Topology t = make_topology(s.topology);
  std::vector<std::string> ok;
  for (const RoutingInfo& r : routings())
    if (r.deadlock_free && r.applies(t)) ok.push_back(r.name);
  s.routing = ok[rng.below(ok.size())];
  std::vector<std::string> patterns;  // those that mean something on t
  for (const PatternInfo& p : traffic_patterns()) {
    try {
      p.make(PatternConfig{}, t);
      patterns.push_back(p.name);
    } catch (const ConfigError&) {
    }
  }
  s.traffic = patterns[rng.below(patterns.size())];
  s.injection = injections()[rng.below(injections().size())].name;
  s.hotspot_node = static_cast<NodeId>(rng.below(t.num_nodes()));
  s.buffer = 1 + static_cast<unsigned>(rng.below(16));
  s.packet = 1 + static_cast<unsigned>(rng.below(16));
  if (s.packet > 1 && rng.below(3) == 0) s.packet_mix = PacketLengths::parse("packet", "1.." + std::to_string(s.packet));
  s.local_ports = 1 + static_cast<unsigned>(rng.below(2));
  s.eject_rate = rng.below(3) == 0 ? 0.3 + 0.7 * rng.uniform() : 1.0;
  s.rate = 0.02 + 0.5 * rng.uniform();
  s.warmup = ~Cycle{0} / 4;  // the test drives the run: traffic for kTrafficCycles, then drain everything
  s.watchdog = 20000;
  s.seed = rng.below(1u << 30);
  return s;
}

TEST(StressSoak, TenToTheNineFlitMovesNoLossNoFalseAlarm) {
  const char* env = std::getenv("WORMSIM_STRESS_MOVES");
  const double target = env ? std::atof(env) : 1e9;
  const std::uint64_t seed = 20261123;
  std::cout << "[ seed ] " << seed << "\n";
  Rng rng(seed, 1);
  double moves = 0;
  unsigned runs = 0;
  const auto start = std::chrono::steady_clock::now();
  while (moves < target) {
    Scenario s = random_scenario(rng);
    std::unique_ptr<Simulation> sim;
    try {
      sim = std::make_unique<Simulation>(s);
    } catch (const ConfigError&) {  // a pattern or VC count that does not fit this network: defaults
      s.traffic = "uniform";
      s.vcs = 0;
      sim = std::make_unique<Simulation>(s);
    }
    // The scoreboard throws on any lost, duplicated or reordered flit. Past
    // saturation the source queues hold a backlog: it drains too.
    for (Cycle c = 0; c < kTrafficCycles && !sim->done(); ++c) sim->tick();
    sim->stop_traffic();
    while (!sim->done() && sim->outstanding_packets() > 0) sim->tick();
    const Results r = sim->results(0.0);
    const bool flushed = sim->outstanding_packets() == 0;
    ++runs;
    moves += static_cast<double>(sim->network().flit_moves());
    const std::string what = s.topology + " " + sim->scenario().routing + " vcs " + std::to_string(sim->scenario().vcs) +
                             " buffer " + std::to_string(s.buffer) + " packet " + std::to_string(s.packet) + " " +
                             s.traffic + " rate " + std::to_string(s.rate) + " eject " + std::to_string(s.eject_rate) +
                             " seed " + std::to_string(s.seed);
    ASSERT_FALSE(r.deadlock) << what << ": " << r.deadlock_kind << ": " << r.deadlock_report;
    ASSERT_TRUE(flushed) << what << ": packets left undelivered";
    ASSERT_EQ(r.injected_flits, r.delivered_flits) << what;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << runs << " runs, " << moves << " flit moves, " << secs << " s, no loss, no false alarm\n";
}

}  // namespace
}  // namespace wormsim::test
