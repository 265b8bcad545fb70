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
  const T& at(std::size_t i) const { return slots_[(head_ + i) % slots_.size()]; }

  void push(const T& value) {
    if (full()) throw std::logic_error("fifo overflow: credit protocol violated");
    slots_[(head_ + count_) % slots_.size()] = value;
    ++count_;
  }

  T pop() {
    if (empty()) throw std::logic_error("fifo underflow");
    T value = slots_[head_];
    head_ = (head_ + 1) % slots_.size();
    --count_;
    return value;
  }

 private:
  std::vector<T> slots_;
  std::size_t head_ = 0;
  std::size_t count_ = 0;
};

}  // namespace wormsim
