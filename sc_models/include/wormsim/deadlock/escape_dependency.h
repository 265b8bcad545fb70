// Static deadlock check for adaptive routings with an escape sub-network:
// Duato's condition for wormhole switching.
//
// Theorem (Duato, "A necessary and sufficient condition for deadlock-free
// adaptive routing in wormhole networks", IEEE TPDS 6(10), 1995): a
// connected routing function R for a wormhole network is deadlock-free if
// it has a connected routing subfunction R1 (the escape routing, on the
// escape channels C1) whose extended channel dependency graph has no cycles.
// Its vertices are the channels of C1; there is an edge ci -> cj if a packet
// holding ci may next request cj directly (direct dependency), or may
// request cj after a sequence of channels outside C1 (indirect dependency),
// or the same two with ci used by a packet that R1 would not route on it
// (direct and indirect cross dependencies).
//
// What is checked here, for every destination d:
//   - R1 offers an escape channel at every router for every destination
//     (connected), and R1 depends only on (router, d);
//   - no escape channel is ever offered as an adaptive channel, so there are
//     no cross dependencies (verified, not assumed: every router, every
//     destination);
//   - the graph whose vertices are the escape channels and one state
//     (router y, d) per "a packet for d has just arrived at y on an adaptive
//     channel" is acyclic. Edges: escape channel e (into y, used by R1 for d)
//     -> state (y, d); state (y, d) -> R1(y, d) and -> state (y', d) for every
//     adaptive next hop y' of R at y. A path e -> state ... -> e' is exactly a
//     direct (one state) or indirect (several) dependency, so this graph has
//     a cycle iff the extended channel dependency graph has one.
// When the routing's escape is final (escape_returns() false: a packet on an
// escape VC is offered only R1 from then on) there are no indirect
// dependencies: an escape channel into y leads straight to R1(y, d). The
// graph is then R1's own channel dependency graph, built with one R1 route
// per (router, destination) (check_pure_dependencies), and cross
// dependencies are ruled out by the routing's adaptive_vc_bound() (or, if it
// has none, by routing every pair).
// The adaptive candidates must not depend on the input port and VC (true of
// every adaptive routing here).
#pragma once
#include <wormsim/deadlock/channel_dependency.h>

namespace wormsim {

/// Requires routing.has_escape(). The verdict's cycle lists escape channels;
/// indirect[i] says the step from cycle[i] to the next passes through
/// adaptive channels. `problem` is set (and acyclic false) if R1 is not
/// connected or an escape VC is offered adaptively.
/// `threads`: as check_pure_dependencies' (the verdict does not depend on it).
DependencyVerdict check_escape_dependencies(const Topology& topology, const RoutingFunction& routing,
                                            unsigned threads = 1);

}  // namespace wormsim
