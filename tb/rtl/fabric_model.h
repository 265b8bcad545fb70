// The fabric the verilated models Vfabric_router (SystemC) and Vdirect_router /
// Vdirect_mesh (plain C++) are built for (their parameters
// are fixed in tb/CMakeLists.txt): a 4x4x4 mesh, dimension-order routing
// computed in the RTL, WORMSIM_FABRIC_VCS VCs, WORMSIM_FABRIC_DEPTH-flit
// buffers, one local port. Shared by the fabric tests and rtl_fabric_bench.
#pragma once
#include <algorithm>
#include <vector>

#include <wormsim/core/rng.h>

#include <wormsim/sim/scenario.h>
#include <wormsim/topology/grid.h>


namespace wormsim::test {

constexpr NodeId kFabricNodes = 64;

/// The model's configuration; the caller sets traffic, rate and phases.
inline Scenario fabric_scenario() {
  Scenario s;
  s.topology = "mesh:4x4x4";
  s.routing = "dor";
  s.vcs = WORMSIM_FABRIC_VCS;
  s.buffer = WORMSIM_FABRIC_DEPTH;
  s.local_ports = 1;
  s.packet = 4;
  s.deadlock_interval = 0;  // the detector reads model routers only; the watchdog stays on
  return s;
}

/// Routers with x + y + z odd: every link joins one of them and one other.
inline std::vector<NodeId> checkerboard_routers() {
  std::vector<NodeId> v;
  for (NodeId n = 0; n < kFabricNodes; ++n) {
    const Coord c = coord_of({4, 4, 4}, n);
    if ((c.x + c.y + c.z) % 2 == 1) v.push_back(n);
  }
  return v;
}

inline std::vector<NodeId> every_router() {
  std::vector<NodeId> v(kFabricNodes);
  for (NodeId n = 0; n < kFabricNodes; ++n) v[n] = n;
  return v;
}

/// `count` routers drawn at random (seeded), in ascending order.
inline std::vector<NodeId> random_routers(std::uint64_t seed, unsigned count) {
  std::vector<NodeId> all = every_router();
  Rng rng(seed, 4242);
  for (unsigned i = 0; i < count; ++i) std::swap(all[i], all[i + rng.below(kFabricNodes - i)]);
  all.resize(count);
  std::sort(all.begin(), all.end());
  return all;
}

}  // namespace wormsim::test
