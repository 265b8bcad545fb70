// A clocked component of the fabric (router or network interface). Each cycle
// it reads only registered state (its own, and the *_q side of its links) and
// writes only its own next state and the *_d side of its links, so the order
// in which components are evaluated never changes the result.
#pragma once
#include <cstdint>

#include <wormsim/core/flit.h>

namespace wormsim {

class Component {
 public:
  virtual ~Component() = default;
  /// Computes and commits one clock cycle.
  virtual void evaluate(Cycle cycle) = 0;

  /// A hint before evaluate() on a fabric larger than the caches: ask the
  /// memory for what the next evaluation reads, so the misses of several
  /// components overlap. Called in stages, each a little closer to the
  /// evaluation and each following what the previous one fetched: 0 the
  /// object itself (its first line is already on its way), 1 the arrays it
  /// points to, 2 what those point to (buffered flits, link slots). Reads
  /// only the component's own state and changes nothing.
  virtual void prefetch(unsigned stage) const { (void)stage; }

  /// The lane (thread) that evaluates this component: set by the
  /// multi-threaded engine (ActivityList::set_lanes), 0 otherwise. What a
  /// component hands to shared lists (its own wake-up, the links it drove,
  /// its deliveries) goes to its lane's list, so lanes never share one.
  unsigned lane() const { return lane_; }
  /// Whether the engine has several lanes.
  bool laned() const { return laned_; }
  /// Also makes the component take its links' ends again before it next
  /// sends (what they hold depends on the lanes).
  void set_lane(unsigned lane, bool laned) {
    lane_ = lane;
    laned_ = laned;
    ends_taken_ = false;
  }
  /// What a list evaluator that calls some components' cycles directly
  /// tests (Router::list_evaluator): 0 unless the component's class sets
  /// its own.
  unsigned tag() const { return tag_; }

 protected:
  void set_tag(unsigned tag) { tag_ = static_cast<std::uint16_t>(tag); }
  /// Whether the component holds its links' ends (Link::FlitEnd,
  /// Link::CreditEnd) as they are now: cleared by set_lane and by a
  /// component's own attach.
  bool ends_taken_ = false;

 private:
  unsigned lane_ = 0;
  std::uint16_t tag_ = 0;
  bool laned_ = false;
};

}  // namespace wormsim
