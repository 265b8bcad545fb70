// Routing computation is a policy behind this interface. Given the router a
// head flit is at and the flit itself, it lists the output ports the packet may
// take, in order of preference, each with the output VCs it may use there.
// The router handles arrival (dst == here) itself: see router.h.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>

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
  /// Fills `out` for a head flit at router `here` bound for head.dst != here.
  virtual void route(NodeId here, PortId in_port, const Flit& head, RouteSet& out) const = 0;
};

inline std::uint32_t all_vcs_mask(unsigned vcs) {
  return vcs >= 32 ? 0xFFFFFFFFu : ((1u << vcs) - 1u);
}

/// Name of the deadlock-free routing used when the user names none.
std::string default_routing(const Topology& topology);

/// Builds routing `name` for `topology` with `vcs` VCs per port; throws
/// ConfigError (field "routing" or "vcs") when the name is unknown or the
/// routing cannot work with that many VCs.
std::unique_ptr<RoutingFunction> make_routing(const std::string& name, const Topology& topology,
                                              unsigned vcs);

}  // namespace wormsim
