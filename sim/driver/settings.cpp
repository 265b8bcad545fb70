#include "settings.h"

#include "physical.h"

#include <cerrno>
#include <cstdlib>
#include <algorithm>
#include <fstream>

#include <yaml-cpp/yaml.h>

#include <wormsim/core/choice.h>
#include <wormsim/core/config_error.h>
#include <wormsim/core/input_file.h>
#include <wormsim/router/allocator.h>
#include <wormsim/router/arbitration.h>
#include <wormsim/router/selection.h>
#include <wormsim/routing/registry.h>
#include <wormsim/topology/floorplan.h>
#include <wormsim/topology/registry.h>
#include <wormsim/traffic/injection.h>
#include <wormsim/traffic/packet_lengths.h>
#include <wormsim/traffic/pattern.h>

namespace wormsim::driver {
namespace {

std::uint64_t parse_uint(const std::string& key, const std::string& v, std::uint64_t min,
                         std::uint64_t max) {
  const std::string expected = "expected an integer from " + std::to_string(min) + " to " +
                               std::to_string(max) + ", got '" + v + "'";
  if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos)
    throw ConfigError(key, expected);
  errno = 0;
  const unsigned long long x = std::strtoull(v.c_str(), nullptr, 10);
  if (errno == ERANGE || x < min || x > max) throw ConfigError(key, expected);
  return x;
}

double parse_probability(const std::string& key, const std::string& v, bool zero_ok) {
  const std::string expected = std::string("expected a number in ") + (zero_ok ? "[0, 1]" : "(0, 1]");
  const double x = parse_decimal(key, v, expected, 0.0, 1.0);
  if (!zero_ok && x == 0.0) throw ConfigError(key, expected + ", got '" + v + "'");
  return x;
}

bool parse_bool(const std::string& key, const std::string& v) {
  if (v == "true" || v == "yes" || v == "on" || v == "1") return true;
  if (v == "false" || v == "no" || v == "off" || v == "0") return false;
  throw ConfigError(key, "expected true or false, got '" + v + "'");
}

unsigned u32(const std::string& k, const std::string& v, unsigned min, unsigned max) {
  return static_cast<unsigned>(parse_uint(k, v, min, max));
}

/// An integer setting: its help names the range "{range}" stands for, and
/// its check takes the same bounds, so the two cannot disagree.
template <class T>
Setting integer(const std::string& key, const std::string& help, std::uint64_t min, std::uint64_t max,
                T Scenario::*member) {
  std::string text = help;
  const std::string range = std::to_string(min) + "-" + std::to_string(max);
  if (const auto at = text.find("{range}"); at != std::string::npos) text.replace(at, 7, range);
  else text += " (" + range + ")";
  return {key, text, [key, min, max, member](Scenario& s, const std::string& v) {
            s.*member = static_cast<T>(parse_uint(key, v, min, max));
          }};
}

/// A true/false setting.
Setting boolean(const std::string& key, const std::string& help, bool Scenario::*member) {
  return {key, help, [key, member](Scenario& s, const std::string& v) { s.*member = parse_bool(key, v); }};
}

/// A setting that names a member of a policy table: `check` throws
/// ConfigError(key) for a name it does not know.
Setting named(const std::string& key, const std::string& help, std::string Scenario::*member,
              void (*check)(const std::string& name, const std::string& field)) {
  return {key, help, [key, member, check](Scenario& s, const std::string& v) {
            check(v, key);
            s.*member = v;
          }};
}

std::string routing_help() {
  return routing_name_list() + " ('--routing list' describes them; default: the topology's deadlock-free one)";
}

std::string arbitration_help() {
  return choice_names(arbitrations()) + " (allocator arbitration; default: the routing's, see '--routing list')";
}

std::string selection_help() {
  return choice_names(selections()) + " (default: credits for adaptive routings, first otherwise)";
}

}  // namespace

