// Activity list: which components must be evaluated in the next cycle. A
// component is woken when a flit or credit arrives on one of its links, or by
// itself while it still holds work. Idle components cost nothing.
// With several lanes (the multi-threaded engine), every component belongs to
// one lane; wake-ups go to the list of the lane that makes them (a component
// wakes itself into its own lane's list; lane k's part of the clock edge
// wakes into lane k's list, whoever owns the component); take_lanes() joins
// the lists in lane order, drops repeats and hands each lane its own
// components, so the lists depend only on the number of lanes.
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
    if (laned_) return lane_next_[components_[slot]->lane()].push_back(slot);
    if (woken_[slot] != generation_) {
      woken_[slot] = generation_;
      next_.push_back(components_[slot]);
    }
  }

  /// Schedules component `slot` from lane `lane`'s part of the clock edge
  /// (several lanes), or as wake() with one.
  void wake_in(std::size_t slot, unsigned lane) {
    if (!laned_) return wake(slot);
    lane_next_[lane].push_back(slot);
  }

  /// The lane of the component at `slot` (0 with one lane).
  unsigned lane_of(std::size_t slot) const { return components_[slot]->lane(); }

  /// Number of lanes (1 = single-threaded). With several, every component
  /// belongs to one lane for good: slots are cut into `lanes` equal ranges
  /// (router and interface of a node, and neighbouring nodes, stay
  /// together), so a lane's work keeps to its part of the fabric.
  void set_lanes(unsigned lanes) {
    std::vector<std::size_t> pending;
    for (auto& lane : lane_next_) pending.insert(pending.end(), lane.begin(), lane.end());
    lane_next_.assign(lanes > 1 ? lanes : 0, {});
    lane_current_.assign(lanes > 1 ? lanes : 0, {});
    laned_ = lanes > 1;
    const std::size_t n = components_.size();
    for (std::size_t slot = 0; slot < n; ++slot)
      components_[slot]->set_lane(lanes > 1 ? static_cast<unsigned>(slot * lanes / n) : 0u);
    if (lane_next_.empty()) {
      for (std::size_t slot : pending) wake(slot);
    } else {
      ++generation_;  // what one list holds moves to the lanes' lists
      for (Component* c : next_) pending.push_back(slot_of(c));
      next_.clear();
      for (std::size_t slot : pending) lane_next_[components_[slot]->lane()].push_back(slot);
    }
  }

  /// With several lanes: the components of each lane for the coming cycle
  /// (the lanes' lists joined in lane order, repeats dropped).
  const std::vector<std::vector<Component*>>& take_lanes() {
    for (auto& list : lane_current_) list.clear();
    for (auto& lane : lane_next_) {
      for (std::size_t slot : lane)
        if (woken_[slot] != generation_) {
          woken_[slot] = generation_;
          Component* c = components_[slot];
          lane_current_[c->lane()].push_back(c);
        }
      lane.clear();
    }
    ++generation_;
    return lane_current_;
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
    if (!lane_next_.empty()) {  // several lanes: all of them, in lane order
      next_.clear();
      for (const auto& list : take_lanes()) next_.insert(next_.end(), list.begin(), list.end());
      current_.swap(next_);
      next_.clear();
      return current_;
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
  std::vector<std::vector<Component*>> lane_current_;
  bool laned_ = false;  ///< !lane_next_.empty(), read on every wake-up

  std::size_t slot_of(const Component* c) const {
    return static_cast<std::size_t>(std::find(components_.begin(), components_.end(), c) - components_.begin());
  }
  unsigned long long generation_ = 1;
};

}  // namespace wormsim
