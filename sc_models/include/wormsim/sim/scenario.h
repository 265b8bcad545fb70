// Everything one `wormsim run` needs, as a typed struct. The command line and
// the YAML scenario file both fill it; validate() rejects bad values with a
// ConfigError that names the field.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include <optional>
#include <vector>

#include <wormsim/core/flit.h>
#include <wormsim/core/link.h>
#include <wormsim/network/lane_balancer.h>
#include <wormsim/sim/settle.h>
#include <wormsim/traffic/packet_lengths.h>

namespace wormsim {

struct Scenario {
  std::string topology = "mesh:8x8x8";
  std::string routing;  ///< empty: the topology's default (deadlock-free) routing
  /// Selection function ("first", "credits"); empty: credits for adaptive
  /// routings, first otherwise.
  std::string selection;
  /// Allocator arbitration ("round-robin", "age"); empty: the routing's
  /// default (round-robin for the routings the RTL implements, else age).
  std::string arbitration;
  /// VC and switch allocator ("separable", "islip": router/allocator.h) and
  /// iSLIP's iterations per cycle (1 to kMaxAllocIters; more than 1 with
  /// islip only).
  std::string allocator = "separable";
  unsigned alloc_iters = 1;
  /// Switch inputs per input port (RouterConfig::input_speedup; 1 to
  /// kMaxInputSpeedup, above 1 with islip only).
  unsigned input_speedup = 1;
  /// Switch outputs per output port (RouterConfig::output_speedup; 1 to
  /// kMaxInputSpeedup, above 1 with islip only).
  unsigned output_speedup = 1;
  /// Speculative switch allocation (RouterConfig::speculative; islip only).
  bool speculative = false;
  unsigned vcs = 0;  ///< 0 = what the routing needs, at least 2
  unsigned buffer = 8;       ///< flits per VC buffer
  /// Cycles a flit (and a credit) takes over each router-to-router link, 1
  /// to kMaxLinkLatency; links of more than one cycle are pipelined.
  unsigned link_latency = 1;
  /// Set: each router-to-router link's latency, at n * num_ports + p (0
  /// where node n has no link on port p), for links of different lengths
  /// (the driver's --link-latency auto fills it from the floorplan); empty:
  /// every link takes link_latency cycles.
  std::vector<unsigned> link_latencies;
  /// Accept a buffer shallower than the credit round trip of the longest
  /// link (min_full_rate_buffer): that link then cannot carry a flit every cycle.
  bool allow_shallow = false;
  /// Cycles a router takes to count a credit that reaches one of its
  /// outputs, beyond the link (BookSim's credit_delay; 0, the default: in the
  /// cycle it arrives). The RTL: 0.
  unsigned credit_delay = 0;
  /// Router pipeline stages beyond the RTL's (docs/microarchitecture.md §7;
  /// 0, the default: none; the RTL runs none). routing_delay: cycles a
  /// head at the front of an idle input VC waits (route computation) before
  /// it requests a VC. traversal_delay: cycles a flit that wins the switch
  /// takes to cross it beyond wormsim's, on every router output (network
  /// and ejection ports); credits are not delayed.
  unsigned routing_delay = 0;
  unsigned traversal_delay = 0;
  /// An output VC goes to a new packet only once the previous packet's last
  /// credit is back (BookSim's wait_for_tail_credit; the RTL: false).
  bool wait_for_tail_credit = false;
  unsigned packet = 4;       ///< flits per packet (with a mix: its longest)
  /// Set: packet lengths drawn from this range or mix (packet_lengths.h).
  std::optional<PacketLengths> packet_mix;
  unsigned local_ports = 1;  ///< injection and ejection channels per node
  /// Flit data bits (the RTL's FlitW): a list worm's address flit holds
  /// flit_bits / 16 node ids, so worm lengths in flits match the RTL's.
  unsigned flit_bits = 64;
  std::string traffic = "uniform";  ///< a name of traffic_patterns()
  /// Packets may be bound for their own node (PatternConfig::self_packets:
  /// BookSim's patterns); they cross the node's own router.
  bool self_packets = false;
  double rate = 0.1;  ///< flits/node/cycle, in (0, 1]
  std::string injection = "bernoulli";  ///< a name of injections()
  double burst = 8;   ///< on/off injection: mean packets per burst
  /// markov injection: per-cycle probabilities of turning on and off.
  double burst_alpha = 0.5, burst_beta = 0.5;
  /// The settle rule (sim/settle.h; period 0: off): the window ends once the
  /// latency and accepted rate settle, or the run once the latency passes
  /// the limit.
  SettleConfig settle;
  /// Set: packets come from this trace file (trace.h) instead of traffic,
  /// rate, injection and packet.
  std::string trace;
  NodeId hotspot_node = 0;
  double hotspot_fraction = 0.1;
  /// Packets a node's source queue holds; 0 = unbounded (the default). While
  /// a node's queue is full, the packets its source would create are not
  /// created (BookSim's behaviour), and the run reports the gap between
  /// offered and created load.
  unsigned source_queue = 0;
  double eject_rate = 1.0;  ///< chance per cycle that a node consumes a flit per channel
  /// Ejection VCs for absorbing multi-destination worms: "per-class" (high and
  /// low worms on separate consumption channels) or "shared".
  std::string consumption = "per-class";
  Cycle warmup = 1000;
  Cycle cycles = 10000;     ///< measurement window; 0 with a trace: up to its last packet
  Cycle drain_limit = 0;    ///< cycles allowed after the window; 0 = 10 x cycles + 10000
  Cycle watchdog = 5000;    ///< cycles without any flit moving that count as no progress (>= kMinWatchdog)
  bool deadlock_check = true;   ///< prove the routing deadlock-free before simulating
  Cycle deadlock_interval = 64; ///< cycles between runtime wait-for checks; 0 = off
  std::uint64_t seed = 1;
  /// Threads evaluating the fabric (Network::set_threads); 0 = auto: the
  /// cores this process may use, or 1 below kParallelMinNodes nodes. Results
  /// do not depend on it.
  unsigned threads = 1;
  /// How the threads share the fabric (network/lane_balancer.h).
  LaneCut lane_cut = LaneCut::Time;
  bool force = false;  ///< run even past this machine's limits (sim/limits.h)
  /// Time every phase of the cycle loop, per lane (network/profile.h):
  /// Results::profile. Changes no result.
  bool profile = false;
  std::string json;  ///< output file, empty = none
  std::string vcd;   ///< waveform file (.vcd, or .fst: converted at the end), empty = none
  Cycle vcd_start = 0;            ///< first cycle the waveform records
  Cycle vcd_end = ~Cycle{0};      ///< first cycle it no longer records
  std::string vcd_routers;        ///< comma-separated routers (names or ids) whose links it records; empty = all
  std::string link_csv;  ///< per-link utilisation in the window, empty = none
  /// The cost model's settings: what `wormsim run` reports in joules,
  /// nanoseconds and millimetres beside the cycles (sim/driver/physical.h).
  /// They change no cycle of the simulation (link_latency_auto only chooses
  /// link_latencies before it starts).
  struct Physical {
    std::string energy = "auto";      ///< auto | none | a table's name | a table file (.json)
    bool energy_any = false;          ///< accept a named table made for another router configuration
    double clock_mhz = 0;             ///< 0: the table's fmax
    double tile_mm = 0;               ///< tile edge; 0: sqrt(router area + core_mm2)
    double core_mm2 = 4.0;            ///< core and cache area beside each router
    std::string z_layout = "stacked";  ///< stacked | planar (ZLayout)
    std::string floorplan = "family";  ///< family | grid | grid:CxR
    double payload_activity = 0.5;    ///< chance that a payload bit toggles between flits
    bool link_latency_auto = false;   ///< link_latencies from the floorplan, the wires and the clock
  } physical;
};

/// The latency of node n's link on network port p under `s` (routers of
/// `num_ports` network ports).
unsigned link_latency_of(const Scenario& s, unsigned num_ports, NodeId n, PortId p);
/// The longest link latency of `s`.
unsigned max_link_latency(const Scenario& s);

/// Limits of the integer settings, shared by their checks and their help.
constexpr unsigned kMaxVcs = 16;
constexpr unsigned kMaxInputSpeedup = 8;
constexpr unsigned kMaxLocalPorts = 16;
constexpr unsigned kMaxBuffer = 1024;
/// The longest warm-up, window, drain or watchdog a run accepts.
constexpr Cycle kMaxCycles = Cycle{1} << 40;
/// The longest routing or traversal delay a router takes (Scenario).
constexpr unsigned kMaxPipelineDelay = 16;

/// The smallest offered load accepted: below it a run of any accepted length
/// would carry no traffic to measure.
constexpr double kMinRate = 1e-9;
/// The shortest watchdog: a head waits 3 cycles per hop and a credit 4, so
/// shorter stalls are the pipeline's own, not a lack of progress.
constexpr Cycle kMinWatchdog = 64;
/// Fabrics smaller than this run on one thread under `threads: auto`: below
/// it the per-cycle hand-off costs more than the lanes save (docs/measured.md).
constexpr std::size_t kParallelMinNodes = 1000;

/// The packet lengths of synthetic traffic: the mix, or `packet` flits.
inline PacketLengths packet_lengths(const Scenario& s) {
  return s.packet_mix ? *s.packet_mix : PacketLengths(s.packet);
}

/// The credit round trip over a router-to-router link of `latency` cycles
/// (docs/microarchitecture.md, section 7): a credit spent by the upstream
/// switch allocation in cycle s is usable again in s + 2 x latency + 2 (the
/// flit crosses the link, the downstream switch allocation sends it on, the
/// credit crosses back). A VC buffer at least this deep lets one VC carry a
/// flit every cycle. A credit delay of C cycles adds C, a traversal delay
/// of X cycles adds X.
constexpr unsigned min_full_rate_buffer(unsigned latency, unsigned credit_delay = 0, unsigned traversal_delay = 0) {
  return 2 * latency + credit_delay + traversal_delay + 2;
}

/// Throws ConfigError for the first bad field.
void validate(const Scenario& s);

}  // namespace wormsim
