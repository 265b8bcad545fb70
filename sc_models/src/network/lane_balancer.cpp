#include <wormsim/network/lane_balancer.h>

#include <wormsim/network/network.h>
#include <wormsim/topology/lanes.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

const std::vector<Choice<LaneCut>>& lane_cuts() {
  static const std::vector<Choice<LaneCut>> table = {
      {"time", "cut by size, then again by the work measured in the run weighted by the time each thread took "
               "for it, where a thread takes over 10% more time than the mean (a slow or shared core gets less)",
       LaneCut::Time},
      {"work", "cut by size, then again by the work measured in the run where a thread holds over 10% more than "
               "the mean",
       LaneCut::Work},
      {"size", "cut by size only: equal boxes, blocks of modules or ranges of ids", LaneCut::Size},
  };
  return table;
}

std::vector<double> time_weighted_work(const std::vector<double>& work, const std::vector<unsigned>& lane_of_node,
                                       const std::vector<double>& lane_seconds) {
  std::vector<double> lane_work(lane_seconds.size(), 0.0);
  for (std::size_t n = 0; n < work.size(); ++n)
    if (lane_of_node[n] < lane_work.size()) lane_work[lane_of_node[n]] += work[n];
  double total_work = 0, total_seconds = 0;
  for (std::size_t l = 0; l < lane_work.size(); ++l)
    if (lane_work[l] > 0 && lane_seconds[l] > 0) total_work += lane_work[l], total_seconds += lane_seconds[l];
  std::vector<double> weighted = work;
  if (total_work <= 0 || total_seconds <= 0) return weighted;
  const double mean_cost = total_seconds / total_work;  // seconds per unit of work
  for (std::size_t n = 0; n < work.size(); ++n) {
    const unsigned l = lane_of_node[n];
    if (l < lane_work.size() && lane_work[l] > 0 && lane_seconds[l] > 0)
      weighted[n] = work[n] * (lane_seconds[l] / lane_work[l]) / mean_cost;
  }
  return weighted;
}

LaneBalancer::LaneBalancer(Network& net, LaneCut how) : net_(net), timed_(how == LaneCut::Time) {}

std::vector<unsigned> LaneBalancer::after_cycle(Cycle cycles) {
  if (done_ || cycles < window_start_ + kWindowCycles) return {};
  window_start_ = cycles;
  if (!filled_) {  // the first window is the fabric filling up: count from its end
    filled_ = true;
    net_.measure_work(timed_);
    measured_from_ = cycles;
    return {};
  }
  if (timed_ && ++timed_windows_ < kTimedWindows) return {};
  const unsigned lanes = net_.threads();
  std::vector<unsigned> now(net_.num_nodes());
  for (NodeId n = 0; n < net_.num_nodes(); ++n) now[n] = net_.lane_of_node(n);
  // Since the first window ended (by time: since the last cut). Timed over
  // too few shared phases (most cycles too small to share), the times say
  // little: the counted work decides.
  const bool weigh = timed_ && 2 * net_.timed_phases() >= cycles - measured_from_;
  const std::vector<double> work =
      weigh ? time_weighted_work(net_.node_work(), now, net_.lane_seconds()) : net_.node_work();
  last_imbalance_ = lane_imbalance(now, lanes, work);
  if (last_imbalance_ <= kMaxLaneImbalance) return {};
  std::vector<unsigned> cut = net_.topology().kind->lanes(net_.topology(), lanes, work);
  const double after = lane_imbalance(cut, lanes, work);
  if (after > last_imbalance_ * (1 - kMinGain)) return {};
  recuts_.push_back(LaneRecut{cycles, last_imbalance_, after, weigh});
  if (recuts_.size() == kMaxRecuts) {
    done_ = true;
    net_.stop_measuring();
  } else if (timed_) {
    net_.measure_work(true);  // the lanes' times from here on belong to the new cut
    measured_from_ = cycles;
    timed_windows_ = 0;
  }
  return cut;
}

}  // namespace wormsim
