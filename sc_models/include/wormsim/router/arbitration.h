// Arbitration policies of the VC and switch allocators
// (docs/microarchitecture.md §13). A table of (name, description), like
// every other family; the router implements each in its allocators.
//   round-robin: every arbiter grants the first requester at or after its
//                pointer, which moves past the winner (what the RTL does);
//   age:         every arbiter grants the oldest packet (earliest creation
//                cycle, then lowest packet id), so packets already in the
//                network are not starved by newer ones.
#pragma once
#include <wormsim/core/choice.h>

namespace wormsim {

enum class Arbitration { RoundRobin, Age };

const std::vector<Choice<Arbitration>>& arbitrations();

/// Throws ConfigError(field) for an unknown name.
inline Arbitration parse_arbitration(const std::string& name, const std::string& field) {
  return parse_choice(arbitrations(), name, field, "arbitration");
}

}  // namespace wormsim
