// All-to-all broadcast (gossip): every node starts with its own message and
// every transfer carries everything the sender knows at the start of the
// step (messages are combined, as in Kim and Lee's step counts). Kim and
// Lee's Algorithms 4 (SLA) and 5 (MLA) for 3PT, as closely as the extracted
// text allows; docs/broadcast.md lists the interpretations.
#pragma once
#include <string>
#include <vector>

#include <wormsim/broadcast/schedule.h>

namespace wormsim {

struct GossipSchedule {
  std::string algorithm;
  PortModel ports = PortModel::One;
  std::vector<std::vector<Transfer>> rounds;
};

struct GossipReport {
  std::string error;         ///< a broken rule ("" if none)
  unsigned steps = 0;        ///< rounds run
  unsigned complete_at = 0;  ///< first step after which every node knows every message (0: never)
  std::size_t missing = 0;   ///< (node, message) pairs still unknown at the end
};

/// Runs the rounds: one-port, a node sends at most once per step; all-port,
/// at most once per link per step; every transfer over a link.
GossipReport run_gossip(const Topology& t, const GossipSchedule& s);

/// Kim and Lee's all-to-all algorithm on 3PT (ConfigError("algo") otherwise).
/// `literal`: exactly the transfers the text names, without our additions
/// (which the text needs to deliver every message; docs/broadcast.md).
GossipSchedule kim_lee_all_to_all(const Topology& t, PortModel ports, bool literal = false);

/// Theorems 7 (SLA: 3m + 3n + 2l + 2) and 8 (MLA: 3|m/2| + 3|n/2| + 2|l/2| + 4
/// for odd m, n, l; 3m/2 + 3n/2 + l + 4 for even; other mixes are not
/// stated, and we take the odd formula with floors).
unsigned kim_lee_all_to_all_bound(unsigned l, unsigned m, unsigned n, PortModel ports);

}  // namespace wormsim
