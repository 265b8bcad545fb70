// wormsim::systemc::Router: one virtual-channel wormhole router as a
// port-level SystemC module. It wraps the fast engine's router class (one
// implementation of the pipeline, not two): its clocked method samples the
// input ports, evaluates the router for one cycle and drives the outputs
// (link_ports.h), so a fabric of these modules is cycle for cycle the fast
// engine's fabric.
//
//   wormsim::systemc::Router r("r0", 0, config, routing,
//                              router_port_labels(topology, config.local_ports));
//   r.clk(clk); r.rst_n(rst_n);
//   r.in[p](flit_signal); r.in_credit[p](credit_signal); ...
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <wormsim/router/router.h>
#include <wormsim/systemc/link_ports.h>
#include <wormsim/topology/topology.h>

namespace wormsim::systemc {

/// A router's port labels: the topology's port names ("xp", ...) then
/// "local0" .. "local<K-1>".
std::vector<std::string> router_port_labels(const Topology& t, unsigned local_ports);

class Router : public LinkPortModule {
 public:
  /// `config.network_ports` + `config.local_ports` must equal labels.size().
  /// `routing` (and `worms`, if given) must outlive the module.
  Router(const sc_core::sc_module_name& name, NodeId id, const RouterConfig& config,
         const RoutingFunction& routing, std::vector<std::string> labels, const WormTable* worms = nullptr);

  /// The router inside, for introspection (buffers, credits, allocation).
  const wormsim::Router& core() const { return *core_; }

 private:
  void build(LinkBridge& bridge) override;

  NodeId id_;
  RouterConfig cfg_;
  const RoutingFunction& routing_;
  const WormTable* worms_;
  std::unique_ptr<wormsim::Router> core_;
};

}  // namespace wormsim::systemc
