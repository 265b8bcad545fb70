// Activity list: which components must be evaluated in the next cycle. A
// component is woken when a flit or credit arrives on one of its links, or by
// itself while it still holds work. Idle components cost nothing. With one
// lane, a wake-up sets its slot's bit, and a cycle takes the components
// woken in slot order; a busy fabric may be evaluated densely instead
// (set_dense): every component each cycle.
// With several lanes (the multi-threaded engine), every component belongs to
// one lane; a wake-up goes to the list from the lane that makes it to the
// lane of the component (a component wakes itself and its links' receivers
// from its own lane; lane k's part of the clock edge wakes from lane k).
// Each lane takes its own components (take_lane, the lanes in parallel):
// the lists to it joined in the order of the lanes they come from, repeats
// dropped, so its list depends only on the number of lanes, and no thread
// joins them all. The lists are kept twice: those a cycle takes, and those
// its evaluation fills for the next, so a lane that wakes another lane's
// component while that lane is still taking its list cannot reach it.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include <wormsim/core/component.h>
#include <wormsim/core/lane_owned.h>

namespace wormsim {

/// Components to evaluate, in order: a view of an ActivityList's list,
/// valid until the list is taken again.
class ComponentList {
 public:
  ComponentList(Component* const* first, std::size_t n) : first_(first), n_(n) {}
  explicit ComponentList(const std::vector<Component*>& v) : first_(v.data()), n_(v.size()) {}
  Component* const* begin() const { return first_; }
  Component* const* end() const { return first_ + n_; }
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  Component* operator[](std::size_t i) const { return first_[i]; }

 private:
  Component* const* first_;
  std::size_t n_;
};

class ActivityList {
 public:
  /// Registers a component; returns its slot index.
  std::size_t add(Component* c) {
    if (words_lent_.load(std::memory_order_relaxed))
      throw std::logic_error("ActivityList: a component added after wake words were lent");
    slots_.push_back(Slot{c, 0});
    components_.push_back(c);
    lane_of_slot_.push_back(0);
    current_.resize(components_.size());
    woken_.resize((components_.size() + 63) / 64);
    return components_.size() - 1;
  }

  /// Puts `c` in place of the component at `slot`: links that wake the slot
  /// wake `c` from now on, and the old component is never evaluated again.
  void replace(std::size_t slot, Component* c) { components_[slot] = slots_[slot].component = c; }

  /// Schedules component `slot` for evaluation in the next cycle. With
  /// several lanes only a component's own evaluation (or the serial part of
  /// a cycle) may call this: it uses the component's lane.
  void wake(std::size_t slot) {
    if (laned_) {
      const unsigned lane = lane_of_slot_[slot];
      ++wakeups_[fill_][lane].value;
      return lane_next_[fill_][lane][lane].value.push_back(slot);
    }
    wake_one_lane(slot);
  }

  /// wake(slot) for a caller that knows there is one lane.
  void wake_one_lane(std::size_t slot) { *word_of(slot) |= std::uint64_t{1} << (slot % 64); }
  /// The word whose bit slot % 64 wake_one_lane(slot) sets, for a caller
  /// that keeps it and sets the bit itself. No component may be added
  /// after the first call. Components of several lanes may call it at once.
  std::uint64_t* wake_word(std::size_t slot) {
    words_lent_.store(true, std::memory_order_relaxed);
    return word_of(slot);
  }
  /// That word, for a caller that sets the bit now and keeps no pointer.
  std::uint64_t* word_of(std::size_t slot) { return &woken_[slot / 64]; }

  /// Schedules component `slot` from lane `lane`'s part of the clock edge
  /// (several lanes), or as wake() with one.
  void wake_in(std::size_t slot, unsigned lane) {
    if (!laned_) return wake(slot);
    ++wakeups_[fill_][lane].value;
    lane_next_[fill_][lane][lane_of_slot_[slot]].value.push_back(slot);
  }

  /// With several lanes: from now on counts, per slot, the cycles
  /// take_lane() hands its component out in, from 0; off: stops counting.
  void count_taken(bool on) {
    counting_ = on;
    if (on) taken_.assign(components_.size(), 0);
  }
  /// The counts since count_taken(true), by slot.
  const std::vector<std::uint32_t>& taken() const { return taken_; }

