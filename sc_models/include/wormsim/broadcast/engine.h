// Node programs for broadcast schedules in a running Simulation: any number
// of broadcasts, started at any cycle, concurrently with the simulation's own
// unicast traffic. Every send is a worm of L payload flits (plus the header
// flits of its form) to one or more destinations; a node that receives a
// broadcast's message at cycle c sends that broadcast's worms from cycle
// c + 1 (the source from its start cycle), after beta start-up cycles per
// message (one-port: serialized; all-port: one per round). The engine owns
// the simulation's delivery listener; packets it did not inject are ignored.
#pragma once
#include <map>
#include <vector>

#include <wormsim/broadcast/worm_schedule.h>
#include <wormsim/sim/simulation.h>

namespace wormsim {

struct BroadcastTiming {
  unsigned flits = 4;  ///< L
  Cycle startup = 0;   ///< beta
};

struct BroadcastProgress {
  Cycle start = 0, completion = 0;
  std::vector<Cycle> arrival;      ///< per node (the source: its start cycle)
  std::vector<unsigned> receipts;  ///< per node
  std::size_t informed = 1;
  std::uint64_t worms = 0;
  std::size_t expected = 0;        ///< nodes that must receive it (source included)
  bool complete() const { return informed == expected; }
};

class BroadcastEngine {
 public:
  BroadcastEngine(Simulation& sim, const BroadcastTiming& timing);

  /// Starts schedule s at cycle `at` (>= the current cycle); returns its index.
  std::size_t start(const WormSchedule& s, Cycle at);
  std::size_t start(const Schedule& s, Cycle at) { return start(as_worms(s), at); }
  /// Also told of every delivery (the engine owns the simulation's listener).
  void on_delivery(Scoreboard::CompletionHandler h) { also_ = std::move(h); }
  /// Injects every send due in the coming cycle; call before each tick().
  void before_tick();
  /// Every broadcast complete and no send pending or in flight.
  /// The cycle of the next send not yet injected; ~0 when none is due.
  Cycle next_due() const { return due_.empty() ? ~Cycle{0} : due_.begin()->first; }
  bool idle() const { return due_.empty() && in_flight_ == 0 && complete_ == runs_.size(); }
  const BroadcastProgress& progress(std::size_t k) const { return runs_[k].progress; }
  std::size_t broadcasts() const { return runs_.size(); }

 private:
  struct Run {
    PortModel ports;
    std::vector<std::vector<std::vector<WormRoute>>> plan;  ///< per node: sends grouped by round
    BroadcastProgress progress;
  };
  struct Send {
    std::size_t run;
    NodeId from;
    std::size_t step, index;  ///< into runs_[run].plan[from]
  };
  struct InFlight {
    std::size_t run;
    std::size_t remaining;  ///< destinations still to deliver to
  };

  void schedule_sends(std::size_t k, NodeId v, Cycle base);
  void delivered(const Packet& p, Cycle c);

  Simulation& sim_;
  BroadcastTiming timing_;
  std::vector<Run> runs_;
  std::multimap<Cycle, Send> due_;
  std::map<std::uint64_t, InFlight> worm_run_;  ///< packet id -> broadcast
  std::size_t in_flight_ = 0, complete_ = 0;
  Scoreboard::CompletionHandler also_;
};

}  // namespace wormsim
