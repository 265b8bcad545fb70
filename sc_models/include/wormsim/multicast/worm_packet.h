// The packet that carries a multi-destination worm: shared by the fast
// engine (Simulation::inject_worm) and the port-level SystemC fabric, so both
// build bit-for-bit the same worm from the same route.
#pragma once
#include <wormsim/multicast/worm.h>
#include <wormsim/ni/packet.h>
#include <wormsim/router/router_config.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

/// `route` sent from `src` with `payload` flits of data: the length counts
/// the header flits the route's form needs, and the header fields are the
/// ones the RTL routes by. id, created and worm are left for the caller.
/// Throws ConfigError("worm") when the route names no destination, one that
/// is not another node, or a line whose first hop is not a neighbour;
/// ConfigError("flits") past 65,535 flits.
Packet worm_packet(const Topology& t, NodeId src, const WormRoute& route, unsigned payload,
                   unsigned flit_bits = kDefaultFlitBits);

/// Fills f.worm = worm and f.hop (the index of f.dst in the worm's
/// destinations) for a flit that crossed a router which does not carry
/// them (the RTL); false if f.dst is not one of its destinations.
bool restore_worm_fields(const WormTable& worms, std::uint32_t worm, Flit& f);

/// Throws ConfigError("allocator") unless the router allocates separably
/// (a fork's all-or-nothing allocation), and ConfigError("consumption") when
/// per-class consumption has fewer than two consumption channels (local
/// ports x VCs) to work with.
void check_worm_consumption(const RouterConfig& router);

/// check_worm_consumption, and for a list worm with more than one
/// destination: ConfigError("buffer") below 2 flits per VC (a fork waits for
/// the address flit behind its head in the same buffer).
void check_worm_route(const RouterConfig& router, const WormRoute& route);

}  // namespace wormsim
