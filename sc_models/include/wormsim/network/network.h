// The fabric as plain, clocked C++: one router and one network interface per
// node, wired by links exactly as the topology data says. One cycle is
// evaluate() (every active component computes and commits its own state and
// writes link inputs) followed by commit() (the clock edge of every link).
// The SystemC module in fabric_module.h drives this from a clock.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <wormsim/core/activity.h>
#include <wormsim/core/link.h>
#include <wormsim/ni/network_interface.h>
#include <wormsim/router/router.h>
#include <wormsim/routing/routing.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

struct NetworkConfig {
  RouterConfig router;             ///< network_ports is taken from the topology
  double eject_probability = 1.0;  ///< see NiConfig
  std::uint64_t seed = 1;          ///< seeds the ejection back-pressure streams
};

class Network {
 public:
  Network(const Topology& topology, const RoutingFunction& routing, const NetworkConfig& config,
          DeliveryObserver& observer);

  void evaluate(Cycle cycle);
  void commit();

  const Topology& topology() const { return topology_; }
  std::size_t num_nodes() const { return routers_.size(); }
  Router& router(NodeId n) { return *routers_[n]; }
  const Router& router(NodeId n) const { return *routers_[n]; }
  NetworkInterface& ni(NodeId n) { return *nis_[n]; }
  const NetworkInterface& ni(NodeId n) const { return *nis_[n]; }
  const std::vector<std::unique_ptr<Link>>& links() const { return links_; }
  /// Links between routers (excludes injection/ejection links).
  const std::vector<const Link*>& network_links() const { return network_links_; }
  std::uint64_t flit_moves() const { return committer_.flit_moves(); }
  /// Name of a router port, e.g. "xp" or "local0".
  std::string port_name(PortId port) const;

 private:
  Link* make_link(LinkEnd up, LinkEnd down, std::string name);

  const Topology& topology_;
  RouterConfig router_cfg_;
  ActivityList activity_;
  LinkCommitter committer_;
  std::vector<std::unique_ptr<Router>> routers_;
  std::vector<std::unique_ptr<NetworkInterface>> nis_;
  std::vector<std::unique_ptr<Link>> links_;
  std::vector<const Link*> network_links_;
};

}  // namespace wormsim