const std::vector<Setting>& settings() {
  static const std::vector<Setting> table = {
      {"topology", "network: " + topology_syntax_list() + " ('wormsim topo list' describes them)",
       [](Scenario& s, const std::string& v) { s.topology = v; }},
      {"routing", routing_help(),
       [](Scenario& s, const std::string& v) {
         if (find_routing(v) == nullptr)
           throw ConfigError("routing", "unknown routing '" + v + "' (expected one of: " + routing_name_list() + ")");
         s.routing = v;
       }},
      named("selection", selection_help(), &Scenario::selection,
            [](const std::string& v, const std::string& f) { parse_selection(v, f); }),
      named("arbitration", arbitration_help(), &Scenario::arbitration,
            [](const std::string& v, const std::string& f) { parse_arbitration(v, f); }),
      named("allocator",
            choice_names(allocators()) +
                " (VC and switch allocation; default separable, what the RTL runs; islip is BookSim 2's iSLIP)",
            &Scenario::allocator, [](const std::string& v, const std::string& f) { parse_allocator(v, f); }),
      integer("input_speedup", "switch inputs per input port: VC v crosses by input v mod N, so a port sends up "
                               "to N flits a cycle ({range}, default 1; above 1 with --allocator islip; BookSim's "
                               "input_speedup)",
              1, kMaxInputSpeedup, &Scenario::input_speedup),
      integer("output_speedup", "switch outputs per output port: input port p crosses by output p mod N, so up to N "
                                "flits a cycle cross to one port and queue there for its link ({range}, default 1; "
                                "above 1 with --allocator islip; BookSim's output_speedup)",
              1, kMaxInputSpeedup, &Scenario::output_speedup),
      boolean("speculative", "speculative switch allocation: a head bids for the switch in the cycle it bids for a VC "
                             "and crosses then if it wins both on one port (true/false, default false; with "
                             "--allocator islip; BookSim's speculative)",
              &Scenario::speculative),
      integer("alloc_iters", "iSLIP iterations per cycle ({range}, default 1; more than 1 with --allocator islip)", 1,
              kMaxAllocIters, &Scenario::alloc_iters),
      integer("vcs", "virtual channels per port ({range}; default: what the routing needs, at least 2; "
                     "(network + local ports) x VCs <= 64)",
              1, kMaxVcs, &Scenario::vcs),
      {"flit_bits", "flit data bits, the RTL's FlitW (32-1024, a multiple of 16; default 64): a list worm's "
                    "address flit holds flit_bits / 16 destinations",
       [](Scenario& s, const std::string& v) { s.flit_bits = u32("flit_bits", v, 32, 1024); }},
      integer("buffer", "flit buffer depth per VC", 1, kMaxBuffer, &Scenario::buffer),
      {"link_latency", "cycles per router-to-router link, flits forward and credits back (1-" +
                           std::to_string(kMaxLinkLatency) + "; or auto: each link's wire delay on the floorplan at "
                           "the clock, docs/floorplan.md; links over one cycle are pipelined, and the buffer must "
                           "cover the credit round trip, 2 x latency + 2 flits, or --allow-shallow)",
       [](Scenario& s, const std::string& v) {
         s.physical.link_latency_auto = v == "auto";
         s.link_latency = v == "auto" ? 1 : u32("link_latency", v, 1, kMaxLinkLatency);
       }},
      boolean("allow_shallow", "accept a buffer shallower than a long link's credit round trip (true/false)",
              &Scenario::allow_shallow),
      integer("credit_delay", "cycles a router takes to count a credit that reaches an output, beyond the link "
                              "(BookSim's credit_delay; {range}, default 0; the RTL runs 0)",
              0, kMaxLinkLatency - 1, &Scenario::credit_delay),
      integer("routing_delay", "cycles a head waits for its route before it requests a VC, per router "
                               "({range}, default 0; the RTL runs 0)",
              0, kMaxPipelineDelay, &Scenario::routing_delay),
      integer("traversal_delay", "cycles a flit takes to cross the switch beyond the RTL's, on every router "
                                 "output ({range}, default 0; the RTL runs 0)",
              0, kMaxPipelineDelay, &Scenario::traversal_delay),
      boolean("self_packets", "let traffic send a packet to its own node, through its own router, as BookSim's "
                              "patterns do (true/false, default false: uniform draws among the other nodes, a node "
                              "a permutation maps onto itself sends nothing)",
              &Scenario::self_packets),
      boolean("wait_for_tail_credit", "give an output VC to a new packet only once the previous one's last credit "
                                      "is back (true/false, default false; the RTL runs false)",
              &Scenario::wait_for_tail_credit),
      {"energy", "the router energy table: auto (the nearest recorded one with this router's ports), none, a "
                 "recorded table's name (" + recorded_table_names() + ") or a table file (.json, scripts/energy)",
       [](Scenario& s, const std::string& v) { s.physical.energy = v; }},
      {"energy_any", "use a table named by --energy even when it was made for another router (true/false; the "
                     "summary says so)",
       [](Scenario& s, const std::string& v) { s.physical.energy_any = parse_bool("energy_any", v); }},
      {"clock_mhz", "clock for nanoseconds, Gb/s, power and --link-latency auto, in (0, 1e5] MHz (default: the "
                    "energy table's fmax)",
       [](Scenario& s, const std::string& v) {
         s.physical.clock_mhz = parse_decimal("clock_mhz", v, "expected a clock in (0, 1e5] MHz", 0.0, 1e5);
         if (s.physical.clock_mhz <= 0) throw ConfigError("clock_mhz", "expected a clock in (0, 1e5] MHz, got '" + v + "'");
       }},
      {"tile_mm", "tile edge in mm, in (0, 1000] (default: the square root of the router's area plus --core-mm2)",
       [](Scenario& s, const std::string& v) {
         s.physical.tile_mm = parse_decimal("tile_mm", v, "expected a positive tile edge up to 1000 mm", 0.0, 1000.0);
         if (s.physical.tile_mm <= 0) throw ConfigError("tile_mm", "expected a positive tile edge up to 1000 mm, got '" + v + "'");
       }},
      {"core_mm2", "core and cache area beside each router, in [0, 1e4] mm2 (default 4; sets the tile with the "
                   "router's area)",
       [](Scenario& s, const std::string& v) {
         s.physical.core_mm2 = parse_decimal("core_mm2", v, "expected an area in [0, 1e4] mm2", 0.0, 1e4);
       }},
      {"floorplan", "family (each family's placement, docs/floorplan.md), grid (id order on a near-square grid) or "
                    "grid:CxR",
       [](Scenario& s, const std::string& v) { s.physical.floorplan = v; }},
      {"z_layout", "the third dimension as stacked dies (through-silicon vias) or planar (folded beside the first "
                   "layer): " + choice_names(z_layouts()),
       [](Scenario& s, const std::string& v) {
         parse_choice(z_layouts(), v, "z_layout", "z layout");
         s.physical.z_layout = v;
       }},
      {"payload_activity", "chance that a payload bit toggles from one flit to the next, [0, 1] (default 0.5: "
                           "random data)",
       [](Scenario& s, const std::string& v) {
         s.physical.payload_activity = parse_probability("payload_activity", v, true);
       }},
      {"packet", "flits per packet: a length (1-65535), a uniform range '2..8' or a mix of length:share "
                 "'1:0.8,5:0.2' (latency is reported per length)",
       [](Scenario& s, const std::string& v) {
         const PacketLengths lengths = PacketLengths::parse("packet", v);
         s.packet = lengths.longest();
         if (lengths.fixed()) s.packet_mix.reset();
         else s.packet_mix = lengths;
       }},
      integer("local_ports", "injection and ejection channels per node", 1, kMaxLocalPorts, &Scenario::local_ports),
      {"traffic", names_of(traffic_patterns()) + " (destinations; '--traffic list' describes them)",
       [](Scenario& s, const std::string& v) {
         if (v != "list") find_pattern(v);
         s.traffic = v;
       }},
      {"injection", names_of(injections()) + " (when nodes create packets; '--injection list' describes them)",
       [](Scenario& s, const std::string& v) {
         if (v != "list") find_injection(v);
         s.injection = v;
       }},
      {"burst", "onoff injection: mean packets per burst (1-1e6; checked with the scenario)",
       [](Scenario& s, const std::string& v) {
         s.burst = parse_decimal("burst", v, "expected a mean burst length of 1 to 1e6 packets");
       }},
      {"burst_alpha", "markov injection: probability per cycle that an off node turns on ((0, 1], default 0.5)",
       [](Scenario& s, const std::string& v) {
         s.burst_alpha = parse_decimal("burst_alpha", v, "expected a probability in (0, 1]", 1e-300, 1.0);
       }},
      {"burst_beta", "markov injection: probability per cycle that an on node turns off ([0, 1], default 0.5)",
       [](Scenario& s, const std::string& v) {
         s.burst_beta = parse_decimal("burst_beta", v, "expected a probability in [0, 1]", 0.0, 1.0);
       }},
      {"settle_period", "the settle rule's period in cycles (0-" + std::to_string(kMaxCycles) +
                            "; 0, the default: off): the window ends once latency and accepted rate settle "
                            "(docs/reference.md)",
       [](Scenario& s, const std::string& v) { s.settle.period = parse_uint("settle_period", v, 0, kMaxCycles); }},
      {"settle_latency_change", "settle rule: the largest relative change of the average latency in a settled "
                                "period (default 0.05)",
       [](Scenario& s, const std::string& v) {
         s.settle.latency_change = parse_decimal("settle_latency_change", v, "expected a relative change of at least 0", 0.0);
       }},
      {"settle_accepted_change", "settle rule: the largest relative change of the accepted rate in a settled "
                                 "period (default 0.05)",
       [](Scenario& s, const std::string& v) {
         s.settle.accepted_change = parse_decimal("settle_accepted_change", v, "expected a relative change of at least 0", 0.0);
       }},
      {"latency_limit", "settle rule: end the run as unstable once the average latency, with the flits in flight "
                        "at their age, passes this many cycles at a period's end (off, the default, or a number)",
       [](Scenario& s, const std::string& v) {
         s.settle.latency_limit = v == "off" ? -1.0 : parse_decimal("latency_limit", v, "expected off or a number of cycles of at least 0", 0.0);
       }},
      {"trace", "replay this packet trace (lines 'cycle source destination length', see the README) instead "
                "of --traffic/--rate; window: the whole trace unless --warmup/--cycles are given",
       [](Scenario& s, const std::string& v) { s.trace = v; }},
      {"rate", "offered load in flits/node/cycle, in [1e-9, 1]",
       [](Scenario& s, const std::string& v) {
         s.rate = parse_decimal("rate", v, "expected an injection rate in [1e-9, 1] flits/node/cycle", kMinRate, 1.0);
       }},
      integer("hotspot_node", "hotspot traffic: the hot node id", 0, 1u << 20, &Scenario::hotspot_node),
      {"hotspot_fraction", "hotspot traffic: share of packets to the hot node, [0, 1]",
       [](Scenario& s, const std::string& v) {
         s.hotspot_fraction = parse_probability("hotspot_fraction", v, true);
       }},
      integer("source_queue", "packets each node's source queue holds ({range}); 0 = unbounded (default). While "
                              "it is full the node creates nothing and the run reports offered against created load",
              0, 1000000, &Scenario::source_queue),
      {"eject_rate", "chance per cycle that a node consumes a flit (back-pressure), (0, 1]",
       [](Scenario& s, const std::string& v) { s.eject_rate = parse_probability("eject_rate", v, false); }},
      {"consumption", "ejection VCs for absorbing multicast worms: per-class | shared",
       [](Scenario& s, const std::string& v) { s.consumption = v; }},
      integer("warmup", "warm-up cycles before measuring", 0, kMaxCycles, &Scenario::warmup),
      integer("cycles", "measured cycles", 1, kMaxCycles, &Scenario::cycles),
      integer("drain_limit", "cycles allowed to drain after the window ({range}; 0 = 10 x cycles + 10000)", 0,
              kMaxCycles, &Scenario::drain_limit),
      integer("watchdog", "cycles without any flit moving that stop the run (exit 3)", kMinWatchdog, kMaxCycles,
              &Scenario::watchdog),
      boolean("deadlock_check", "prove the routing deadlock-free before simulating (true/false)",
              &Scenario::deadlock_check),
      integer("deadlock_interval", "cycles between runtime deadlock (wait-for cycle) checks ({range}; 0 = off)", 0,
              kMaxCycles, &Scenario::deadlock_interval),
      integer("seed", "random seed", 0, ~0ull, &Scenario::seed),
      {"threads", "threads evaluating the fabric: 1-256, or auto (the cores this process may use; 1 below " +
                      std::to_string(kParallelMinNodes) + " nodes); results are identical for any number",
       [](Scenario& s, const std::string& v) { s.threads = v == "auto" ? 0 : u32("threads", v, 1, 256); }},
      {"lane_cut", "how threads share the fabric: " + choice_names(lane_cuts(), ", ") +
                       " (results are identical either way)",
       [](Scenario& s, const std::string& v) { s.lane_cut = find_named(lane_cuts(), v, "lane_cut", "lane cut").value; }},
      boolean("force", "run even where the estimates pass this machine's limits: memory over 80% of what is "
                       "available, a static deadlock proof over 60 s (true/false)",
              &Scenario::force),
      {"json", "write the summary as JSON to this file",
       [](Scenario& s, const std::string& v) { s.json = v; }},
      {"vcd", "write a waveform of every link to this file: VCD, or FST if it ends in .fst (smaller; GTKWave "
              "opens it fastest); see --vcd-window and --vcd-routers",
       [](Scenario& s, const std::string& v) { s.vcd = v; }},
      {"vcd_window", "record the waveform only for cycles START:END (END excluded; 'START:' to the end)",
       [](Scenario& s, const std::string& v) {
         const auto colon = v.find(':');
         if (colon == std::string::npos)
           throw ConfigError("vcd_window", "expected START:END cycles (e.g. 1000:1200), got '" + v + "'");
         s.vcd_start = parse_uint("vcd_window", v.substr(0, colon), 0, kMaxCycles);
         const std::string end = v.substr(colon + 1);
         s.vcd_end = end.empty() ? ~Cycle{0} : parse_uint("vcd_window", end, 1, kMaxCycles);
         if (s.vcd_end <= s.vcd_start)
           throw ConfigError("vcd_window", "expected START < END, got '" + v + "'");
       }},
      {"vcd_routers", "record only the links of these routers (comma-separated names such as r1_2_0, or ids)",
       [](Scenario& s, const std::string& v) {
         if (v.empty()) throw ConfigError("vcd_routers", "expected router names or ids, got nothing");
         s.vcd_routers = v;
       }},
      {"link_csv", "write every directed router-to-router link's flits and utilisation in the window (CSV)",
       [](Scenario& s, const std::string& v) { s.link_csv = v; }},
  };
  return table;
}

