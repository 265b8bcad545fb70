// Flit format shared by routers, network interfaces and the scoreboard.
// The bit-level layout the RTL uses is fixed in docs/microarchitecture.md.
#pragma once
#include <cstdint>

namespace wormsim {

using NodeId = std::uint32_t;
using PortId = std::uint8_t;
using VcId = std::uint8_t;
using Cycle = std::uint64_t;

/// Bit 0 marks a head, bit 1 a tail; a single-flit packet is both.
enum class FlitType : std::uint8_t { Body = 0, Head = 1, Tail = 2, HeadTail = 3 };

inline bool is_head(FlitType t) { return (static_cast<unsigned>(t) & 1u) != 0; }
inline bool is_tail(FlitType t) { return (static_cast<unsigned>(t) & 2u) != 0; }

inline FlitType flit_type_for(unsigned seq, unsigned len) {
  unsigned bits = (seq == 0 ? 1u : 0u) | (seq + 1 == len ? 2u : 0u);
  return static_cast<FlitType>(bits);
}

/// What a multi-destination worm's header says in hardware terms (the RTL
/// computes the next destination from it; docs/microarchitecture.md §11):
/// kind 0 unicast, 1 list, 2 Hamiltonian range, 3 line; the worm's class;
/// for a line, the port it leaves every router by; its last destination.
struct WormHeader {
  std::uint8_t kind = 0, cls = 0, dir = 0;
  NodeId last = 0;
};

struct Flit {
  std::uint64_t packet = 0;  ///< globally unique packet id
  NodeId src = 0;            ///< source node
  NodeId dst = 0;            ///< destination node
  std::uint16_t seq = 0;     ///< index of this flit within its packet
  VcId vc = 0;               ///< VC on the link the flit is travelling on
  FlitType type = FlitType::Body;
  std::uint32_t worm = 0;    ///< multi-destination worm index (WormTable); 0 = unicast
  std::uint16_t hop = 0;     ///< worm: index of dst in the worm's destination list
  WormHeader mc;             ///< worm: the header fields the RTL routes by
  Cycle created = 0;         ///< the packet's creation cycle (age arbitration; not in the RTL flit)
};

}  // namespace wormsim
