#include <wormsim/systemc/router_module.h>

#include <stdexcept>

namespace wormsim::systemc {

std::vector<std::string> router_port_labels(const Topology& t, unsigned local_ports) {
  std::vector<std::string> labels = t.port_names;
  for (unsigned k = 0; k < local_ports; ++k) labels.push_back("local" + std::to_string(k));
  return labels;
}

Router::Router(const sc_core::sc_module_name& name, NodeId id, const RouterConfig& config,
               const RoutingFunction& routing, std::vector<std::string> labels, const WormTable* worms)
    : LinkPortModule(name, std::move(labels)), id_(id), cfg_(config), routing_(routing), worms_(worms) {
  if (cfg_.total_ports() != port_labels().size())
    throw std::invalid_argument(std::string(basename()) + ": " + std::to_string(cfg_.total_ports()) +
                                " ports configured, " + std::to_string(port_labels().size()) + " labels given");
  start();
}

void Router::build(LinkBridge& bridge) {
  core_ = std::make_unique<wormsim::Router>(id_, cfg_, routing_, bridge.activity(), LinkBridge::kInnerSlot, worms_);
  bridge.add_inner(*core_);
  for (unsigned p = 0; p < cfg_.total_ports(); ++p) {
    core_->attach_input(static_cast<PortId>(p), &bridge.in(p));
    core_->attach_output(static_cast<PortId>(p), &bridge.out(p));
  }
}

}  // namespace wormsim::systemc
