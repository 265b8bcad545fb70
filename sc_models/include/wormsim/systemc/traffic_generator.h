// wormsim::systemc::TrafficGenerator: a scenario's synthetic traffic
// (pattern, rate, packet length, seed) as a SystemC module feeding a Fabric.
// It runs the fast engine's traffic source, so the same scenario and seed
// create the same packets, with the same ids, in the same cycles as
// `wormsim run`. Optional: a Fabric carries only what it is sent.
//
// Like the fabric's modules it samples rst_n at the rising edge; it sends
// cycle t's packets at the falling edge that ends cycle t (the
// network interfaces take them in at the next rising edge), so packets the
// user sends during cycle t from rising-edge processes always come first in
// a node's queue, whatever the process order: as in the fast engine, where
// hand-injected packets precede the source's.
#pragma once
#include <memory>

#include <systemc>

#include <wormsim/systemc/fabric.h>
#include <wormsim/traffic/source.h>

namespace wormsim::systemc {

class TrafficGenerator : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<bool> rst_n;

  /// Reads traffic, hotspot_*, rate, packet and seed from `scenario`.
  TrafficGenerator(const sc_core::sc_module_name& name, Fabric& fabric, const Scenario& scenario);

  /// Creates no packets from cycle `cycle` on (default: never stops).
  void stop_at(Cycle cycle) { stop_at_ = cycle; }
  std::uint64_t packets_created() const { return source_->packets_created(); }

 private:
  void on_clock();

  Fabric& fabric_;
  Scenario scenario_;
  std::unique_ptr<PacketSource> source_;
  Cycle cycle_ = 0;
  bool running_ = false;  ///< rst_n was high at the last rising edge
  Cycle stop_at_ = ~Cycle{0};
};

}  // namespace wormsim::systemc
