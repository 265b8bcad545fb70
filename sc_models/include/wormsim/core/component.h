// A clocked component of the fabric (router or network interface). Each cycle
// it reads only registered state (its own, and the *_q side of its links) and
// writes only its own next state and the *_d side of its links, so the order
// in which components are evaluated never changes the result.
#pragma once
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
  void set_lane(unsigned lane) { lane_ = lane; }
  /// What a list evaluator that calls some components' cycles directly
  /// tests (Router::list_evaluator): 0 unless the component's class sets
  /// its own.
  unsigned tag() const { return tag_; }

 protected:
  void set_tag(unsigned tag) { tag_ = tag; }

 private:
  unsigned lane_ = 0;
  unsigned tag_ = 0;
};

}  // namespace wormsim
