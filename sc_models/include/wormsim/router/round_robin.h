// Round-robin arbiter: grants the first requester at or after the pointer
// (cyclically); the owner moves the pointer to one past the winner when the
// grant takes effect.
#pragma once
#include <cstdint>

namespace wormsim {

class RoundRobin {
 public:
  explicit RoundRobin(unsigned size = 1) : size_(size) {}

  unsigned pointer() const { return ptr_ == size_ ? 0 : ptr_; }
  unsigned size() const { return size_; }

  /// Distance of requester i from the pointer: lower wins.
  unsigned distance(unsigned i) const { return (i + size_ - ptr_) % size_; }

  /// Picks among requesters given as a bit mask (size <= 64); -1 if none.
  int pick(std::uint64_t requests) const {
    if (requests == 0) return -1;
    // ptr_ == size_ (pointer 0): no requester at or above it when size_ < 64,
    // and a shift by 0 when size_ == 64: the lowest wins either way.
    const std::uint64_t high = requests & (~0ull << (ptr_ % 64));
    const std::uint64_t use = high ? high : requests;
    return __builtin_ctzll(use);
  }

  void advance_past(unsigned winner) { ptr_ = winner + 1; }

 private:
  unsigned size_;
  unsigned ptr_ = 0;  ///< 0 to size_; size_ stands for 0 (advance_past needs no wrap)
};

}  // namespace wormsim
