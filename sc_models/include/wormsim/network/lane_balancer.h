// When a threaded network's lanes are cut again by measured work. The
// first cut is by size (TopologyKind::lanes without work), but a fabric's
// work is not spread evenly: under uniform traffic a mesh's middle carries
// more flits than its faces. The balancer counts every node's work
// (Network::node_work: its evaluations, and its router's flits weighted by
// Network::kFlitWork) from the end of the first kWindowCycles cycles (the
// fabric filling up) on, and looks at the counts so far every kWindowCycles
// cycles. Where the busiest lane has done more than kMaxLaneImbalance (10%)
// over the mean, it asks the topology's kind for the cut weighted by that
// work, and takes it where, by the same work, its busiest lane is at least
// kMinGain lighter. It re-cuts at most kMaxRecuts times a run. The work is
// counted, not timed, so the cuts depend only on the run's inputs and the
// number of lanes; the results depend on neither.
//
// Cut by time (LaneCut::Time), the balancer also times each lane's share of
// the shared phases (Network::lane_seconds), and weighs each node's work by
// its lane's time per unit of work over the mean (time_weighted_work): a
// lane whose core runs slower (a busy or slower core, another process on
// it) then looks heavier by what it costs, and the cut gives it fewer
// nodes. Measuring starts again after each cut, so a lane's time and work
// always belong to one cut, and a look needs kTimedWindows windows of them
// (a lane held up once, for a few milliseconds, is not a slow core). Where
// fewer than half of those cycles were shared by the lanes (the others too
// small to share, and not timed), the counted work decides alone. These
// cuts depend on timing; the results still do not.
#pragma once
#include <cstdint>
#include <vector>

#include <wormsim/core/choice.h>
#include <wormsim/core/flit.h>
#include <wormsim/network/profile.h>

namespace wormsim {

class Network;

/// How threads share a fabric: cut by size only, or by size and then again
/// by measured work (a LaneBalancer), counted or weighted by time.
enum class LaneCut { Size, Work, Time };
const std::vector<Choice<LaneCut>>& lane_cuts();

/// Each node's work[n] times its lane's (lane_of_node[n]) seconds per unit
/// of work over all lanes' (lane_seconds[l]: the time lane l took): what
/// the node costs on the core that runs it, in units of the mean. A lane
/// with no work or no time keeps its nodes' work as it is. The sum over a
/// lane is proportional to its time.
std::vector<double> time_weighted_work(const std::vector<double>& work, const std::vector<unsigned>& lane_of_node,
                                       const std::vector<double>& lane_seconds);

class LaneBalancer {
 public:
  static constexpr Cycle kWindowCycles = 256;
  static constexpr double kMinGain = 0.03;
  static constexpr unsigned kMaxRecuts = 4;
  static constexpr unsigned kTimedWindows = 2;

  /// For `net`, which has several lanes; counting (and with LaneCut::Time,
  /// timing) starts after the first kWindowCycles cycles.
  LaneBalancer(Network& net, LaneCut how);

  /// After `cycles` cycles have completed: at the end of a window, the
  /// lane of every node when the lanes should be cut again (the caller
  /// applies it: Network::recut_lanes with recuts().back(), and its own
  /// per-lane state); else empty. Starts the next window.
  std::vector<unsigned> after_cycle(Cycle cycles);

  /// The cuts taken so far.
  const std::vector<LaneRecut>& recuts() const { return recuts_; }
  /// The busiest lane's share over the mean at the last look (by the cut
  /// then); 1 before the first.
  double last_imbalance() const { return last_imbalance_; }

 private:
  Network& net_;
  bool timed_;  ///< LaneCut::Time
  Cycle window_start_ = 0;
  bool filled_ = false;  ///< the first window is over
  bool done_ = false;    ///< kMaxRecuts taken: no more counting
  unsigned timed_windows_ = 0;  ///< LaneCut::Time: windows timed since measuring (re)started
  Cycle measured_from_ = 0;     ///< the cycle counting (and timing) last started
  double last_imbalance_ = 1;
  std::vector<LaneRecut> recuts_;
};

}  // namespace wormsim
