// Selection functions: which free output VC a head requests in VC
// allocation when its routing offers several (docs/microarchitecture.md §13).
// A table of (name, description), like every other family; the router
// implements each in Router::select().
//   first:   the first free VC in candidate order (the routing's preference),
//            then ascending VC. What the RTL implements.
//   credits: among the free VCs of the most preferred priority class (see
//            RouteCandidate::priority), the one with the most credits, i.e.
//            the emptiest buffer downstream; ties go to candidate order,
//            then ascending VC.
#pragma once
#include <wormsim/core/choice.h>

namespace wormsim {

enum class Selection { First, Credits };

const std::vector<Choice<Selection>>& selections();

/// Throws ConfigError(field) for an unknown name.
inline Selection parse_selection(const std::string& name, const std::string& field) {
  return parse_choice(selections(), name, field, "selection");
}

}  // namespace wormsim
