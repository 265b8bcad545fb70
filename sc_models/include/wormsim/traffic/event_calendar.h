// The sources' calendar: each node's next event (at most one per node),
// taken in (cycle, node) order. The next kSpan cycles are a ring of bit
// words, a bit per node of the calendar's range, so taking a cycle's events
// reads its words in node order; events further ahead wait in a heap and
// move into the ring as it comes within reach.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <utility>
#include <vector>

#include <wormsim/core/flit.h>

namespace wormsim {

class EventCalendar {
 public:
  static constexpr Cycle kNone = ~Cycle{0};

  /// A calendar for nodes first..last (first <= last).
  EventCalendar(NodeId first = 0, NodeId last = 0)
      : first_word_(first / 64), words_(last / 64 - first / 64 + 1), bits_(std::size_t{kSpan} * words_, 0) {}

  /// Lists `node`'s next event at cycle `at`: not before any cycle already
  /// taken, and the node has no other event listed.
  void push(Cycle at, NodeId node) {
    if (at < base_) throw std::logic_error("EventCalendar: an event before a cycle already taken");
    if (at < base_ + kSpan) {
      put(at, node);
    } else {
      later_.emplace_back(at, node);
      std::push_heap(later_.begin(), later_.end(), std::greater<>());
    }
  }

  /// Takes every event due by `cycle`, in (cycle, node) order, calling
  /// f(node) for each (f may push events after `cycle`).
  template <class F>
  void take_due(Cycle cycle, F&& f) {
    while (base_ <= cycle) {
      if (in_ring_ == 0) {  // jump to the first cycle with an event
        if (later_.empty()) {
          base_ = cycle + 1;
          return;
        }
        base_ = std::max(base_, std::min(cycle + 1, later_.front().first));
        if (base_ > cycle) return;
      }
      while (!later_.empty() && later_.front().first < base_ + kSpan) {
        const auto [at, node] = later_.front();
        std::pop_heap(later_.begin(), later_.end(), std::greater<>());
        later_.pop_back();
        put(at, node);
      }
      const std::size_t slot = base_ % kSpan;
      if (count_[slot] != 0) {
        std::uint64_t* words = &bits_[slot * words_];
        for (std::size_t w = 0; w < words_ && count_[slot] != 0; ++w) {
          std::uint64_t bits = words[w];
          words[w] = 0;
          for (; bits; bits &= bits - 1) {
            --count_[slot];
            --in_ring_;
            f(static_cast<NodeId>((first_word_ + w) * 64 + static_cast<unsigned>(__builtin_ctzll(bits))));
          }
        }
      }
      ++base_;
    }
  }

  /// The cycle of the earliest event listed, or kNone.
  Cycle earliest() const {
    Cycle next = later_.empty() ? kNone : later_.front().first;
    if (in_ring_ != 0)
      for (Cycle c = base_; c < base_ + kSpan; ++c)
        if (count_[c % kSpan] != 0) return std::min(next, c);
    return next;
  }

  /// Calls f(cycle, node) for every event listed, in no particular order.
  template <class F>
  void for_each(F&& f) const {
    for (Cycle c = base_; c < base_ + kSpan && in_ring_ != 0; ++c) {
      const std::uint64_t* words = &bits_[(c % kSpan) * words_];
      for (std::size_t w = 0; w < words_; ++w)
        for (std::uint64_t bits = words[w]; bits; bits &= bits - 1)
          f(c, static_cast<NodeId>((first_word_ + w) * 64 + static_cast<unsigned>(__builtin_ctzll(bits))));
    }
    for (const auto& [at, node] : later_) f(at, node);
  }

 private:
  static constexpr unsigned kSpan = 128;  ///< cycles the ring holds

  void put(Cycle at, NodeId node) {
    const std::size_t slot = at % kSpan;
    bits_[slot * words_ + (node / 64 - first_word_)] |= 1ull << (node % 64);
    ++count_[slot];
    ++in_ring_;
  }

  std::size_t first_word_, words_;
  std::vector<std::uint64_t> bits_;  ///< kSpan slots of words_ words: cycle c's in slot c % kSpan
  std::uint32_t count_[kSpan] = {};  ///< events per slot
  std::size_t in_ring_ = 0;
  Cycle base_ = 0;  ///< every cycle before it is taken; the ring holds base_ .. base_ + kSpan - 1
  std::vector<std::pair<Cycle, NodeId>> later_;  ///< a min-heap of the events past the ring
};

}  // namespace wormsim
