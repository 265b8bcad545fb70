#include <wormsim/sim/setup_steps.h>

#include <fstream>

#include <unistd.h>

namespace wormsim {

long long resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  long long pages_total = 0, pages_resident = 0;
  if (!(statm >> pages_total >> pages_resident)) return 0;
  return pages_resident * static_cast<long long>(::sysconf(_SC_PAGESIZE));
}

void SetupClock::step(std::vector<SetupStep>& into, std::string name) {
  const auto now = std::chrono::steady_clock::now();
  const long long rss = resident_bytes();
  into.push_back(SetupStep{std::move(name), std::chrono::duration<double>(now - last_).count(), rss - rss_});
  last_ = now;
  rss_ = rss;
}

}  // namespace wormsim
