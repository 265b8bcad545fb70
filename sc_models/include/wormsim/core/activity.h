// Activity list: which components must be evaluated in the next cycle. A
// component is woken when a flit or credit arrives on one of its links, or by
// itself while it still holds work. Idle components cost nothing.
// With several lanes (the multi-threaded engine), wake-ups go to the list of
// the lane that makes them (a component evaluated in lane k wakes itself
// into lane k's list; lane k's part of the clock edge wakes into it too);
// take() joins the lists in lane order and drops repeats, so the next
// cycle's list depends only on the number of lanes.
#pragma once
#include <algorithm>
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

  /// Schedules component `slot` for evaluation in the next cycle. With
  /// several lanes only a component's own evaluation (or the serial part of
  /// a cycle) may call this: it uses the component's lane.
  void wake(std::size_t slot) {
    if (!lane_next_.empty()) return lane_next_[components_[slot]->lane()].push_back(slot);
    if (woken_[slot] != generation_) {
      woken_[slot] = generation_;
      next_.push_back(components_[slot]);
    }
  }

  /// Schedules component `slot` from lane `lane`'s part of the clock edge
  /// (several lanes), or as wake() with one.
  void wake_in(std::size_t slot, unsigned lane) {
    if (lane_next_.empty()) return wake(slot);
    lane_next_[lane].push_back(slot);
  }

  /// The lane of the component at `slot` (0 with one lane).
  unsigned lane_of(std::size_t slot) const { return components_[slot]->lane(); }

  /// Number of lanes whose lists take() joins (1 = single-threaded).
  void set_lanes(unsigned lanes) {
    std::vector<std::size_t> pending;
    for (auto& lane : lane_next_) pending.insert(pending.end(), lane.begin(), lane.end());
    lane_next_.assign(lanes > 1 ? lanes : 0, {});
    if (lane_next_.empty()) {
      for (std::size_t slot : pending) wake(slot);
    } else {
      // What one list holds moves to lane 0 (take() drops repeats).
      ++generation_;
      for (Component* c : next_) lane_next_[0].push_back(slot_of(c));
      next_.clear();
      lane_next_[0].insert(lane_next_[0].end(), pending.begin(), pending.end());
    }
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
      for (std::size_t slot : lane)
        if (woken_[slot] != generation_) {
          woken_[slot] = generation_;
          next_.push_back(components_[slot]);
        }
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
  std::vector<std::vector<std::size_t>> lane_next_;  ///< slots; empty with one lane

  std::size_t slot_of(const Component* c) const {
    return static_cast<std::size_t>(std::find(components_.begin(), components_.end(), c) - components_.begin());
  }
  unsigned long long generation_ = 1;
};

}  // namespace wormsim
