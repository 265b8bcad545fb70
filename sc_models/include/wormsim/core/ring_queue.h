// Unbounded first-in first-out queue in one ring of slots that doubles when
// full (a network interface's source queue): a push or pop allocates
// nothing once the ring has grown to the longest the queue has been.
#pragma once
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace wormsim {

template <typename T>
class RingQueue {
 public:
  bool empty() const { return count_ == 0; }
  std::size_t size() const { return count_; }
  /// Slots held (a power of two, or 0 before the first push).
  std::size_t capacity() const { return slots_.size(); }

  const T& front() const {
    if (empty()) throw std::logic_error("RingQueue::front: empty");
    return slots_[head_];
  }

  void push_back(const T& value) {
    if (count_ == slots_.size()) grow();
    slots_[(head_ + count_) & (slots_.size() - 1)] = value;
    ++count_;
  }

  void pop_front() {
    if (empty()) throw std::logic_error("RingQueue::pop_front: empty");
    head_ = (head_ + 1) & (slots_.size() - 1);
    --count_;
  }

 private:
  /// Twice the slots (at least 8), the queue copied to the start in order.
  void grow() {
    std::vector<T> bigger(slots_.empty() ? 8 : 2 * slots_.size());
    for (std::size_t i = 0; i < count_; ++i) bigger[i] = std::move(slots_[(head_ + i) & (slots_.size() - 1)]);
    slots_.swap(bigger);
    head_ = 0;
  }

  std::vector<T> slots_;
  std::size_t head_ = 0;
  std::size_t count_ = 0;
};

}  // namespace wormsim
