#include <wormsim/sim/run_loop.h>

#include <chrono>

namespace wormsim {

Results run_loop(Simulation& sim, const RunMonitor& monitor) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto next_report = start;
  while (!sim.done()) {
    const bool jumped = monitor.skip_idle && sim.skip_idle() > 0;
    sim.tick();
    if (monitor.stop != nullptr && *monitor.stop) sim.interrupt();
    if (monitor.progress && (jumped || (sim.cycle() & 255) == 0)) {
      const auto now = Clock::now();
      if (now >= next_report) {
        next_report = now + std::chrono::milliseconds(500);
        monitor.progress(sim, std::chrono::duration<double>(now - start).count());
      }
    }
  }
  return sim.results(std::chrono::duration<double>(Clock::now() - start).count());
}

}  // namespace wormsim
