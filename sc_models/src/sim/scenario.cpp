#include <wormsim/sim/scenario.h>

#include <wormsim/multicast/worm.h>
#include <wormsim/router/allocator.h>
#include <wormsim/router/arbitration.h>
#include <wormsim/router/selection.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

#include <wormsim/core/config_error.h>

namespace wormsim {
namespace {

std::string number(double x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

}  // namespace

unsigned link_latency_of(const Scenario& s, unsigned num_ports, NodeId n, PortId p) {
  return s.link_latencies.empty() ? s.link_latency : s.link_latencies[std::size_t{n} * num_ports + p];
}

unsigned max_link_latency(const Scenario& s) {
  unsigned m = s.link_latency;
  if (!s.link_latencies.empty()) m = *std::max_element(s.link_latencies.begin(), s.link_latencies.end());
  return m;
}

void validate(const Scenario& s) {
  if (s.vcs > kMaxVcs)
    throw ConfigError("vcs", "expected 1 to " + std::to_string(kMaxVcs) + " VCs, got " + std::to_string(s.vcs));
  if (s.flit_bits < 32 || s.flit_bits > 1024 || s.flit_bits % 16 != 0)
    throw ConfigError("flit_bits", "expected 32 to 1024 bits, a multiple of 16, got " + std::to_string(s.flit_bits));
  if (s.buffer < 1 || s.buffer > kMaxBuffer)
    throw ConfigError("buffer", "expected a buffer depth of 1 to " + std::to_string(kMaxBuffer) + " flits, got " +
                                    std::to_string(s.buffer));
  if (s.link_latency < 1 || s.link_latency > kMaxLinkLatency)
    throw ConfigError("link_latency", "expected 1 to " + std::to_string(kMaxLinkLatency) + " cycles per link, got " +
                                          std::to_string(s.link_latency));
  for (const unsigned l : s.link_latencies)
    if (l > kMaxLinkLatency)
      throw ConfigError("link_latency", "a link of " + std::to_string(l) + " cycles: expected at most " +
                                            std::to_string(kMaxLinkLatency) + " (a shorter clock or floorplan)");
  if (s.routing_delay > kMaxPipelineDelay)
    throw ConfigError("routing_delay", "expected 0 to " + std::to_string(kMaxPipelineDelay) + " cycles, got " +
                                           std::to_string(s.routing_delay));
  if (s.traversal_delay > std::min(kMaxPipelineDelay, kMaxLinkLatency - max_link_latency(s)))
    throw ConfigError("traversal_delay", "expected 0 to " +
                                             std::to_string(std::min(kMaxPipelineDelay, kMaxLinkLatency - max_link_latency(s))) +
                                             " cycles (the longest link plus the traversal delay at most " +
                                             std::to_string(kMaxLinkLatency) + "), got " + std::to_string(s.traversal_delay));
  if (s.credit_delay > kMaxLinkLatency - max_link_latency(s))
    throw ConfigError("credit_delay", "expected 0 to " + std::to_string(kMaxLinkLatency - max_link_latency(s)) +
                                          " cycles (the longest link plus the credit delay at most " +
                                          std::to_string(kMaxLinkLatency) + "), got " + std::to_string(s.credit_delay));
  if (const unsigned longest = max_link_latency(s);
      (longest > 1 || s.credit_delay > 0 || s.traversal_delay > 0) && !s.allow_shallow &&
      s.buffer < min_full_rate_buffer(longest, s.credit_delay, s.traversal_delay))
    throw ConfigError("buffer", std::to_string(s.buffer) + " flits is shallower than the credit round trip of a " +
                                    std::to_string(longest) + "-cycle link" +
                                    (s.credit_delay ? " with a " + std::to_string(s.credit_delay) + "-cycle credit delay"
                                                    : std::string()) +
                                    ": expected at least " +
                                    std::to_string(min_full_rate_buffer(longest, s.credit_delay, s.traversal_delay)) +
                                    " for a flit every cycle (or --allow-shallow)");
  if (s.packet < 1 || s.packet > 65535)
    throw ConfigError("packet", "expected a packet length of 1 to 65535 flits, got " + std::to_string(s.packet));
  if (s.local_ports < 1 || s.local_ports > kMaxLocalPorts)
    throw ConfigError("local_ports", "expected 1 to " + std::to_string(kMaxLocalPorts) + " local ports, got " +
                                         std::to_string(s.local_ports));
  if (!(s.rate >= kMinRate && s.rate <= 1.0))
    throw ConfigError("rate", "expected an injection rate in [1e-9, 1] flits/node/cycle, got " + number(s.rate));
  parse_consumption(s.consumption, "consumption");
  if (!s.selection.empty()) parse_selection(s.selection, "selection");
  if (!s.arbitration.empty()) parse_arbitration(s.arbitration, "arbitration");
  const bool islip = parse_allocator(s.allocator, "allocator") == Allocator::Islip;
  if (s.alloc_iters < 1 || s.alloc_iters > kMaxAllocIters)
    throw ConfigError("alloc_iters", "expected 1 to " + std::to_string(kMaxAllocIters) + " iterations, got " +
                                         std::to_string(s.alloc_iters));
  if (s.alloc_iters > 1 && !islip)
    throw ConfigError("alloc_iters", "expected 1 with the separable allocator (iterations are iSLIP's: --allocator islip)");
  if (s.input_speedup < 1 || s.input_speedup > kMaxInputSpeedup)
    throw ConfigError("input_speedup", "expected 1 to " + std::to_string(kMaxInputSpeedup) + " switch inputs per port, got " +
                                           std::to_string(s.input_speedup));
  if (s.input_speedup > 1 && !islip)
    throw ConfigError("input_speedup", "expected 1 with the separable allocator (an input speedup runs with "
                                       "--allocator islip, as BookSim's default)");
  if (s.output_speedup < 1 || s.output_speedup > kMaxInputSpeedup)
    throw ConfigError("output_speedup", "expected 1 to " + std::to_string(kMaxInputSpeedup) +
                                            " switch outputs per port, got " + std::to_string(s.output_speedup));
  if (s.output_speedup > 1 && !islip)
    throw ConfigError("output_speedup", "expected 1 with the separable allocator (an output speedup runs with "
                                        "--allocator islip, as BookSim's default)");
  if (s.speculative && !islip)
    throw ConfigError("speculative", "expected false with the separable allocator (speculative switch allocation "
                                     "runs with --allocator islip, as BookSim's default)");
  if (islip && !s.arbitration.empty() && parse_arbitration(s.arbitration, "arbitration") != Arbitration::RoundRobin)
    throw ConfigError("arbitration", "expected round-robin with --allocator islip (its pointers are round-robin)");
  if (islip && !s.selection.empty() && parse_selection(s.selection, "selection") != Selection::First)
    throw ConfigError("selection", "expected first with --allocator islip (a head requests every free VC of its "
                                   "candidates; the accept pointer chooses)");
  if (!(s.eject_rate > 0.0 && s.eject_rate <= 1.0))
    throw ConfigError("eject_rate", "expected a consumption probability in (0, 1], got " + std::to_string(s.eject_rate));
  if (s.cycles < 1 && s.trace.empty()) throw ConfigError("cycles", "expected at least 1 measured cycle");
  if (!(s.burst >= 1.0 && s.burst <= 1e6))
    throw ConfigError("burst", "expected a mean burst length of 1 to 1e6 packets, got " + number(s.burst));
  if (s.settle.period != 0) {
    if (s.settle.period > kMaxCycles)
      throw ConfigError("settle_period", "expected at most " + std::to_string(kMaxCycles) + " cycles");
    if (s.warmup % s.settle.period != 0 || s.cycles % s.settle.period != 0)
      throw ConfigError("settle_period", "the warm-up (" + std::to_string(s.warmup) + ") and the window (" +
                                             std::to_string(s.cycles) + ") must be whole numbers of periods of " +
                                             std::to_string(s.settle.period) + " cycles");
    if (!s.trace.empty()) throw ConfigError("settle_period", "a trace is replayed whole: no settle rule");
  }
  if (!(s.settle.latency_change >= 0.0))
    throw ConfigError("settle_latency_change", "expected a relative change of at least 0");
  if (!(s.settle.accepted_change >= 0.0))
    throw ConfigError("settle_accepted_change", "expected a relative change of at least 0");
  if (s.watchdog < kMinWatchdog)
    throw ConfigError("watchdog", "expected at least " + std::to_string(kMinWatchdog) +
                                      " cycles (shorter stalls are the pipeline's own), got " + std::to_string(s.watchdog));
}

}  // namespace wormsim