  /// The lane of the component at `slot` (0 with one lane).
  unsigned lane_of(std::size_t slot) const { return lane_of_slot_[slot]; }

  /// Number of lanes (1 = single-threaded). With several, every component
  /// belongs to one lane until the next call: slot s to lane_of_slot[s]
  /// (< lanes) when given, else slots are cut into `lanes` equal ranges
  /// (router and interface of a node, and neighbouring nodes, stay
  /// together), so a lane's work keeps to its part of the fabric. Between
  /// cycles only: the wake-ups waiting move to their components' new lanes.
  void set_lanes(unsigned lanes, const std::vector<unsigned>* lane_of_slot = nullptr) {
    if (lanes > 1) set_dense(0, 0);  // lanes keep lists
    std::vector<std::size_t> pending;
    for (auto& lists : lane_next_)
      for (auto& from : lists)
        for (auto& to : from) pending.insert(pending.end(), to.value.begin(), to.value.end());
    const unsigned n_lanes = lanes > 1 ? lanes : 0;
    for (auto& lists : lane_next_) lists.assign(n_lanes, std::vector<SlotList>(n_lanes));
    for (auto& counts : wakeups_) counts.assign(n_lanes, {});
    lane_current_.assign(n_lanes, {});
    laned_ = lanes > 1;
    const std::size_t n = components_.size();
    for (std::size_t slot = 0; slot < n; ++slot) {
      const unsigned lane = lanes <= 1 ? 0u
                            : lane_of_slot != nullptr ? lane_of_slot->at(slot)
                                                      : static_cast<unsigned>(slot * lanes / n);
      components_[slot]->set_lane(lane);
      lane_of_slot_[slot] = lane;
    }
    if (lane_next_[0].empty()) {
      for (std::size_t slot : pending) wake(slot);
    } else {
      // The bits of one lane move to the lanes' lists.
      for (std::size_t w = 0; w < woken_.size(); ++w)
        for (std::uint64_t m = std::exchange(woken_[w], 0); m; m &= m - 1)
          pending.push_back(w * 64 + static_cast<std::size_t>(__builtin_ctzll(m)));
      for (std::size_t slot : pending) wake(slot);
    }
  }

  /// With several lanes: starts the coming cycle; then every lane k takes
  /// its components with take_lane(k) (the lanes in parallel, or one after
  /// another: the lists come out the same). Wake-ups from now on are for
  /// the cycle after, except a lane's own before it takes its list.
  void begin_lanes() {
    ++generation_;
    fill_ ^= 1u;
    // The lists filled from now on were all taken in the cycle before.
    for (auto& count : wakeups_[fill_]) count.value = 0;
  }

  /// Lane k's components for the coming cycle (after begin_lanes): the
  /// lists to lane k joined in the order of the lanes they come from,
  /// repeats dropped; lane k's wake-ups of its own components since
  /// begin_lanes follow its own list. Touches only lane k's lists and slots.
  ComponentList take_lane(unsigned k) {
    std::vector<Component*>& list = lane_current_[k].value;
    auto& taken = lane_next_[fill_ ^ 1u];
    std::vector<std::size_t>& own = lane_next_[fill_][k][k].value;
    // Room for every wake-up and one more: as in wake(), each slot is
    // written at the list's end and the count grows only on its first
    // wake-up, without a branch.
    std::size_t wakeups = own.size() + 1;
    for (auto& from : taken) wakeups += from[k].value.size();
    if (list.size() < wakeups) list.resize(wakeups);
    Component** out = list.data();
    std::size_t n = 0;
    const unsigned long long generation = generation_;
    auto take = [&](std::vector<std::size_t>& slots) {
      for (std::size_t slot : slots) {
        Slot& s = slots_[slot];
        const bool first = s.woken != generation;
        s.woken = generation;
        out[n] = s.component;
        if (__builtin_expect(counting_, 0)) taken_[slot] += first;
        n += first;
      }
      slots.clear();
    };
    wakeups_[fill_][k].value -= own.size();  // taken now, not waiting
    for (unsigned from = 0; from < taken.size(); ++from) {
      take(taken[from][k].value);
      if (from == k) take(own);
    }
    return ComponentList(out, n);
  }

