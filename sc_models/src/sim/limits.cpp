#include <wormsim/sim/limits.h>

#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include <wormsim/core/config_error.h>
#include <wormsim/core/fifo.h>
#include <wormsim/core/flit.h>
#include <wormsim/network/worker_pool.h>

namespace wormsim {

unsigned run_threads(const Scenario& s, std::size_t nodes) {
  if (s.threads != 0) return s.threads;
  return nodes < kParallelMinNodes ? 1u : available_cores();
}

ResourceEstimate estimate_resources(const Topology& t, const Scenario& s, double routing_tables, double proof_steps) {
  ResourceEstimate e;
  const double nodes = static_cast<double>(t.num_nodes());
  // Router inputs (network and local ports) and the NI's ejection buffers.
  const double buffers = static_cast<double>((t.num_ports + 2 * s.local_ports) * s.vcs);
  const unsigned threads = run_threads(s, t.num_nodes());
  e.memory_bytes =
      nodes * (kBytesPerNode + kBytesPerPortSpan * t.num_ports + kBytesPerPortEnds * (t.num_ports + s.local_ports) +
               kBytesPerInputVc * (t.num_ports + s.local_ports) * s.vcs +
               buffers * (kBytesPerVcBuffer + kBytesPerFlitSlot * static_cast<double>(Fifo<Flit>::ring_slots(s.buffer)))) +
      routing_tables + (threads > 1 ? nodes * kBytesPerNodeWithThreads + threads * kBytesPerThread : 0);
  e.check_steps = s.deadlock_check ? proof_steps : 0;
  e.check_seconds = e.check_steps / kCheckStepsPerSecond;
  if (s.trace.empty()) {
    e.node_cycles = nodes * (static_cast<double>(s.warmup) + static_cast<double>(s.cycles));
    e.run_seconds = e.node_cycles / kEstimateNodeCyclesPerSecond;
  }
  return e;
}

std::string format_duration(double seconds) {
  std::ostringstream os;
  os.setf(std::ios::fixed);
  os.precision(1);
  if (seconds < 120) os << seconds << " s";
  else if (seconds < 7200) os << seconds / 60 << " min";
  else if (seconds < 3 * 86400) os << seconds / 3600 << " h";
  else if (seconds < 1000 * 365.25 * 86400) os << seconds / 86400 << " days";
  else os << seconds / (365.25 * 86400) << " years";
  return os.str();
}

std::string long_run_warning(const ResourceEstimate& e) {
  if (e.run_seconds <= kLongRunSeconds) return "";
  std::ostringstream os;
  os.precision(3);
  os << "long run: " << e.node_cycles << " node-cycles before the drain, about " << format_duration(e.run_seconds)
     << " at " << kEstimateNodeCyclesPerSecond / 1e6
     << " M node-cycles/s; Ctrl-C stops it and writes the figures so far (--warmup/--cycles shorten it)";
  return os.str();
}

double available_memory_bytes() {
  double avail = 0;
  std::ifstream in("/proc/meminfo");
  std::string key, unit;
  double kb = 0;
  while (in >> key >> kb >> unit)
    if (key == "MemAvailable:") avail = kb * 1024;
  // A cap on this process (ulimit -v) or its cgroup counts too.
  rlimit lim{};
  if (getrlimit(RLIMIT_AS, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY) {
    const double cap = static_cast<double>(lim.rlim_cur);
    avail = avail > 0 ? std::min(avail, cap) : cap;
  }
  std::ifstream cg("/sys/fs/cgroup/memory.max");
  std::string max;
  if (cg >> max && max != "max") {
    std::ifstream cur_in("/sys/fs/cgroup/memory.current");
    double current = 0;
    cur_in >> current;
    const double room = std::stod(max) - current;
    if (room > 0) avail = avail > 0 ? std::min(avail, room) : room;
  }
  return avail;
}

std::string format_bytes(double bytes) {
  std::ostringstream os;
  os.setf(std::ios::fixed);
  os.precision(1);
  if (bytes >= 1e9) os << bytes / 1e9 << " GB";
  else if (bytes >= 1e6) os << bytes / 1e6 << " MB";
  else os << std::lround(bytes / 1e3) << " KB";
  return os.str();
}

void check_limits(const Topology& t, const Scenario& s, const ResourceEstimate& e, double available) {
  if (s.force) return;
  if (available > 0 && e.memory_bytes > kMemoryShare * available)
    throw ConfigError("topology", t.spec + " with " + std::to_string(s.vcs) + " VCs x " + std::to_string(s.buffer) +
                                      " flits needs about " + format_bytes(e.memory_bytes) + " (" +
                                      format_bytes(e.memory_bytes / static_cast<double>(t.num_nodes())) +
                                      " per node), more than " + format_bytes(kMemoryShare * available) +
                                      " (80% of the memory available); use a smaller network or --force");
  if (e.check_seconds > kCheckSecondsLimit) {
    std::ostringstream os;
    os.precision(2);
    os << "proving the routing deadlock-free on " << t.spec << " would take about "
       << std::lround(e.check_seconds) << " s (" << e.check_steps
       << " steps), past the 60 s limit; --no-deadlock-check runs without the proof (the runtime detector stays on), "
          "--force runs it anyway";
    throw ConfigError("deadlock_check", os.str());
  }
}

}  // namespace wormsim
