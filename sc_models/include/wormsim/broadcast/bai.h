// Broadcasts of Bai, Yamakawa, Ebara and Nakano, "Optimal Broadcasting
// Algorithm on Arrangement Graph", one-port (a node sends at most one
// message per step), store-and-forward, on A(n, k).
//
// Both work level by level. A level has a representative u, the free
// positions F (all k at the top) and the n' elements not fixed by the levels
// above; t = min F is the partition position, z the smallest element u does
// not use. The level hands the message to one node in each of the n' - 1
// other subgraphs "element e at position t"; every subgraph then recurses on
// F - {t}, all subgraphs of a level in parallel.
//
//   bai-okn    (section 3.2) (1) u sends to u[t <- e] for every element e
//              u does not use, one per step; (2) u sends to the mediates
//              u[f <- z], f in F - {t}, one per step; (3) every mediate sends
//              to u[f <- z][t <- u_f] (one step, in parallel). The last level
//              is (1) only. Steps k(n-k) + sum_{j=0}^{k-2}(k-j-1) + (k-1);
//              the paper's L counts a mediate for f = t too (k - j per level).
//   bai-oklgn  (section 3.4, our reading of Tables 1 and 2; see
//              docs/petersen-arrangement.md) Phase 1, ceil(lg(k'+1)) steps:
//              doubling creates the mediates p^1..p^k' (p^j = p^x with
//              position F[j-1] set to z when x = 0, else to u's element at
//              F[x-1]); Phase 2: in its first step every mediate p^j, j >= 2,
//              sends into subgraph u_{F[j-1]}; every step, every node that
//              already represents a new subgraph (and u) sends into one more
//              subgraph of an element it does not use, until all n' - 1 are
//              reached. The last level (k' = 1, a K_{n'}) is a binomial
//              broadcast.
// Sends to nodes that already hold the message (mediates that a later level
// reaches again) are left out and counted (Schedule::dropped).
#pragma once
#include <wormsim/broadcast/schedule.h>

namespace wormsim {

Schedule bai_okn_broadcast(const Topology& t, NodeId source);
Schedule bai_oklgn_broadcast(const Topology& t, NodeId source);

/// The paper's step count for the O(kn) algorithm, L = k(n-k) +
/// sum_{j=0}^{k-2}(k-j) + (k-1).
unsigned bai_okn_paper_steps(unsigned n, unsigned k);
/// The O(k lg n) algorithm's step count from the procedure's constants:
/// sum over levels k' = k..2 of ceil(lg(k'+1)) + ceil(lg((n'-1+k')/k')),
/// plus ceil(lg(n-k+1)) for the last level.
unsigned bai_oklgn_paper_steps(unsigned n, unsigned k);

}  // namespace wormsim
