#include <wormsim/router/arbitration.h>

namespace wormsim {

const std::vector<Choice<Arbitration>>& arbitrations() {
  static const std::vector<Choice<Arbitration>> table = {
      {"round-robin", "round-robin pointers in every arbiter (what the RTL implements)", Arbitration::RoundRobin},
      {"age", "oldest packet first in every arbiter (creation cycle, then packet id)", Arbitration::Age},
  };
  return table;
}

}  // namespace wormsim
