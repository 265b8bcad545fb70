#include <wormsim/network/network.h>

namespace wormsim {

Network::Network(const Topology& topology, const RoutingFunction& routing,
                 const NetworkConfig& config, DeliveryObserver& observer)
    : topology_(topology), router_cfg_(config.router) {
  router_cfg_.network_ports = topology.num_ports;
  const std::size_t n = topology.num_nodes();
  NiConfig ni_cfg;
  ni_cfg.channels = router_cfg_.local_ports;
  ni_cfg.vcs = router_cfg_.vcs;
  ni_cfg.buffer_depth = router_cfg_.buffer_depth;
  ni_cfg.eject_probability = config.eject_probability;
  routers_.reserve(n);
  nis_.reserve(n);
  for (NodeId id = 0; id < n; ++id) {
    routers_.push_back(std::make_unique<Router>(id, router_cfg_, routing, activity_,
                                                router_slot(id), config.worms));
    activity_.add(routers_.back().get());
    nis_.push_back(std::make_unique<NetworkInterface>(id, ni_cfg, observer, activity_, ni_slot(id),
                                                      ni_eject_rng(config.seed, id)));
    activity_.add(nis_.back().get());
  }
  const unsigned ports = router_cfg_.total_ports();
  in_links_.assign(n, std::vector<Link*>(ports, nullptr));
  out_links_.assign(n, std::vector<Link*>(ports, nullptr));
  for (NodeId id = 0; id < n; ++id) {
    const std::string rname = node_name(topology, id);
    for (PortId p = 0; p < topology.num_ports; ++p) {
      const auto& peer = topology.peer[id][p];
      if (!peer) continue;
      Link* l = make_link(LinkEnd{router_slot(id), p, id, true},
                          LinkEnd{router_slot(peer->node), peer->port, peer->node, true},
                          rname + ".out_" + topology.port_names[p]);
      routers_[id]->attach_output(p, l);
      routers_[peer->node]->attach_input(peer->port, l);
      out_links_[id][p] = l;
      in_links_[peer->node][peer->port] = l;
      network_links_.push_back(l);
    }
    for (unsigned k = 0; k < router_cfg_.local_ports; ++k) {
      const PortId local = static_cast<PortId>(topology.num_ports + k);
      Link* inj = make_link(LinkEnd{ni_slot(id), static_cast<PortId>(k), id, false},
                            LinkEnd{router_slot(id), local, id, true},
                            rname + ".inj" + std::to_string(k));
      nis_[id]->attach_injection(k, inj);
      routers_[id]->attach_input(local, inj);
      in_links_[id][local] = inj;
      Link* ej = make_link(LinkEnd{router_slot(id), local, id, true},
                           LinkEnd{ni_slot(id), static_cast<PortId>(k), id, false},
                           rname + ".ej" + std::to_string(k));
      routers_[id]->attach_output(local, ej);
      out_links_[id][local] = ej;
      nis_[id]->attach_ejection(k, ej);
    }
  }
}

Link* Network::make_link(LinkEnd up, LinkEnd down, std::string name) {
  links_.push_back(std::make_unique<Link>(&committer_, up, down, std::move(name)));
  return links_.back().get();
}

void Network::evaluate(Cycle cycle) {
  for (Component* c : activity_.take()) c->evaluate(cycle);
}

void Network::replace_router(NodeId n, Component& stand_in) {
  activity_.replace(router_slot(n), &stand_in);
  activity_.wake(router_slot(n));
}

void Network::commit() { committer_.commit_all(activity_); }

std::string Network::port_name(PortId port) const {
  if (port < topology_.num_ports) return topology_.port_names[port];
  return "local" + std::to_string(port - topology_.num_ports);
}

}  // namespace wormsim
