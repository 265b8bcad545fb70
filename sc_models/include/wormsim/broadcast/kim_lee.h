// Kim and Lee (2014), "Broadcasting algorithms of three-dimensional
// Petersen-torus network": the one-to-all broadcasting algorithm (their
// Algorithm 1, OABA) under the SLA (one-port) and MLA (all-port) models,
// implemented as closely as the paper's text allows. Every gap and typo
// in that text, and what we did about it, is listed in docs/broadcast.md.
//
// The algorithm runs as node programs in a step simulation: a node informed
// in step s starts its program in step s + 1; a send to a node (or, for an
// external edge, to a module) that already has the message is skipped, as
// the paper says for Condition 3. The result is a store-and-forward Schedule
// that run_steps checks like any other.
#pragma once
#include <wormsim/broadcast/schedule.h>

namespace wormsim {

/// OABA from `source` on a 3PT topology; throws ConfigError("algo") on any
/// other topology, std::logic_error if the programs leave a node uninformed.
Schedule kim_lee_one_to_all(const Topology& t, NodeId source, PortModel ports);

/// The paper's step bounds for one-to-all (Theorem 4: SLA, Theorem 5: MLA).
unsigned kim_lee_theorem_bound(unsigned l, unsigned m, PortModel ports);

}  // namespace wormsim
