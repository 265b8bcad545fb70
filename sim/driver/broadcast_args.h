// The flags of `wormsim broadcast`, shared by the single-broadcast and the
// concurrent (--concurrent N) modes.
#pragma once
#include <string>

#include <wormsim/broadcast/fabric_run.h>

namespace wormsim::driver {

struct BroadcastArgs {
  std::string topology = "3pt:2x2x2", algo = "bfs-all-port", ports, csv, json, dests;
  std::string consumption = "per-class";
  long long source = 0, flits = 4, startup = 0;
  long long concurrent = 1, spread = 1000, vcs = 0, local_ports = 0, buffer = 8;
  double eject_rate = 1.0;
  unsigned long long seed = 1;
};

/// The integer flags' ranges: the help states them and the checks use them.
struct FlagRange {
  long long lo, hi;
};
constexpr FlagRange kFlitsRange{1, 65535}, kStartupRange{0, 1000000000}, kConcurrentRange{1, 100000},
    kVcsRange{0, 16}, kLocalPortsRange{0, 16}, kBufferRange{1, 1024};

/// Throws ConfigError(field, "expected an integer from lo to hi, got v")
/// unless v is in r.
void check_range(const std::string& field, long long v, FlagRange r);

/// Checks the fabric flags and fills the fabric configuration.
FabricBroadcastConfig fabric_config(const BroadcastArgs& a);

/// --concurrent N: N broadcasts of the algorithm from random sources.
int run_concurrent_broadcasts(const BroadcastArgs& a);

}  // namespace wormsim::driver
