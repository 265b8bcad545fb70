// Routing computation is a policy behind this interface. Given the router a
// head flit is at and the flit itself, it lists the output ports the packet may
// take, in order of preference, each with the output VCs it may use there.
// The router handles arrival (dst == here) itself: see router.h.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <wormsim/core/flit.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

struct RouteCandidate {
  PortId port = 0;
  std::uint32_t vc_mask = 0;  ///< bit v set: output VC v allowed
};

class RouteSet {
 public:
  static constexpr std::size_t kMax = 16;
  void clear() { size_ = 0; }
  void add(PortId port, std::uint32_t vc_mask) { items_[size_++] = RouteCandidate{port, vc_mask}; }
  std::size_t size() const { return size_; }
  const RouteCandidate& operator[](std::size_t i) const { return items_[i]; }

 private:
  std::array<RouteCandidate, kMax> items_{};
  std::size_t size_ = 0;
};

class RoutingFunction {
 public:
  virtual ~RoutingFunction() = default;
  virtual std::string name() const = 0;
  /// VCs per port this routing was built for.
  virtual unsigned vcs() const = 0;
  /// True if the choice depends on head.src (the static check then explores
  /// every source-destination pair instead of every destination).
  virtual bool depends_on_source() const { return false; }
  /// Fills `out` for a head flit at router `here` bound for head.dst != here,
  /// which arrived on input port `in_port` (>= network ports: injection) and
  /// input VC `in_vc`.
  virtual void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head,
                     RouteSet& out) const = 0;
};

inline std::uint32_t all_vcs_mask(unsigned vcs) {
  return vcs >= 32 ? 0xFFFFFFFFu : ((1u << vcs) - 1u);
}

/// Name of the deadlock-free routing used when the user names none.
std::string default_routing(const Topology& topology);

/// Builds routing `name` for `topology` with `vcs` VCs per port (0: the
/// fewest the routing needs, and at least 2); throws ConfigError (field
/// "routing" or "vcs") when the name is unknown or the routing cannot work
/// with that many VCs.
std::unique_ptr<RoutingFunction> make_routing(const std::string& name, const Topology& topology,
                                              unsigned vcs);

/// Names accepted by make_routing, with a one-line description each.
const std::vector<std::pair<std::string, std::string>>& routing_names();

}  // namespace wormsim
