// Per-lane state of the multi-threaded engine, one cache line apart. Lanes
// run on different cores; where two lanes' entries of an array shared a
// cache line, every write by one would take the line from the other (false
// sharing), though neither reads the other's entry.
#pragma once
#include <cstddef>

namespace wormsim {

/// The line size that lanes' entries are kept apart by: a cache line of the
/// x86-64 and AArch64 cores the engine runs on.
inline constexpr std::size_t kLaneLine = 64;

/// A value written by one lane: starts a cache line, and its size is a
/// multiple of one, so in an array of them no two entries share a line.
template <class T>
struct alignas(kLaneLine) LaneOwned {
  T value{};
};

}  // namespace wormsim
