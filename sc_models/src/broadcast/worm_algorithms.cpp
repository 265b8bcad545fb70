#include <wormsim/broadcast/worm_algorithms.h>

#include <functional>

#include <wormsim/core/config_error.h>
#include <wormsim/multicast/dual_path.h>
#include <wormsim/topology/grid.h>

namespace wormsim {
namespace {

using Program = std::function<std::vector<WormRoute>(NodeId)>;

// Rounds from node programs: the source sends in round 1, and a node first
// named in round r sends its worms in round r + 1.
WormSchedule by_rounds(const std::string& name, NodeId source, PortModel ports, const Program& sends) {
  WormSchedule s;
  s.algorithm = name;
  s.source = source;
  s.ports = ports;
  s.follows_worm_routing = true;
  std::vector<NodeId> senders{source};
  while (!senders.empty()) {
    std::vector<NodeId> next;
    std::vector<WormSend> round;
    for (NodeId v : senders)
      for (WormRoute& w : sends(v)) {
        if (w.destinations.empty()) continue;
        next.insert(next.end(), w.destinations.begin(), w.destinations.end());
        round.push_back(WormSend{v, std::move(w)});
      }
    if (!round.empty()) s.rounds.push_back(std::move(round));
    senders = std::move(next);
  }
  return s;
}

std::vector<WormRoute> dual_path_worms(const Topology& t, const HamiltonianLabeling& h, NodeId source,
                                       const std::vector<NodeId>& destinations, HeaderForm form) {
  std::vector<WormRoute> out;
  for (const Worm& w : dual_path(t, h, source, destinations))
    out.push_back(WormRoute{w.destinations, form, static_cast<WormClass>(w.high ? 0 : 1)});
  return out;
}

void require_3d_mesh(const Topology& t, const char* algo) {
  if (t.as<GridKind>() == nullptr || t.as<GridKind>()->wrap() || t.dims[0] < 2 || t.dims[1] < 2 || t.dims[2] < 2)
    throw ConfigError("algo", std::string(algo) + " needs a 3D mesh (mesh:XxYxZ, each >= 2), got " + t.spec);
}

std::vector<NodeId> layer_of(const Topology& t, unsigned z) {
  std::vector<NodeId> v;
  for (NodeId n = 0; n < t.num_nodes(); ++n)
    if (coord_of(t.dims, n).z == z) v.push_back(n);
  return v;
}

}  // namespace

WormRoute line_worm(const Topology& t, const HamiltonianLabeling& h, NodeId from, unsigned dim, bool positive) {
  WormRoute w;
  w.form = HeaderForm::Line;
  Coord c = coord_of(t.dims, from);
  unsigned* axis = dim == 0 ? &c.x : dim == 1 ? &c.y : &c.z;
  while (positive ? *axis + 1 < t.dims[dim] : *axis > 0) {
    *axis = positive ? *axis + 1 : *axis - 1;
    w.destinations.push_back(id_of(t.dims, c));
  }
  if (!w.destinations.empty()) w.cls = h.label[w.destinations[0]] > h.label[from] ? 0 : 1;
  return w;
}

WormSchedule dual_path_broadcast(const Topology& t, NodeId source) {
  const HamiltonianLabeling h = hamiltonian_labeling(t);
  std::vector<NodeId> all;
  for (NodeId v = 0; v < t.num_nodes(); ++v) all.push_back(v);
  return by_rounds("dual-path", source, PortModel::All, [&](NodeId v) {
    return v == source ? dual_path_worms(t, h, source, all, HeaderForm::Range) : std::vector<WormRoute>{};
  });
}

WormSchedule dual_path_multicast(const Topology& t, NodeId source, const std::vector<NodeId>& destinations) {
  const HamiltonianLabeling h = hamiltonian_labeling(t);
  return by_rounds("dual-path", source, PortModel::All, [&](NodeId v) {
    return v == source ? dual_path_worms(t, h, source, destinations, HeaderForm::List)
                       : std::vector<WormRoute>{};
  });
}

WormSchedule three_dbl(const Topology& t, NodeId source) {
  require_3d_mesh(t, "3-dbl");
  const HamiltonianLabeling h = hamiltonian_labeling(t);
  const Coord s = coord_of(t.dims, source);
  return by_rounds("3-dbl", source, PortModel::All, [&](NodeId v) {
    const Coord c = coord_of(t.dims, v);
    std::vector<WormRoute> out;
    if (c.x != s.x || c.y != s.y) return out;  // only the source's column sends
    if (v == source) {
      out.push_back(line_worm(t, h, v, 2, true));
      out.push_back(line_worm(t, h, v, 2, false));
    }
    for (WormRoute& w : dual_path_worms(t, h, v, layer_of(t, c.z), HeaderForm::Range)) out.push_back(std::move(w));
    return out;
  });
}

WormSchedule three_dbs(const Topology& t, NodeId source) {
  require_3d_mesh(t, "3-dbs");
  const HamiltonianLabeling h = hamiltonian_labeling(t);
  const Coord s = coord_of(t.dims, source);
  return by_rounds("3-dbs", source, PortModel::All, [&](NodeId v) {
    const Coord c = coord_of(t.dims, v);
    std::vector<WormRoute> out;
    if (c.z != s.z) return out;  // z-column nodes only receive
    if (v == source) {
      out.push_back(line_worm(t, h, v, 0, true));
      out.push_back(line_worm(t, h, v, 0, false));
    }
    if (c.y == s.y) {  // the source and its x line: along y
      out.push_back(line_worm(t, h, v, 1, true));
      out.push_back(line_worm(t, h, v, 1, false));
    }
    out.push_back(line_worm(t, h, v, 2, true));  // every node of layer z0: its column
    out.push_back(line_worm(t, h, v, 2, false));
    return out;
  });
}

}  // namespace wormsim
