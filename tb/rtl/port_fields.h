// Field access on the values of verilated SystemC ports, word by word (fast
// enough for a fabric of verilated routers): a port of up to 64 bits is a
// bool / uint32_t / uint64_t, a wider one an sc_bv<W> of 32-bit words.
#pragma once
#include <cstdint>
#include <type_traits>

#include <systemc>

namespace wormsim::test {

// Field layout of wormsim_pkg::flit_t (LSB first).
struct FlitLayout {
  static constexpr int kWidth = 321;
  static constexpr int kType = 0, kVc = 2, kSeq = 10, kDst = 26, kSrc = 58, kPacket = 90;
  static constexpr int kMcLast = 154, kMcDir = 186, kMcCls = 190, kMcKind = 191;  ///< worm header
  static constexpr int kMcList = 193, kListN = 4;  ///< list worms: the next kListN destinations, 32 bits each
};

template <class T>
std::uint64_t get_field(const T& v, int lsb, int width) {
  static_assert(std::is_integral_v<T>);
  const std::uint64_t x = static_cast<std::uint64_t>(v) >> lsb;
  return width >= 64 ? x : x & ((1ull << width) - 1);
}

template <int W>
std::uint64_t get_field(const sc_dt::sc_bv<W>& v, int lsb, int width) {
  std::uint64_t out = 0;
  int done = 0;
  while (done < width) {
    const int bit = lsb + done;
    const int shift = bit % 32;
    const int take = std::min(32 - shift, width - done);
    const std::uint64_t word = static_cast<std::uint32_t>(v.get_word(bit / 32)) >> shift;
    out |= (word & ((1ull << take) - 1)) << done;
    done += take;
  }
  return out;
}

template <class T>
void set_field(T& v, int lsb, int width, std::uint64_t value) {
  static_assert(std::is_integral_v<T>);
  if constexpr (std::is_same_v<T, bool>) {
    v = (value & 1u) != 0;
  } else {
    const std::uint64_t mask = (width >= 64 ? ~0ull : (1ull << width) - 1) << lsb;
    const std::uint64_t x = (static_cast<std::uint64_t>(v) & ~mask) | ((value << lsb) & mask);
    v = static_cast<T>(x);
  }
}

template <int W>
void set_field(sc_dt::sc_bv<W>& v, int lsb, int width, std::uint64_t value) {
  int done = 0;
  while (done < width) {
    const int bit = lsb + done;
    const int shift = bit % 32;
    const int take = std::min(32 - shift, width - done);
    const std::uint32_t mask = static_cast<std::uint32_t>(((1ull << take) - 1) << shift);
    const std::uint32_t old = static_cast<std::uint32_t>(v.get_word(bit / 32));
    const std::uint32_t part = static_cast<std::uint32_t>(((value >> done) << shift)) & mask;
    v.set_word(bit / 32, static_cast<sc_dt::sc_digit>((old & ~mask) | part));
    done += take;
  }
}

}  // namespace wormsim::test
