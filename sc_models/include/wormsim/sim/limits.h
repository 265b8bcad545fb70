// What a scenario will cost before it runs, from figures measured on this
// project's machines (2-core Debian 12 VMs; docs/reference.md "Limits"), and the limits
// that refuse a scenario this machine cannot run: more memory than it has
// available, or a static deadlock proof that would take over a minute.
// Scenario::force overrides both.
#pragma once
#include <string>

#include <wormsim/sim/scenario.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

/// Measured: resident memory per node beyond the VC buffers (router, NI,
/// links, traffic and statistics state), per VC buffer, and per flit slot of
/// a buffer (sizeof(Flit)); 16x16x16 meshes with 2-4 VCs and 8-64 flit
/// buffers fit these within 3%. A VC buffer's bytes include 4 of the
/// runtime deadlock check's index (VC -> graph node), which a run keeps
/// from one check to the next. A node's bytes include 96 of window
/// counters (two snapshots and the result of its router's RouterCounts).
/// Measured on one thread, 2 VCs of 8 flits, the program's own 10.7 MB
/// taken off: 14.43, 14.45 and 14.57 KB per node on the 16x16x16,
/// 32x32x8 and 32x32x16 meshes; these constants gave 14.56. A node's
/// bytes also include 192 of its interface's link ends (two
/// Link::FlitEnd, a Link::CreditEnd, the channels' state around them) and
/// the router block's alignment
/// (each of a router's ports adds kBytesPerPortEnds). Measured on the
/// 16x16x16 mesh (maximum resident set): 817 bytes per node before the
/// ends held wake words, 94-96 more with them, and 250-290 more with the
/// wake and arrival bits as masks (about 1,180 in all), less the 32 of
/// the interface's credit registers, now left in its links; these
/// constants count 1,032, under by about 1% of a node.
constexpr double kBytesPerNode = 7.25 * 1024 + 96 + 192;
/// Per router port (network and local): the ends of its links it keeps
/// (Router::InEnds, a line; Link::FlitEnd).
constexpr double kBytesPerPortEnds = 120;
/// Per router input VC: its slot for a VC allocation grant (Router::VaGrant,
/// 12 bytes in the router's block).
constexpr double kBytesPerInputVc = 12;
/// Measured: with several threads, per node the lanes' lists (components to
/// evaluate, link directions to commit) and maps (a node's lane for its
/// deliveries and the deadlock check, its per-router counts and offsets):
/// 2 threads add 130-160 bytes per node on 2,048-16,384-node meshes; and per
/// thread its stack and its lane's own state (about 80 KB measured).
constexpr double kBytesPerNodeWithThreads = 224;
constexpr double kBytesPerThread = 128 * 1024;
/// Per network port of a node: its link's span on the floorplan, which the
/// driver's cost model keeps for the run (sim/driver/physical.h).
constexpr double kBytesPerPortSpan = 8;
constexpr double kBytesPerVcBuffer = 54;
constexpr double kBytesPerFlitSlot = 48;
/// Measured: the static proof explores about 1.5e8 (destination, channel)
/// steps per second; the estimate assumes a slower 1e8.
constexpr double kCheckStepsPerSecond = 1e8;
constexpr double kCheckSecondsLimit = 60;
/// A scenario may use at most this share of the memory available.
constexpr double kMemoryShare = 0.8;

/// The simulation rate a run-time estimate assumes: the engine under load on
/// a 2-core machine (docs/measured.md: 1.6-14 M node-cycles/s at loads of
/// 0.1-0.3, more when lightly loaded), so the estimate errs long.
constexpr double kEstimateNodeCyclesPerSecond = 2e6;
/// Runs estimated longer than this are announced before they start.
constexpr double kLongRunSeconds = 600;

/// The threads a run of `s` on `nodes` nodes uses: Scenario::threads, or
/// with 0 (auto) the cores this process may use, 1 below kParallelMinNodes.
unsigned run_threads(const Scenario& s, std::size_t nodes);

struct ResourceEstimate {
  double memory_bytes = 0;  ///< the model's resident memory
  double check_steps = 0;   ///< the proof's work (deadlock/channel_dependency.h proof_steps)
  double check_seconds = 0;
  /// Node-cycles of the warm-up and window (the drain comes on top), and
  /// their time at kEstimateNodeCyclesPerSecond. 0 for a trace run, whose
  /// idle stretches are skipped.
  double node_cycles = 0;
  double run_seconds = 0;
};

/// "3.2 s", "12 min", "5.1 h", "41 days" .
std::string format_duration(double seconds);

/// One line announcing a run estimated past kLongRunSeconds (its node-cycles,
/// the time they take at the assumed rate, and that Ctrl-C stops it with the
/// figures so far); "" for shorter runs.
std::string long_run_warning(const ResourceEstimate& e);

/// `s` with its VCs resolved (setup_network does this); `routing_tables`:
/// RoutingFunction::table_bytes(); `proof_steps`: proof_steps() of the
/// routing (counted only if s.deadlock_check).
ResourceEstimate estimate_resources(const Topology& t, const Scenario& s, double routing_tables = 0,
                                    double proof_steps = 0);

/// MemAvailable from /proc/meminfo, in bytes; 0 if it cannot be read.
double available_memory_bytes();

/// Throws ConfigError("topology") if the memory estimate passes kMemoryShare
/// of `available` (0: not checked), or ConfigError("deadlock_check") if the
/// proof is on and would take over kCheckSecondsLimit; each message gives
/// the estimate and how to go ahead. Does nothing if s.force.
void check_limits(const Topology& t, const Scenario& s, const ResourceEstimate& e, double available);

/// "1.2 GB", "340 MB", "12 KB".
std::string format_bytes(double bytes);

}  // namespace wormsim
