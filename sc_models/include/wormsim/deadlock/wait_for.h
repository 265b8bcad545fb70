// Runtime deadlock detection on the wait-for graph of input VCs.
//
// An occupied input VC (it holds flits, or holds an output VC for a packet
// whose flits are still upstream) is *live* if it can move by itself soon:
//   - a head waiting for VC allocation with a free output VC among its route
//     candidates (round-robin allocation will grant it),
//   - an active VC with a flit and a credit, or a credit on its way back, or
//     whose output is an ejection channel (sinks always drain eventually),
//   - an active, empty VC whose next flit is on the link or comes from a
//     network interface;
// otherwise it *waits on* other input VCs: a head waiting for allocation on
// the owners of every output VC it could take (any of them freeing one is
// enough), an active VC without credits on the input VC downstream, an active
// empty VC on the upstream VC that owns its feed. A VC is live if it is live
// by itself or waits on a live VC. Occupied VCs that are not live can never
// move: the network is deadlocked, and following their wait edges gives a
// cycle (a knot), which is reported. The check costs one pass over the
// occupied VCs and their wait edges.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <wormsim/network/network.h>

namespace wormsim {

struct BlockedVc {
  NodeId node = 0;
  PortId port = 0;
  VcId vc = 0;
  bool has_packet = false;
  std::uint64_t packet = 0;  ///< packet at the front of the buffer
  /// On a reported cycle: the next VC holds the output VC (port, vc) of this
  /// router that this one waits to be allocated (for example an ejection VC).
  bool waits_for_allocation = false;
  PortId alloc_port = 0;
  VcId alloc_vc = 0;
};

struct DeadlockReport {
  std::size_t blocked = 0;           ///< deadlocked input VCs
  std::vector<BlockedVc> cycle;      ///< one wait-for cycle among them
  std::string text(const Network& net) const;
};

/// The check, repeated on one network (a run's periodic check): keeps its
/// arrays between checks.
class DeadlockDetector {
 public:
  explicit DeadlockDetector(const Network& network);
  ~DeadlockDetector();
  DeadlockDetector(const DeadlockDetector&) = delete;
  DeadlockDetector& operator=(const DeadlockDetector&) = delete;
  /// A report with blocked > 0 if the network is deadlocked now.
  DeadlockReport check();
  /// Entries of the (VC -> graph node) index still set: 0 between checks,
  /// or the next check could follow a stale entry (for tests).
  std::size_t index_entries() const;

 private:
  class Graph;
  std::unique_ptr<Graph> graph_;
};

/// One check: returns a report with blocked > 0 if the network is deadlocked.
DeadlockReport find_deadlock(const Network& network);

}  // namespace wormsim
