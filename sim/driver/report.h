// Human-readable summary and JSON summary of a run.
#pragma once
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include <wormsim/network/network.h>
#include <wormsim/sim/results.h>
#include <wormsim/sim/scenario.h>

#include "physical.h"

namespace wormsim::driver {

void print_summary(std::ostream& os, const Scenario& s, const Results& r);

/// Writes the JSON summary atomically (temporary file, then rename), with
/// the cost model's figures (physical_json) under "physical".
/// Results::profile, when the run was profiled: per lane work and waits,
/// the serial parts, the serial fraction and Amdahl's projection.
void print_profile(std::ostream& os, const Results& r);
void write_json(const std::string& path, const Scenario& s, const Results& r, const nlohmann::ordered_json& physical);

/// Writes every router-to-router link's flits in the window, its
/// utilisation (flits/cycle), length, latency and energy in the window, and
/// the average power of the router that drives it (energy columns empty
/// without an energy table): from,from_port,to,to_port,flits,utilisation,
/// length_mm,latency,energy_pj,from_router_mw.
void write_link_csv(const std::string& path, const Network& net, const Results& r, const PhysicalReport& phys);

/// The routing table, one routing per line (`--routing list`).
void print_routing_list(std::ostream& os);
void print_traffic_list(std::ostream& os);
void print_injection_list(std::ostream& os);

}  // namespace wormsim::driver
