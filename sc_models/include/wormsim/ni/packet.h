// A message as the traffic source creates it, before packetization.
#pragma once
#include <cstdint>

#include <wormsim/core/flit.h>

namespace wormsim {

struct Packet {
  std::uint64_t id = 0;
  NodeId src = 0;
  NodeId dst = 0;
  std::uint16_t length = 1;  ///< flits
  Cycle created = 0;         ///< cycle in which the source generated it
  std::uint32_t worm = 0;    ///< multi-destination worm (WormTable index); dst = its first
  WormHeader mc;             ///< worm: its header in hardware terms (copied into every flit)
};

/// Told about every flit the network delivers to a node, and about every
/// packet that leaves its source queue.
class DeliveryObserver {
 public:
  virtual ~DeliveryObserver() = default;
  virtual void on_delivered(const Flit& flit, NodeId node, unsigned channel, Cycle cycle) = 0;
  /// `packet` left its source's queue: its head is sent in this cycle, so
  /// no flit of it is delivered before the cycle after the next.
  virtual void on_injected(const Packet& packet) { (void)packet; }
};

}  // namespace wormsim
