// Unbounded first-in first-out queue (a network interface's source queue):
// a Fifo that, when full, moves to one of twice the capacity (at least 8),
// so a push or pop allocates nothing once it has grown to the longest the
// queue has been.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <utility>

#include <wormsim/core/fifo.h>

namespace wormsim {

template <typename T>
class RingQueue {
 public:
  bool empty() const { return ring_.empty(); }
  std::size_t size() const { return ring_.size(); }
  /// Slots held (0 before the first push, then 8, 16, ...).
  std::size_t capacity() const { return ring_.capacity(); }

  const T& front() const {
    if (empty()) throw std::logic_error("RingQueue::front: empty");
    return ring_.front();
  }
  void push_back(const T& value) {
    if (ring_.full()) grow();
    ring_.push(value);
  }
  /// Throws std::logic_error when empty.
  void pop_front() { ring_.drop(); }

 private:
  void grow() {
    Fifo<T> bigger(ring_.capacity() == 0 ? 8 : 2 * ring_.capacity());
    for (; !ring_.empty(); ring_.drop()) bigger.push(ring_.front());
    ring_ = std::move(bigger);
  }

  Fifo<T> ring_;
};

}  // namespace wormsim
