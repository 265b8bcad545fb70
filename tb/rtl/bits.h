// Packing helpers between wide bit vectors and the C++ types Verilator's
// SystemC wrapper uses for ports (bool, uint32_t, uint64_t, sc_bv<W>).
#pragma once
#include <cstdint>

#include <systemc>

namespace wormsim::test {

using Bits = sc_dt::sc_bv_base;

inline void to_port(bool& out, const Bits& b) { out = b[0].to_bool(); }
inline void to_port(std::uint32_t& out, const Bits& b) { out = static_cast<std::uint32_t>(b.to_uint64()); }
inline void to_port(std::uint64_t& out, const Bits& b) { out = b.to_uint64(); }
template <int W>
void to_port(sc_dt::sc_bv<W>& out, const Bits& b) { out = b; }

inline void from_port(Bits& b, bool v) { b = sc_dt::uint64(v ? 1 : 0); }
inline void from_port(Bits& b, std::uint32_t v) { b = sc_dt::uint64(v); }
inline void from_port(Bits& b, std::uint64_t v) { b = sc_dt::uint64(v); }
template <int W>
void from_port(Bits& b, const sc_dt::sc_bv<W>& v) { b = v; }

inline void put(Bits& b, int lsb, int width, std::uint64_t value) {
  for (int i = 0; i < width; ++i) b[lsb + i] = static_cast<bool>((value >> i) & 1u);
}
inline std::uint64_t get(const Bits& b, int lsb, int width) {
  std::uint64_t v = 0;
  for (int i = 0; i < width; ++i) v |= std::uint64_t(b[lsb + i].to_bool()) << i;
  return v;
}

}  // namespace wormsim::test
