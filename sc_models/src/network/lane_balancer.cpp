#include <wormsim/network/lane_balancer.h>

#include <wormsim/network/network.h>
#include <wormsim/topology/lanes.h>
#include <wormsim/topology/topology.h>

namespace wormsim {

const std::vector<Choice<LaneCut>>& lane_cuts() {
  static const std::vector<Choice<LaneCut>> table = {
      {"work", "cut by size, then again by the work measured in the run where a thread holds over 10% more than "
               "the mean",
       LaneCut::Work},
      {"size", "cut by size only: equal boxes, blocks of modules or ranges of ids", LaneCut::Size},
  };
  return table;
}

LaneBalancer::LaneBalancer(Network& net) : net_(net) {}

std::vector<unsigned> LaneBalancer::after_cycle(Cycle cycles) {
  if (done_ || cycles < window_start_ + kWindowCycles) return {};
  window_start_ = cycles;
  if (!filled_) {  // the first window is the fabric filling up: count from its end
    filled_ = true;
    net_.measure_work();
    return {};
  }
  const unsigned lanes = net_.threads();
  const std::vector<double> work = net_.node_work();  // since the first window ended
  std::vector<unsigned> now(net_.num_nodes());
  for (NodeId n = 0; n < net_.num_nodes(); ++n) now[n] = net_.lane_of_node(n);
  last_imbalance_ = lane_imbalance(now, lanes, work);
  if (last_imbalance_ <= kMaxLaneImbalance) return {};
  std::vector<unsigned> cut = net_.topology().kind->lanes(net_.topology(), lanes, work);
  const double after = lane_imbalance(cut, lanes, work);
  if (after > last_imbalance_ * (1 - kMinGain)) return {};
  recuts_.push_back(LaneRecut{cycles, last_imbalance_, after});
  if (recuts_.size() == kMaxRecuts) {
    done_ = true;
    net_.stop_measuring();
  }
  return cut;
}

}  // namespace wormsim
