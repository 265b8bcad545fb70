// Fixed-capacity ring buffer: the per-VC flit buffer of routers and network
// interfaces. Capacity violations are model bugs and throw. The ring has a
// power-of-two number of slots (at least the capacity), so an index wraps
// by a mask.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>

namespace wormsim {

template <typename T>
class Fifo {
 public:
  explicit Fifo(std::size_t capacity = 0)
      : slots_(capacity != 0 ? std::make_unique<T[]>(ring_slots(capacity)) : nullptr),
        capacity_(static_cast<std::uint32_t>(capacity)),
        mask_(capacity != 0 ? static_cast<std::uint32_t>(ring_slots(capacity) - 1) : 0) {}

  /// The slots a buffer of `capacity` entries holds: the next power of two.
  static std::size_t ring_slots(std::size_t capacity) {
    std::size_t n = 1;
    while (n < capacity) n *= 2;
    return n;
  }

  std::size_t capacity() const { return capacity_; }
  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  bool full() const { return count_ == capacity_; }

  const T& front() const { return slots_[head_]; }
  const T& at(std::size_t i) const { return slots_[(head_ + static_cast<std::uint32_t>(i)) & mask_]; }

  void push(const T& value) {
    if (full()) throw std::logic_error("fifo overflow: credit protocol violated");
    slots_[(head_ + count_) & mask_] = value;
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
    --count_;
    // Back to slot 0 when emptied (a lightly used buffer keeps to its first
    // slots), without a branch.
    head_ = (head_ + 1) & mask_ & (0u - static_cast<std::uint32_t>(count_ != 0));
  }

 private:
  // The slots and their count (8 + 16 bytes: an input VC's entry stays
  // small, and a fabric's millions of them with it).
  std::unique_ptr<T[]> slots_;
  std::uint32_t capacity_ = 0;
  std::uint32_t mask_ = 0;  ///< ring slots - 1
  std::uint32_t head_ = 0;
  std::uint32_t count_ = 0;
};

}  // namespace wormsim
