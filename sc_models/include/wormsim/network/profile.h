// Where a run's time goes (`wormsim run --profile`): the work each lane does
// in the phases lanes share (evaluating components, committing links, and
// the lane-by-lane work between cycles: the runtime deadlock check's graph),
// the wall time of those phases (so each lane's wait at their barriers), the
// phases too small to share (run on the calling thread), and the serial work
// around them. Timed with steady_clock around each phase and each lane's
// job, only when asked (Network::set_profile); results do not change.
#pragma once
#include <cstdint>
#include <vector>

namespace wormsim {

/// The lanes cut again by measured work (network/lane_balancer.h): after
/// `cycle` cycles, the busiest lane's share of the window's work over the
/// mean with the old cut and with the new.
struct LaneRecut {
  std::uint64_t cycle = 0;
  double before = 1, after = 1;
  bool timed = false;  ///< by work weighted by the lanes' times (LaneCut::Time), not counted work alone
};

struct NetworkProfile {
  struct Lane {
    double evaluate = 0, commit = 0, between = 0;  ///< seconds of work in the shared phases
    double last = 0;  ///< seconds of its job in the evaluate phase now ending
  };
  std::vector<Lane> lanes;
  /// Wall seconds of the phases lanes ran (`between`: Network::for_each_lane).
  double shared_evaluate = 0, shared_commit = 0, shared_between = 0;
  /// Seconds of the slowest lane's job, summed over the shared evaluate
  /// phases: what the phases would take with no hand-off at all.
  double slowest_evaluate = 0;
  double single_evaluate = 0, single_commit = 0;  ///< phases run on the calling thread alone
  double take = 0, replay = 0;  ///< serial: starting the lanes' activity lists, replaying deliveries
  std::uint64_t shared_phases = 0, single_phases = 0;
  std::vector<LaneRecut> recuts;
  /// Seconds per run of an empty job on every lane (the pool's own
  /// hand-off, timed when profiling starts); 0 with one lane.
  double pool_handoff = 0;
};

/// What a profile says about scaling, for a run of `wall` seconds.
struct ProfileSummary {
  unsigned lanes = 1;
  std::vector<double> work;  ///< per lane: evaluate + commit in the shared phases
  /// per lane, the parts of `work`: evaluating, committing, and the lane work
  /// between cycles (the runtime deadlock check's graph)
  std::vector<double> evaluate_work, commit_work, between_work;
  std::vector<double> wait;  ///< per lane: the shared phases' wall time less its work
  double evaluate_shared = 0, commit_shared = 0, between_shared = 0, evaluate_single = 0, commit_single = 0;
  double take = 0, replay = 0;
  double serial = 0;   ///< wall time outside the shared phases (the phases run alone included)
  double other = 0;    ///< of it: traffic, statistics, checks and the rest of the cycle loop
  double imbalance = 1;  ///< busiest lane's work over the mean
  std::vector<LaneRecut> recuts;  ///< the lanes cut again by measured work
  /// The least any lane waited, per shared phase (seconds; 0 without shared
  /// phases): the pool's hand-off plus the lanes' imbalance within a phase.
  double handoff = 0;
  double pool_handoff = 0;  ///< NetworkProfile::pool_handoff
  /// The shared evaluate phases' wall time split three ways (seconds): the
  /// mean lane's job, what the slowest lane's job took over it (the lanes'
  /// spread within each phase), and the rest (starting the lanes and
  /// collecting them: the hand-off).
  double evaluate_mean = 0, evaluate_spread = 0, evaluate_handoff = 0;
  /// serial / (serial + the lanes' work): the share of a one-thread run that
  /// stays serial (Amdahl's s).
  double serial_fraction = 1;
  /// Amdahl's law: 1 / (s + (1 - s) / n).
  double projected_speedup(unsigned n) const { return 1.0 / (serial_fraction + (1.0 - serial_fraction) / n); }
};

ProfileSummary summarize(const NetworkProfile& p, double wall);

}  // namespace wormsim
