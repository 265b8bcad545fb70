// Human-readable summary and JSON summary of a run.
#pragma once
#include <ostream>
#include <string>

#include <wormsim/sim/results.h>
#include <wormsim/sim/scenario.h>

namespace wormsim::driver {

void print_summary(std::ostream& os, const Scenario& s, const Results& r);

/// Writes the JSON summary atomically (temporary file, then rename).
void write_json(const std::string& path, const Scenario& s, const Results& r);

}  // namespace wormsim::driver
