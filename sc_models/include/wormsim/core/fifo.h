// Fixed-capacity ring buffer: the per-VC flit buffer of routers and network
// interfaces. Capacity violations are model bugs and throw.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace wormsim {

template <typename T>
class Fifo {
 public:
  explicit Fifo(std::size_t capacity = 0) : slots_(capacity) {}

  std::size_t capacity() const { return slots_.size(); }
  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  bool full() const { return count_ == slots_.size(); }

  const T& front() const { return slots_[head_]; }
  const T& at(std::size_t i) const { return slots_[wrap(head_ + i)]; }

  void push(const T& value) {
    if (full()) throw std::logic_error("fifo overflow: credit protocol violated");
    slots_[wrap(head_ + count_)] = value;
    ++count_;
  }

  T pop() {
    T value = front();
    drop();
    return value;
  }

  /// Removes the front entry (read it with front() first).
  void drop() {
    if (empty()) throw std::logic_error("fifo underflow");
    head_ = wrap(head_ + 1);
    --count_;
  }

 private:
  /// An index below 2 x capacity, brought into range without a division.
  std::size_t wrap(std::size_t i) const { return i >= slots_.size() ? i - slots_.size() : i; }

  std::vector<T> slots_;
  std::size_t head_ = 0;
  std::size_t count_ = 0;
};

}  // namespace wormsim
