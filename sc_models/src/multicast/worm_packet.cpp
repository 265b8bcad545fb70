#include <wormsim/multicast/worm_packet.h>

#include <string>

#include <wormsim/core/config_error.h>
#include <wormsim/multicast/hamiltonian.h>

namespace wormsim {

Packet worm_packet(const Topology& t, NodeId src, const WormRoute& route, unsigned payload, unsigned flit_bits) {
  const NodeId n = static_cast<NodeId>(t.num_nodes());
  if (route.destinations.empty()) throw ConfigError("worm", "expected at least one destination");
  for (NodeId d : route.destinations)
    if (d >= n || d == src) throw ConfigError("worm", "destination " + std::to_string(d) + " is not another node");
  if (route.form == HeaderForm::List && route.destinations.size() > 1 && payload == 0)
    throw ConfigError("flits", "a list worm needs at least one payload flit behind its address flits");
  const unsigned length = payload + header_flits(route.form, route.destinations.size(), flit_bits);
  if (length > 65535) throw ConfigError("flits", "a worm has at most 65535 flits");
  Packet p;
  p.src = src;
  p.dst = route.destinations.front();
  p.length = static_cast<std::uint16_t>(length);
  p.mc.kind = static_cast<std::uint8_t>(static_cast<unsigned>(route.form) + 1);
  p.mc.cls = route.cls;
  p.mc.last = route.destinations.back();
  if (route.form == HeaderForm::Line) {
    const int port = port_towards(t, src, route.destinations.front());
    if (port < 0) throw ConfigError("worm", "a line worm's first destination must be a neighbour of its source");
    p.mc.dir = static_cast<std::uint8_t>(port);
  }
  return p;
}

bool restore_worm_fields(const WormTable& worms, std::uint32_t worm, Flit& f) {
  f.worm = worm;
  const auto& d = worms[worm].destinations;
  for (std::size_t k = 0; k < d.size(); ++k)
    if (d[k] == f.dst) {
      f.hop = static_cast<std::uint16_t>(k);
      return true;
    }
  return false;
}

void check_worm_consumption(const RouterConfig& router) {
  if (router.allocator != Allocator::Separable)
    throw ConfigError("allocator", "multi-destination worms need the separable allocator (a fork wins both its "
                                   "outputs or neither)");
  if (router.local_ports * router.vcs < 2 && router.consumption == ConsumptionPolicy::PerClass)
    throw ConfigError("consumption", "per-class needs 2 consumption channels (local ports x VCs); use more or 'shared'");
}

void check_worm_route(const RouterConfig& router, const WormRoute& route) {
  check_worm_consumption(router);
  if (route.form == HeaderForm::List && route.destinations.size() > 1 && router.buffer_depth < 2)
    throw ConfigError("buffer", "list worms need at least 2 flits per VC buffer (a fork reads the address flit behind its head)");
}

}  // namespace wormsim
