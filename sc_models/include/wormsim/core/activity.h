// Activity list: which components must be evaluated in the next cycle. A
// component is woken when a flit or credit arrives on one of its links, or by
// itself while it still holds work. Idle components cost nothing.
// With several lanes (the multi-threaded engine), a component evaluated in
// lane k wakes itself into lane k's list; take() joins the lists in lane
// order, so the next cycle's list depends only on the number of lanes.
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

  /// Schedules component `slot` for evaluation in the next cycle. While
  /// lanes run in parallel a component may wake only itself.
  void wake(std::size_t slot) {
    if (woken_[slot] != generation_) {
      woken_[slot] = generation_;
      Component* c = components_[slot];
      if (lane_next_.empty())
        next_.push_back(c);
      else
        lane_next_[c->lane()].push_back(c);
    }
  }

  /// The lane of the component at `slot` (0 with one lane).
  unsigned lane_of(std::size_t slot) const { return components_[slot]->lane(); }

  /// Number of lanes whose lists take() joins (1 = single-threaded).
  void set_lanes(unsigned lanes) {
    lane_next_.assign(lanes > 1 ? lanes : 0, {});
  }

  /// True when some component is scheduled for the next cycle.
  bool pending() const {
    if (!next_.empty()) return true;
    for (const auto& lane : lane_next_)
      if (!lane.empty()) return true;
    return false;
  }

  /// Hands out the list for the coming cycle and starts a fresh one.
  const std::vector<Component*>& take() {
    for (auto& lane : lane_next_) {
      next_.insert(next_.end(), lane.begin(), lane.end());
      lane.clear();
    }
    current_.swap(next_);
    next_.clear();
    ++generation_;
    return current_;
  }

 private:
  std::vector<Component*> components_;
  std::vector<unsigned long long> woken_;
  std::vector<Component*> current_, next_;
  std::vector<std::vector<Component*>> lane_next_;  ///< empty with one lane
  unsigned long long generation_ = 1;
};

}  // namespace wormsim
