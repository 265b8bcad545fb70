// What each set-up step of a run costs: wall time and the growth of the
// process's resident memory (Linux /proc/self/statm; 0 elsewhere). The steps
// are recorded in every run (a clock read per step) and printed by
// `wormsim run --verbose`.
#pragma once
#include <chrono>
#include <string>
#include <vector>

namespace wormsim {

struct SetupStep {
  std::string name;
  double seconds = 0;
  long long bytes = 0;  ///< resident memory grown during the step (may be negative)
};

/// Resident set size of this process in bytes (0 where it cannot be read).
long long resident_bytes();

/// Marks the end of one step after another.
class SetupClock {
 public:
  SetupClock() : last_(std::chrono::steady_clock::now()), rss_(resident_bytes()) {}
  /// Records the step that ends now under `name`.
  void step(std::vector<SetupStep>& into, std::string name);

 private:
  std::chrono::steady_clock::time_point last_;
  long long rss_;
};

}  // namespace wormsim
