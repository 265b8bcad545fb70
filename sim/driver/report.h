// Human-readable summary and JSON summary of a run.
#pragma once
#include <ostream>
#include <string>

#include <wormsim/network/network.h>
#include <wormsim/sim/results.h>
#include <wormsim/sim/scenario.h>

namespace wormsim::driver {

void print_summary(std::ostream& os, const Scenario& s, const Results& r);

/// Writes the JSON summary atomically (temporary file, then rename).
void write_json(const std::string& path, const Scenario& s, const Results& r);

/// Writes every router-to-router link's flits in the window and its
/// utilisation (flits/cycle): from,from_port,to,to_port,flits,utilisation.
void write_link_csv(const std::string& path, const Network& net, const Results& r);

/// The routing table, one routing per line (`--routing list`).
void print_routing_list(std::ostream& os);
void print_traffic_list(std::ostream& os);
void print_injection_list(std::ostream& os);

}  // namespace wormsim::driver
