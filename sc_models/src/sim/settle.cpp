#include <wormsim/sim/settle.h>

#include <cmath>

namespace wormsim {

Settle::Verdict Settle::at_boundary(Cycle t) {
  const double latency = latency_sum_ / static_cast<double>(packets_);
  const double accepted =
      static_cast<double>(accepted_) / static_cast<double>(t - reset_) / static_cast<double>(nodes_);
  // BookSim's comparisons: a change of NaN (no packet yet) is within any threshold.
  const bool latency_moved = std::fabs((latency - before_latency_) / latency) > cfg_.latency_change;
  const bool accepted_moved = std::fabs((accepted - before_accepted_) / accepted) > cfg_.accepted_change;
  before_latency_ = latency;
  before_accepted_ = accepted;
  if (cfg_.latency_limit >= 0) {
    const double ages = static_cast<double>(t) * static_cast<double>(in_flight_) - in_flight_created_;
    const double with_flight = (latency_sum_ + ages) / (static_cast<double>(packets_) + static_cast<double>(in_flight_));
    if (with_flight > cfg_.latency_limit) return Verdict::kUnstable;
  }
  const Cycle k = t / cfg_.period;  // periods completed
  if (t <= warmup_) {
    if (t == warmup_) {  // the window starts: only its packets count from now on
      at_window_ = true;
      clear(t);
    } else if (k % 2 == 0) {
      clear(t);
    }
    return Verdict::kGoOn;
  }
  settled_ = (!latency_moved && !accepted_moved) ? settled_ + 1 : 0;
  return settled_ >= cfg_.settled_periods ? Verdict::kSettled : Verdict::kGoOn;
}

}  // namespace wormsim
