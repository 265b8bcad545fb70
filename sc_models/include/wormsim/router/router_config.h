// Parameters of one virtual-channel wormhole router.
#pragma once

#include <wormsim/multicast/worm.h>
#include <wormsim/router/allocator.h>
#include <wormsim/router/arbitration.h>
#include <wormsim/router/selection.h>

namespace wormsim {

/// The most (port, VC) pairs a router holds: its VC state is kept in 64-bit
/// masks, so (network + local ports) x VCs <= kMaxPortVcs.
constexpr unsigned kMaxPortVcs = 64;

struct RouterConfig {
  unsigned network_ports = 6;  ///< ports to other routers (0 .. network_ports-1)
  unsigned local_ports = 1;    ///< injection/ejection ports, numbered after the network ports
  unsigned vcs = 2;            ///< virtual channels per port
  unsigned buffer_depth = 8;   ///< flits per VC buffer
  /// Data bits per flit: how many destination ids a list worm's address flit holds.
  unsigned flit_bits = kDefaultFlitBits;
  /// Which ejection VCs an absorbing multi-destination worm may take.
  ConsumptionPolicy consumption = ConsumptionPolicy::PerClass;
  /// Which free output VC a head requests among its route candidates.
  Selection selection = Selection::First;
  /// How VC and switch allocation break contention (router/arbitration.h).
  Arbitration arbitration = Arbitration::RoundRobin;
  /// How VC and switch allocation match requesters to outputs
  /// (router/allocator.h), and iSLIP's iterations per cycle.
  Allocator allocator = Allocator::Separable;
  unsigned alloc_iters = 1;
  /// Switch inputs per input port (BookSim's input_speedup): VC v crosses
  /// by input v mod input_speedup, so a port may send that many flits (from
  /// VCs of different inputs, to different outputs) in a cycle. Above 1 with
  /// the iSLIP allocator only; ports x input_speedup <= 64.
  unsigned input_speedup = 1;
  /// Switch outputs per output port (BookSim's output_speedup): input port
  /// p crosses to output o by switch output o * output_speedup + p mod
  /// output_speedup, so that many flits (from input ports of different
  /// residues) may cross to one output in a cycle. They wait in the
  /// output's queue, which sends one flit a cycle onto the link, oldest
  /// first. Above 1 with the iSLIP allocator only; ports x output_speedup
  /// <= 64.
  unsigned output_speedup = 1;
  /// Speculative switch allocation (BookSim's speculative = 1): a head
  /// requests the switch, for every candidate port with a usable VC that
  /// has a credit, in the cycle it requests a VC, and crosses then if both
  /// succeed on the same port. iSLIP only (docs/microarchitecture.md §13).
  bool speculative = false;
  /// Cycles a head at the front of an idle input VC waits before it may
  /// request a VC (0: from the next cycle on; docs/microarchitecture.md §7).
  unsigned routing_delay = 0;
  /// An output VC is given to a new packet only once every credit of the
  /// previous one is back (its tail's last): every route candidate is
  /// atomic (routing/routing.h).
  bool wait_for_tail_credit = false;

  unsigned total_ports() const { return network_ports + local_ports; }
};

}  // namespace wormsim
