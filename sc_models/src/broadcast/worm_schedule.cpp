#include <wormsim/broadcast/worm_schedule.h>

#include <algorithm>
#include <map>

namespace wormsim {

WormSchedule as_worms(const Schedule& s) {
  WormSchedule w;
  w.algorithm = s.algorithm;
  w.source = s.source;
  w.ports = s.ports;
  for (const auto& round : s.rounds) {
    w.rounds.emplace_back();
    for (const Transfer& x : round) w.rounds.back().push_back(WormSend{x.from, WormRoute{{x.to}}});
  }
  return w;
}

WormSchedule serialize_one_port(const WormSchedule& s) {
  WormSchedule out = s;
  out.ports = PortModel::One;
  out.rounds.clear();
  std::map<NodeId, std::size_t> informed{{s.source, 0}}, next_free;
  for (const auto& round : s.rounds)
    for (const WormSend& w : round) {
      std::size_t& slot = next_free[w.from];
      slot = std::max(slot, informed.at(w.from) + 1);
      const std::size_t r = slot++;
      if (out.rounds.size() < r) out.rounds.resize(r);
      out.rounds[r - 1].push_back(w);
      for (NodeId d : w.route.destinations) informed.emplace(d, r);
    }
  return out;
}

PhaseReport check_phases(const Topology& t, const WormSchedule& s,
                         const std::vector<NodeId>& destinations) {
  PhaseReport r;
  const std::size_t n = t.num_nodes();
  r.error = start_informed(t, s.source, r.informed_at);
  if (!r.error.empty()) return r;
  for (unsigned round = 1; round <= s.rounds.size(); ++round) {
    std::map<NodeId, unsigned> sends;
    for (const WormSend& w : s.rounds[round - 1]) {
      const std::string what = "round " + std::to_string(round) + ", worm from " + std::to_string(w.from) + ": ";
      const unsigned limit = s.ports == PortModel::One ? 1 : t.num_ports;
      if (w.from >= n) r.error = what + "not a node";
      else if (r.informed_at[w.from] >= round) r.error = what + "the sender does not hold the message yet";
      else if (w.route.destinations.empty()) r.error = what + "no destination";
      else if (++sends[w.from] > limit)
        r.error = what + (s.ports == PortModel::One ? "a second worm in one round (one-port)"
                                                    : "more worms in one round than ports (all-port)");
      for (NodeId d : w.route.destinations) {
        if (!r.error.empty()) break;
        if (d >= n || d == w.from) r.error = what + "destination " + std::to_string(d) + " is not another node";
        else if (r.informed_at[d] != kNotInformed)
          r.error = what + "node " + std::to_string(d) + " already has the message (received twice)";
        else r.informed_at[d] = round;
      }
      if (!r.error.empty()) return r;
      ++r.worms;
      r.header_flits += header_flits(w.route.form, w.route.destinations.size());
    }
    if (!s.rounds[round - 1].empty()) r.phases = round;
  }
  std::vector<NodeId> all;
  const std::vector<NodeId>* must = &destinations;
  if (destinations.empty()) {
    for (NodeId v = 0; v < n; ++v) all.push_back(v);
    must = &all;
  }
  for (NodeId v : *must)
    if (r.informed_at[v] == kNotInformed) {
      r.error = "node " + std::to_string(v) + " never receives the message";
      return r;
    }
  return r;
}

}  // namespace wormsim
