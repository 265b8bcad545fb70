// wormsim broadcast --concurrent N: N broadcasts of one algorithm from random
// sources, started at random cycles, all in one fabric; and the helpers the
// broadcast command shares (fabric flags, output files).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include <wormsim/broadcast/algorithms.h>
#include <wormsim/core/config_error.h>
#include <wormsim/core/rng.h>
#include <wormsim/topology/spec.h>

#include "broadcast_args.h"
#include "output_file.h"
#include "commands.h"

namespace wormsim::driver {

void check_range(const std::string& field, long long v, FlagRange r) {
  if (v < r.lo || v > r.hi)
    throw ConfigError(field, "expected an integer from " + std::to_string(r.lo) + " to " + std::to_string(r.hi) +
                                 ", got " + std::to_string(v));
}

FabricBroadcastConfig fabric_config(const BroadcastArgs& a) {
  check_range("concurrent", a.concurrent, kConcurrentRange);
  if (a.spread < 1) throw ConfigError("spread", "expected at least 1 cycle");
  check_range("vcs", a.vcs, kVcsRange);
  check_range("local_ports", a.local_ports, kLocalPortsRange);
  check_range("buffer", a.buffer, kBufferRange);
  if (!(a.eject_rate > 0.0 && a.eject_rate <= 1.0)) throw ConfigError("eject_rate", "expected a probability in (0, 1]");
  FabricBroadcastConfig fc;
  fc.topology = a.topology;
  fc.flits = static_cast<unsigned>(a.flits);
  fc.startup = static_cast<Cycle>(a.startup);
  fc.consumption = a.consumption;
  parse_consumption(a.consumption, "consumption");
  fc.vcs = static_cast<unsigned>(a.vcs);
  fc.local_ports = static_cast<unsigned>(a.local_ports);
  fc.buffer = static_cast<unsigned>(a.buffer);
  fc.eject_rate = a.eject_rate;
  fc.seed = a.seed;
  return fc;
}

int run_concurrent_broadcasts(const BroadcastArgs& a) {
  const Topology t = make_topology(a.topology);
  const BroadcastAlgorithm* al = find_broadcast_algorithm(a.algo);
  const FabricBroadcastConfig fc = fabric_config(a);
  Rng rng(a.seed, 0xB0);
  std::vector<std::pair<Cycle, WormSchedule>> runs;
  std::vector<NodeId> sources;
  for (long long k = 0; k < a.concurrent; ++k) {
    sources.push_back(static_cast<NodeId>(rng.below(t.num_nodes())));
    WormSchedule s = al->worms(t, sources.back());
    if (!al->store_and_forward() && a.ports == "one") s = serialize_one_port(s);
    runs.push_back({rng.below(static_cast<std::uint64_t>(a.spread)), std::move(s)});
  }
  std::cout << "[ seed ] " << a.seed << "\n";
  std::vector<FabricBroadcastResult> res;
  try {
    res = run_in_fabric(runs, fc);
  } catch (const BroadcastDeadlock& e) {
    std::cerr << "wormsim: broadcast deadlocked: " << e.what() << "\n";
    return kDeadlock;
  }
  bool once = true;
  std::uint64_t worms = 0;
  Cycle last = 0, worst = 0;
  double total = 0;
  for (std::size_t k = 0; k < res.size(); ++k) {
    for (NodeId v = 0; v < t.num_nodes(); ++v) once = once && res[k].receipts[v] == (v == sources[k] ? 0u : 1u);
    worms += res[k].worms;
    last = std::max(last, res[k].completion);
    worst = std::max(worst, res[k].completion - runs[k].first);
    total += static_cast<double>(res[k].completion - runs[k].first);
  }
  const double mean = total / static_cast<double>(res.size());
  std::cout << "broadcasts: " << res.size() << " x " << al->name << " on " << t.spec << " from random sources, started in [0, "
            << a.spread << "), " << a.flits << "-flit messages, start-up " << a.startup << " cycles, "
            << a.consumption << " consumption\n"
            << "latency (start to last arrival): mean " << mean << ", max " << worst << " cycles; last arrival at cycle "
            << last << "\n"
            << "worms sent: " << worms << "\n"
            << "every node received every broadcast " << (once ? "exactly once" : "NOT exactly once") << "\n";
  if (!a.json.empty()) {
    nlohmann::json j;
    j["algorithm"] = al->name;
    j["topology"] = t.spec;
    j["broadcasts"] = res.size();
    j["seed"] = a.seed;
    j["sources"] = sources;
    j["completion_cycle"] = last;
    j["mean_latency"] = mean;
    j["max_latency"] = worst;
    j["worms"] = worms;
    j["exactly_once"] = once;
    write_output("json", a.json, j.dump(2) + "\n");
  }
  return once ? kOk : kInternal;
}

}  // namespace wormsim::driver
