// Activity list: which components must be evaluated in the next cycle. A
// component is woken when a flit or credit arrives on one of its links, or by
// itself while it still holds work. Idle components cost nothing. With one
// lane, a wake-up sets its slot's bit, and a cycle takes the components
// woken in slot order; a busy fabric may be evaluated densely instead
// (set_dense): every component each cycle.
// With several lanes (the multi-threaded engine), every component belongs to
// one lane, and each lane has bit words of its own, as the one lane's, by
// slot: a wake-up made by the component's own lane (a component wakes
// itself and its links' receivers from its own lane; lane k's part of the
// clock edge wakes from lane k), or in the serial part of a cycle, sets the
// component's bit in its lane's words, without an atomic operation, and
// only that lane's thread touches them in a phase. An arrival for another
// lane's component (arrive_in: its arrival bits and its wake-up) goes to a
// list from the lane that makes it to the component's. Each lane takes its
// own components (take_lane, the lanes in parallel): the lists to it set
// their bits, and the lane's words give its components in slot order, so
// no thread joins them all. The lists are kept
// twice: those a cycle takes, and those its evaluation fills for the next,
// so a lane that wakes another lane's component while that lane is still
// taking its list cannot reach it.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <new>
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
    components_.push_back(c);
    lane_of_slot_.push_back(0);
    current_.resize(components_.size());
    woken_.resize((components_.size() + 63) / 64);
    return components_.size() - 1;
  }

  /// Puts `c` in place of the component at `slot`: links that wake the slot
  /// wake `c` from now on, and the old component is never evaluated again.
  void replace(std::size_t slot, Component* c) { components_[slot] = c; }

  /// Schedules component `slot` for evaluation in the next cycle. With
  /// several lanes only a component's own evaluation (or the serial part of
  /// a cycle) may call this: it uses the component's lane.
  void wake(std::size_t slot) {
    if (laned_) {
      ++wakeups_[fill_][lane_of_slot_[slot]].value;
      *word_of(slot) |= std::uint64_t{1} << (slot % 64);
      return;
    }
    wake_one_lane(slot);
  }

  /// wake(slot) for a caller that knows there is one lane.
  void wake_one_lane(std::size_t slot) { *word_of(slot) |= std::uint64_t{1} << (slot % 64); }
  /// The word whose bit slot % 64 wake(slot) sets, for a caller that
  /// keeps it and sets the bit itself: with several lanes, from the
  /// component's lane only, and until the lanes are set again. No component
  /// may be added after the first call. Components of several lanes may
  /// call it at once.
  std::uint64_t* wake_word(std::size_t slot) {
    words_lent_.store(true, std::memory_order_relaxed);
    return word_of(slot);
  }
  /// That word, for a caller that sets the bit now and keeps no pointer.
  std::uint64_t* word_of(std::size_t slot) {
    return laned_ ? lane_word(lane_of_slot_[slot], slot / 64) : &woken_[slot / 64];
  }

  /// An arrival for component `slot`, made by lane `lane` (its part of a
  /// cycle or of the clock edge; any lane with one): sets `bits` in the
  /// component's arrival word `*word` (null: a word no one reads) and wakes
  /// it for the next cycle. With several lanes, an arrival for another
  /// lane's component waits in a list until that lane takes its
  /// components, so that only a component's own lane writes its arrival
  /// words and its wake-up bits.
  void arrive_in(std::size_t slot, unsigned lane, std::uint64_t* word, std::uint64_t bits) {
    if (!laned_) {
      if (word != nullptr) *word |= bits;
      return wake(slot);
    }
    ++wakeups_[fill_][lane].value;
    const unsigned to = lane_of_slot_[slot];
    if (to != lane) return lane_next_[fill_][lane][to].value.push_back(Arrival{slot, word, bits});
    if (word != nullptr) *word |= bits;
    *lane_word(lane, slot / 64) |= std::uint64_t{1} << (slot % 64);
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
    if (lanes > 1) set_dense(0, 0);  // lanes keep their own words
    // The wake-ups waiting (lists, the lanes' words, the one lane's words)
    // go to the components' lanes as they are set now.
    std::vector<std::size_t> pending;
    for (auto& lists : lane_next_)
      for (auto& from : lists)
        for (auto& to : from)
          for (const Arrival& a : to.value) {
            if (a.word != nullptr) *a.word |= a.bits;
            pending.push_back(a.slot);
          }
    const std::size_t words = woken_.size();
    for (std::size_t i = 0; i < lane_bits_size_; ++i)
      for (std::uint64_t m = std::exchange(lane_bits_.get()[i], 0); m; m &= m - 1)
        pending.push_back(i % lane_stride_ * 64 + static_cast<std::size_t>(__builtin_ctzll(m)));
    for (std::size_t w = 0; w < words; ++w)
      for (std::uint64_t m = std::exchange(woken_[w], 0); m; m &= m - 1)
        pending.push_back(w * 64 + static_cast<std::size_t>(__builtin_ctzll(m)));
    const unsigned n_lanes = lanes > 1 ? lanes : 0;
    for (auto& lists : lane_next_) lists.assign(n_lanes, std::vector<ArrivalList>(n_lanes));
    for (auto& counts : wakeups_) counts.assign(n_lanes, {});
    lane_current_.assign(n_lanes, {});
    lane_stride_ = (words + kWordsPerLine - 1) / kWordsPerLine * kWordsPerLine;
    lane_bits_size_ = n_lanes * lane_stride_;
    lane_bits_.reset(lane_bits_size_ == 0 ? nullptr : new_lane_bits(lane_bits_size_));
    lane_words_.assign(n_lanes, LaneWords{words, 0});
    laned_ = lanes > 1;
    const std::size_t n = components_.size();
    for (std::size_t slot = 0; slot < n; ++slot) {
      const unsigned lane = lanes <= 1 ? 0u
                            : lane_of_slot != nullptr ? lane_of_slot->at(slot)
                                                      : static_cast<unsigned>(slot * lanes / n);
      components_[slot]->set_lane(lane, lanes > 1);
      lane_of_slot_[slot] = lane;
      if (laned_) {
        LaneWords& range = lane_words_[lane];
        range.first = std::min(range.first, slot / 64);
        range.last = std::max(range.last, slot / 64 + 1);
      }
    }
    for (unsigned k = 0; k < n_lanes; ++k) {
      LaneWords& range = lane_words_[k];
      range.first = std::min(range.first, range.last);
      lane_current_[k].value.resize((range.last - range.first) * 64);
    }
    for (std::size_t slot : pending) wake(slot);
  }

  /// With several lanes: starts the coming cycle; then every lane k takes
  /// its components with take_lane(k) (the lanes in parallel, or one after
  /// another: the lists come out the same). Wake-ups from now on are for
  /// the cycle after, except a lane's own before it takes its list.
  void begin_lanes() {
    fill_ ^= 1u;
    // The lists filled from now on were all taken in the cycle before.
    for (auto& count : wakeups_[fill_]) count.value = 0;
  }

  /// Lane k's components for the coming cycle (after begin_lanes): those
  /// woken by lane k since it last took its list, and those of the other
  /// lanes' lists of arrivals to it (their arrival bits set now), in slot
  /// order, each once. Touches only lane k's words and components' arrival
  /// words and the lists to it.
  ComponentList take_lane(unsigned k) {
    const LaneWords range = lane_words_[k];
    std::uint64_t* words = lane_word(k, 0);
    for (auto& from : lane_next_[fill_ ^ 1u]) {
      std::vector<Arrival>& arrivals = from[k].value;
      for (const Arrival& a : arrivals) {
        if (a.word != nullptr) *a.word |= a.bits;
        words[a.slot / 64] |= std::uint64_t{1} << (a.slot % 64);
      }
      arrivals.clear();
    }
    Component* const* by_slot = components_.data();
    Component** out = lane_current_[k].value.data();
    std::size_t n = 0;
    for (std::size_t w = range.first; w < range.last; ++w) {
      for (std::uint64_t m = words[w]; m; m &= m - 1) {
        const std::size_t slot = w * 64 + static_cast<std::size_t>(__builtin_ctzll(m));
        out[n++] = by_slot[slot];
        if (__builtin_expect(counting_, 0)) ++taken_[slot];
      }
      words[w] = 0;
    }
    return ComponentList(out, n);
  }

  /// With several lanes, by lane k's thread at the end of its part of a
  /// cycle: counts the components it woke for the coming cycle in its own
  /// words (for lane_wakeups()).
  void count_lane_wakeups(unsigned k) {
    const LaneWords range = lane_words_[k];
    const std::uint64_t* words = lane_word(k, 0);
    std::size_t n = 0;
    for (std::size_t w = range.first; w < range.last; ++w) n += static_cast<std::size_t>(__builtin_popcountll(words[w]));
    wakeups_[fill_][k].value += n;
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
    const auto set = [](std::uint64_t w) { return w != 0; };
    if (dense_ || std::any_of(woken_.begin(), woken_.end(), set) || lane_wakeups() != 0) return true;
    return std::any_of(lane_bits_.get(), lane_bits_.get() + lane_bits_size_, set);
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
  /// The list taken last, with room for every component.
  std::vector<Component*> current_;
  /// With one lane: bit s % 64 of word s / 64 is set when slot s is woken
  /// for the coming cycle.
  std::vector<std::uint64_t> woken_;
  std::vector<unsigned> lane_of_slot_;
  /// An arrival_in() for another lane's component.
  struct Arrival {
    std::size_t slot;
    std::uint64_t* word;
    std::uint64_t bits;
  };
  /// Arrivals for other lanes' components, [list][from lane][to lane];
  /// empty with one lane. List fill_ is what arrivals fill, the other what
  /// the coming cycle takes. The lane `from` fills a list and the lane `to`
  /// empties it: each on a line of its own.
  using ArrivalList = LaneOwned<std::vector<Arrival>>;
  std::vector<std::vector<ArrivalList>> lane_next_[2];
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
  /// With several lanes: per lane, words as woken_, lane k's from word
  /// k * lane_stride_ (whole cache lines: no two lanes share one), and the
  /// words its components' bits lie in.
  static constexpr std::size_t kWordsPerLine = kLaneLine / sizeof(std::uint64_t);
  struct FreeLaneBits {
    void operator()(std::uint64_t* p) const { ::operator delete(p, std::align_val_t{kLaneLine}); }
  };
  static std::uint64_t* new_lane_bits(std::size_t n) {
    auto* p = static_cast<std::uint64_t*>(::operator new(n * sizeof(std::uint64_t), std::align_val_t{kLaneLine}));
    std::uninitialized_value_construct_n(p, n);
    return p;
  }
  struct LaneWords {
    std::size_t first, last;  ///< words [first, last)
  };
  std::unique_ptr<std::uint64_t, FreeLaneBits> lane_bits_;
  std::size_t lane_bits_size_ = 0;
  std::size_t lane_stride_ = 0;  ///< words per lane, whole lines
  std::vector<LaneWords> lane_words_;
  /// Word `w` of lane `lane`.
  std::uint64_t* lane_word(unsigned lane, std::size_t w) { return lane_bits_.get() + lane * lane_stride_ + w; }
  const std::uint64_t* lane_word(unsigned lane, std::size_t w) const {
    return lane_bits_.get() + lane * lane_stride_ + w;
  }
  // Dense evaluation (set_dense).
  std::size_t dense_enter_ = 0, dense_leave_ = 0;
  bool dense_ = false;  ///< take() returns every component
  void leave_dense() { dense_ = false; }
};

}  // namespace wormsim
