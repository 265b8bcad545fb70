// Activity list: which components must be evaluated in the next cycle. A
// component is woken when a flit or credit arrives on one of its links, or by
// itself while it still holds work. Idle components cost nothing.
#pragma once
#include <vector>

#include <wormsim/core/component.h>

namespace wormsim {

class ActivityList {
 public:
  /// Registers a component; returns its slot index.
  std::size_t add(Component* c) {
    woken_.push_back(0);
    components_.push_back(c);
    return components_.size() - 1;
  }

  /// Puts `c` in place of the component at `slot`: links that wake the slot
  /// wake `c` from now on, and the old component is never evaluated again.
  void replace(std::size_t slot, Component* c) { components_[slot] = c; }

  /// Schedules component `slot` for evaluation in the next cycle.
  void wake(std::size_t slot) {
    if (woken_[slot] != generation_) {
      woken_[slot] = generation_;
      next_.push_back(components_[slot]);
    }
  }

  /// True when some component is scheduled for the next cycle.
  bool pending() const { return !next_.empty(); }

  /// Hands out the list for the coming cycle and starts a fresh one.
  const std::vector<Component*>& take() {
    current_.swap(next_);
    next_.clear();
    ++generation_;
    return current_;
  }

 private:
  std::vector<Component*> components_;
  std::vector<unsigned long long> woken_;
  std::vector<Component*> current_, next_;
  unsigned long long generation_ = 1;
};

}  // namespace wormsim
