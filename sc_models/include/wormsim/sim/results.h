// What a run measured. Counts cover the whole run; latency and throughput the
// measurement window.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <wormsim/network/profile.h>
#include <wormsim/stats/latency_stats.h>

namespace wormsim {

/// One router's traffic: flits written into its input buffers (network and
/// local ports), the head flits among them, and the flits it sent out
/// (network and ejection ports). Heads are counted modulo 2^32.
struct RouterCounts {
  std::uint64_t flits_in = 0, flits_out = 0;
  std::uint32_t heads_in = 0;
};

struct Results {
  std::string topology, routing, traffic, selection;
  std::uint64_t nodes = 0;
  double offered = 0;
  std::uint64_t warmup = 0, measure = 0;
  std::uint64_t cycles = 0;  ///< total simulated cycles
  std::uint64_t injected_packets = 0, delivered_packets = 0;
  std::uint64_t injected_flits = 0, delivered_flits = 0;
  LatencySummary latency;
  /// Per packet-length class (LatencyStats::summary_by_length); empty with one length.
  std::vector<std::pair<std::string, LatencySummary>> latency_by_length;
  /// (latency, measured packets with it), increasing latency.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> latency_histogram;
  double throughput = 0;  ///< accepted flits/node/cycle in the window
  /// Offered load actually generated: flits of the packets created in the
  /// window per node per cycle (below `offered` where some nodes send nothing).
  double generated = 0;
  /// Bounded source queues (Scenario::source_queue, 0 = unbounded): packets
  /// and flits not created because the node's queue was full (whole run),
  /// and the flits not created in the window per node per cycle.
  unsigned source_queue = 0;
  std::uint64_t suppressed_packets = 0, suppressed_flits = 0;
  double suppressed = 0;
  double link_utilisation_avg = 0, link_utilisation_max = 0;
  /// Uniform traffic only: the tightest throughput bound of the topology
  /// (topology/bounds.h), its name, and throughput as a fraction of it.
  std::string bound_name;
  double bound = 0, bound_fraction = 0;
  /// Per router-to-router link (Network::network_links() order): flits in the window.
  std::vector<std::uint64_t> link_window_flits;
  /// Per router (node id order): its traffic in the window (the events the
  /// energy model charges).
  std::vector<RouterCounts> router_window;
  bool drained = false;   ///< every measured packet delivered
  bool flushed = false;   ///< every packet of the run delivered
  bool interrupted = false;  ///< stopped early on request (Ctrl-C): partial figures
  bool unstable = false;     ///< the settle rule's latency limit ended the run: partial figures
  bool deadlock = false;      ///< the run stopped: proven deadlock or no progress
  std::string deadlock_kind;  ///< "cycle" (wait-for cycle found) or "no-progress" (watchdog)
  std::string deadlock_report;
  std::string static_check;   ///< "acyclic", "duato" or "skipped" (switched off)
  std::size_t static_channels = 0, static_dependencies = 0;
  double wall_seconds = 0;
  double node_cycles_per_second = 0;  ///< over the cycles simulated (skipped idle cycles excluded)
  Cycle idle_cycles_skipped = 0;      ///< cycles fast-forwarded with nothing to do (Simulation::skip_idle)
  std::optional<ProfileSummary> profile;  ///< Scenario::profile: where the time went
};

}  // namespace wormsim
