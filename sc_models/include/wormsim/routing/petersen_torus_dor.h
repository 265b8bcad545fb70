// Balanced oblivious routing for the 3D Petersen-torus 3PT(l, m, n):
// dimension order over the modules, Petersen hops on the VC class of the
// hop they lead to, dateline classes on every ring.
//
// The module graph of 3PT is a z ring times an m x n torus with king's moves
// (each module has one external link in each of the ten directions z+, z-,
// x+, x-, y+, y-, (+1,+1), (-1,-1), (-1,+1), (+1,-1)). A packet crosses the
// module distance exactly, in three phases, each in one direction only:
//   1. z:        around the z ring the shorter way (to gateway node 0 or 5),
//   2. diagonal: min(|dx|, |dy|) king's diagonal moves (gateway 2, 3, 7 or 8),
//   3. straight: the rest along x or y (gateway 1, 4, 6 or 9),
// then to its node p inside the destination module. Inside a module it takes
// the unique shortest Petersen path (at most 2 hops) to the gateway of its
// next external hop. Ties (a ring distance of exactly half the ring) go the
// + way for even destination p and the - way for odd p, so they balance.
//
// VCs: an external hop uses class 0 while the ring's wraparound link is still
// ahead of it in its direction and class 1 otherwise (this breaks every ring
// cycle: class 0 never uses the link from coordinate 0, class 1 never the
// wraparound link). A Petersen hop uses the class of its *level*: the phase
// and dateline class of the external hop it leads to, or, in the destination
// module, "final-first" (two hops to go) and "final-last" (one hop to go;
// shortest Petersen paths alone close 5-cycles, so the two final hops need
// two classes). Eight levels, grouped into six classes: z and diagonal share
// classes 0 and 1, straight has 2 and 3, the final hops 4 and 5 (the fewest
// that keep the graph acyclic, found by exhaustive search). So 6 VCs; the
// external port needs only the 2 dateline classes and gives each half of its
// VCs (with 6 VCs: 0-2 and 3-5). The class depends only on
// (here, destination), never on the source or the input.
// Deadlock freedom is proven by the static channel dependency check
// (`wormsim check-deadlock --routing 3pt-dor`); docs/deadlock.md §6 argues it.
#pragma once
#include <array>
#include <vector>

#include <wormsim/routing/routing.h>
#include <wormsim/topology/petersen_torus.h>

namespace wormsim {

class PetersenTorusDorRouting : public RoutingFunction {
 public:
  /// z0 z1 diag0 diag1 straight0 straight1 final-first final-last
  static constexpr unsigned kLevels = 8;
  using LevelClasses = std::array<std::uint8_t, kLevels>;
  /// The VC class of each level's Petersen hops (see the file comment).
  static LevelClasses default_level_classes();

  /// vcs = 0: the fewest (one per class); more VCs are split evenly over the
  /// classes. Throws ConfigError ("routing" if not 3PT, "vcs" if too few).
  /// external_vcs: VCs of the external port it uses (0: all; the adaptive
  /// routing's escape uses 2).
  PetersenTorusDorRouting(const Topology& topology, unsigned vcs,
                          const LevelClasses& level_classes = default_level_classes(), unsigned external_vcs = 0);
  std::string name() const override { return "3pt-dor"; }
  unsigned vcs() const override { return vcs_; }
  bool depends_on_input() const override { return false; }
  std::size_t table_bytes() const override { return coord_.size() * sizeof(PtCoord); }
  void route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const override;

  /// The next hop: port and VC class (0 .. classes()-1 on the Petersen
  /// ports; kExternal0 or kExternal1 on the external port).
  struct Hop {
    PortId port;
    unsigned cls;
  };
  static constexpr unsigned kExternal0 = 100, kExternal1 = 101;
  Hop next_hop(NodeId here, NodeId dst) const;
  unsigned classes() const { return classes_; }
  /// VCs of class c: on the Petersen ports class c of classes(), split
  /// evenly; on the external port half of the VCs per dateline class.
  std::uint32_t class_mask(unsigned c) const;
  /// Module distance (z ring + king's distance in x, y) between two nodes.
  unsigned module_distance(NodeId a, NodeId b) const;

 private:
  std::array<unsigned, 3> lmn_;
  std::vector<PtCoord> coord_;  ///< coordinates of every node (no divisions per hop)
  unsigned vcs_;
  LevelClasses level_class_;
  unsigned classes_ = 0;
  unsigned external_vcs_ = 0;
  std::array<std::array<std::uint8_t, 10>, 10> next_{};  ///< Petersen next node from p toward q
  std::array<std::array<std::uint8_t, 10>, 10> port_{};  ///< port of p toward its neighbour q
  std::vector<std::uint32_t> class_mask_;
};

}  // namespace wormsim