  /// With several lanes: the wake-ups waiting for the coming cycle, repeats
  /// included (a bound on the components take_lane hands out).
  std::size_t lane_wakeups() const {
    std::size_t n = 0;
    for (const auto& from : wakeups_[fill_]) n += from.value;
    return n;
  }

  /// True when some component is scheduled for the next cycle.
  bool pending() const {
    return dense_ || std::any_of(woken_.begin(), woken_.end(), [](std::uint64_t w) { return w != 0; }) ||
           lane_wakeups() != 0;
  }

  /// Dense evaluation, with one lane: where a cycle takes at least `enter`
  /// components, the cycles after it take every component (in slot order),
  /// until one where fewer than `leave` were woken, which takes only those,
  /// as before. enter = 0: never (set_lanes with several lanes sets it so).
  /// Needs components whose evaluation with nothing to do changes nothing.
  void set_dense(std::size_t enter, std::size_t leave) {
    dense_enter_ = enter;
    dense_leave_ = leave;
    if (enter == 0) leave_dense();  // the wake-ups recorded are the list
  }
  bool dense() const { return dense_; }

  /// Hands out the list for the coming cycle and starts a fresh one: with
  /// one lane, the components woken (or every one, dense) in slot order.
  ComponentList take() {
    std::size_t n = 0;
    if (laned_) {  // several lanes: all of them, in lane order
      begin_lanes();
      for (unsigned k = 0; k < lane_current_.size(); ++k)
        for (Component* c : take_lane(k)) current_[n++] = c;
      return ComponentList(current_.data(), n);
    }
    Component* const* by_slot = components_.data();
    Component** out = current_.data();
    for (std::size_t w = 0; w < woken_.size(); ++w) {
      for (std::uint64_t m = woken_[w]; m; m &= m - 1) out[n++] = by_slot[w * 64 + static_cast<std::size_t>(__builtin_ctzll(m))];
      woken_[w] = 0;
    }
    if (dense_) {
      if (n >= dense_leave_) return ComponentList(components_);
      leave_dense();
    } else if (dense_enter_ != 0 && n >= dense_enter_) {
      dense_ = true;  // from the next take on
    }
    return ComponentList(out, n);
  }

 private:
  std::vector<Component*> components_;  ///< by slot, in one array (dense evaluation's list)
  /// By slot, for the lanes' lists: the component and the generation it
  /// was last taken in (one line read per wake-up taken).
  struct Slot {
    Component* component;
    unsigned long long woken;
  };
  std::vector<Slot> slots_;
  /// The list taken last, with room for every component.
  std::vector<Component*> current_;
  /// With one lane: bit s % 64 of word s / 64 is set when slot s is woken
  /// for the coming cycle.
  std::vector<std::uint64_t> woken_;
  std::vector<unsigned> lane_of_slot_;
  /// Slots woken, [list][from lane][to lane]; empty with one lane. List
  /// fill_ is what wake-ups fill, the other what the coming cycle takes.
  /// The lane `from` fills a list and the lane `to` empties it: each on
  /// a line of its own.
  using SlotList = LaneOwned<std::vector<std::size_t>>;
  std::vector<std::vector<SlotList>> lane_next_[2];
  /// [list][from lane]: the wake-ups in its lists from that lane, counted
  /// by that lane, so that the total reads a line per lane, not per list.
  std::vector<LaneOwned<std::size_t>> wakeups_[2];
  unsigned fill_ = 0;
  /// Per lane: the components it took last (take_lane), a prefix in use.
  std::vector<LaneOwned<std::vector<Component*>>> lane_current_;
  bool laned_ = false;  ///< !lane_next_[0].empty(), read on every wake-up
  bool counting_ = false;  ///< count_taken()
  std::atomic<bool> words_lent_{false};  ///< wake_word() was called
  std::vector<std::uint32_t> taken_;

  unsigned long long generation_ = 1;
  // Dense evaluation (set_dense).
  std::size_t dense_enter_ = 0, dense_leave_ = 0;
  bool dense_ = false;  ///< take() returns every component
  void leave_dense() { dense_ = false; }
};

}  // namespace wormsim
