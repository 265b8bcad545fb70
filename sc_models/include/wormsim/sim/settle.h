// The settle rule: ends the measurement window once the figures stop moving,
// as BookSim 2's latency mode does (docs/booksim.md, "The measurement").
// The run is cut into periods of `period` cycles from cycle 0; the warm-up
// and the window are whole numbers of periods. At the end of each period:
// - the average packet latency and the accepted flits per node per cycle
//   since the statistics were last cleared are taken; their change against
//   the previous period's values, |now - before| / now, is compared with
//   `latency_change` and `accepted_change`;
// - statistics are cleared at the start of every even-numbered warm-up
//   period (0, 2, 4, ...) and at the start of the window; in the warm-up
//   every delivered packet counts, in the window only those created in it;
// - in the window, a period whose two changes are both within their
//   thresholds counts towards `settled_periods` in a row (one that is not
//   starts the count again); reaching it ends the window there;
// - with `latency_limit` >= 0: when (latency sum of those packets + the age
//   of every flit created and not yet delivered) / (their count + those
//   flits) exceeds it, in any period, the run is unstable and ends.
#pragma once
#include <cstddef>
#include <cstdint>

#include <wormsim/core/flit.h>

namespace wormsim {

struct SettleConfig {
  Cycle period = 0;  ///< 0: no settle rule
  double latency_change = 0.05;
  double accepted_change = 0.05;
  double latency_limit = -1;  ///< below 0: no limit
  unsigned settled_periods = 3;
};

class Settle {
 public:
  enum class Verdict { kGoOn, kSettled, kUnstable };

  Settle(const SettleConfig& config, Cycle warmup, std::size_t nodes)
      : cfg_(config), warmup_(warmup), nodes_(nodes), at_window_(warmup == 0) {}

  /// A packet of `length` flits created in cycle `created`.
  void on_created(Cycle created, unsigned length) {
    in_flight_ += length;
    in_flight_created_ += static_cast<double>(created) * length;
  }
  /// A flit delivered in cycle `at`; a tail ends its packet.
  void on_delivered(Cycle created, bool tail, Cycle at) {
    --in_flight_;
    in_flight_created_ -= static_cast<double>(created);
    ++accepted_;
    if (tail && (!at_window_ || created >= warmup_)) {
      latency_sum_ += static_cast<double>(at - created);
      ++packets_;
    }
  }
  /// After cycle t - 1, t a multiple of the period (t > 0) and at most the
  /// window's end.
  Verdict at_boundary(Cycle t);

 private:
  void clear(Cycle t) {
    latency_sum_ = 0;
    packets_ = 0;
    accepted_ = 0;
    reset_ = t;
  }

  SettleConfig cfg_;
  Cycle warmup_;
  std::size_t nodes_;
  bool at_window_ = false;  ///< the window has begun: only its packets count
  double latency_sum_ = 0;
  std::uint64_t packets_ = 0, accepted_ = 0;
  Cycle reset_ = 0;
  std::int64_t in_flight_ = 0;
  double in_flight_created_ = 0;
  double before_latency_ = 0, before_accepted_ = 0;
  unsigned settled_ = 0;
};

}  // namespace wormsim