const Setting& setting(const std::string& key) {
  for (const auto& st : settings())
    if (st.key == key) return st;
  throw std::logic_error("no setting " + key);
}

std::string flag_of(const std::string& key) {
  std::string f = "--" + key;
  for (char& c : f)
    if (c == '_') c = '-';
  return f;
}

void apply_trace_window(Scenario& s, const std::vector<std::string>& given) {
  if (s.trace.empty()) return;
  auto has = [&](const char* k) { return std::find(given.begin(), given.end(), k) != given.end(); };
  if (!has("warmup")) s.warmup = 0;
  if (!has("cycles")) s.cycles = 0;
}

void apply_setting(const Setting& st, Scenario& s, const std::string& value) {
  if (value.empty()) throw ConfigError(st.key, "expected a value, got an empty string (leave the setting out instead)");
  st.apply(s, value);
}

std::vector<std::string> apply_yaml_file(Scenario& s, const std::string& path) {
  std::vector<std::string> given;
  std::ifstream in = open_input_file("config", path, "scenario");
  std::vector<YAML::Node> documents;
  try {
    documents = YAML::LoadAll(in);
  } catch (const YAML::Exception& e) {
    throw ConfigError("config", "malformed YAML in '" + path + "' at line " +
                                    std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
  if (documents.size() > 1)
    throw ConfigError("config", "'" + path + "' holds " + std::to_string(documents.size()) +
                                    " YAML documents; expected one mapping of settings");
  if (documents.empty() || documents[0].IsNull()) return given;
  const YAML::Node& root = documents[0];
  if (!root.IsMap()) throw ConfigError("config", "expected a mapping of settings in '" + path + "'");
  for (const auto& kv : root) {
    if (!kv.first.IsScalar()) throw ConfigError("config", "expected setting names as keys in '" + path + "'");
    const std::string key = kv.first.as<std::string>();
    const Setting* setting = nullptr;
    for (const auto& st : settings())
      if (st.key == key) setting = &st;
    if (setting == nullptr) {
      std::string keys;
      for (const auto& st : settings()) keys += (keys.empty() ? "" : ", ") + st.key;
      throw ConfigError("config", "unknown key '" + key + "' in '" + path + "' (expected one of: " +
                                      keys + ")");
    }
    if (std::find(given.begin(), given.end(), key) != given.end())
      throw ConfigError(key, "given twice in '" + path + "' (which one was meant is ambiguous)");
    if (!kv.second.IsScalar())
      throw ConfigError(key, "expected a single value in '" + path + "'");
    apply_setting(*setting, s, kv.second.as<std::string>());
    given.push_back(key);
  }
  return given;
}

}  // namespace wormsim::driver
