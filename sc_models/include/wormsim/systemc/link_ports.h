// The port bundle every port-level module of the fabric has: per port p,
// flits in (`in_<p>`) with their credits going back (`in_<p>_credit`), and
// flits out (`out_<p>`) with their credits coming back (`out_<p>_credit`),
// all of the link payload types (link_payload.h), plus clk and an
// active-low synchronous reset. A router's ports are named after the
// topology's ports ("xp", "local0"); a network interface's after its
// channels ("ch0": `in_ch0` are the flits the router ejects to it, `out_ch0`
// the flits it injects).
//
// LinkPorts is the bundle alone (for stand-ins such as RtlRouter);
// LinkPortModule runs a core component (wormsim::Router or
// wormsim::NetworkInterface, one implementation for both engines) behind
// these ports through a LinkBridge: one clocked method per module, at the
// rising edge; it reads only the inputs whose LinkSignal (link_signal.h) was
// written with something valid, and skips its component in a cycle when
// nothing arrived and it holds no work. While rst_n is low the component is rebuilt in its reset
// state and every output is idle; cycle 0 is the first rising edge with
// rst_n high.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include <wormsim/systemc/link_bridge.h>
#include <wormsim/systemc/link_signal.h>
#include <wormsim/systemc/link_payload.h>

namespace wormsim::systemc {

class LinkPorts : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<bool> rst_n;  ///< active low, sampled at the rising edge
  sc_core::sc_vector<sc_core::sc_in<FlitSlot>> in;            ///< in_<port>
  sc_core::sc_vector<sc_core::sc_out<CreditSlot>> in_credit;  ///< in_<port>_credit
  sc_core::sc_vector<sc_core::sc_out<FlitSlot>> out;          ///< out_<port>
  sc_core::sc_vector<sc_core::sc_in<CreditSlot>> out_credit;  ///< out_<port>_credit

  const std::vector<std::string>& port_labels() const { return labels_; }

 protected:
  LinkPorts(const sc_core::sc_module_name& name, std::vector<std::string> labels);

 private:
  std::vector<std::string> labels_;
};

/// Traces every port of `m` into the user's trace file as
/// <prefix>.in_<port>.flit_valid, ..., <prefix>.out_<port>_credit.credit_vc.
void trace_ports(sc_core::sc_trace_file* tf, const LinkPorts& m, const std::string& prefix);

class LinkPortModule : public LinkPorts {
 public:
  /// Cycles run since reset was released: during the rising-edge method of
  /// cycle t this is t, afterwards t + 1.
  Cycle cycle() const { return cycle_; }

 protected:
  LinkPortModule(const sc_core::sc_module_name& name, std::vector<std::string> labels);

  /// Builds the core component on a fresh bridge (called at construction,
  /// through start(), and at every reset); it must call bridge.add_inner.
  virtual void build(LinkBridge& bridge) = 0;
  /// Called every active rising edge before the component evaluates.
  virtual void before_evaluate() {}
  /// Derived constructors call this last.
  void start();
  void end_of_elaboration() override;

 private:
  void on_clock();
  void reset();

  std::unique_ptr<LinkBridge> bridge_;
  Cycle cycle_ = 0;
  bool used_ = false;  ///< ran since the last reset
  std::vector<unsigned char> driving_flit_, driving_credit_;
  /// Input ports told to hold something (by their LinkSignal), and the ones
  /// bound to other channels, which are read every cycle.
  std::uint64_t arrived_flits_ = 0, arrived_credits_ = 0;
  std::uint64_t polled_flits_ = 0, polled_credits_ = 0;
  /// The channels behind the ports, resolved once after elaboration (a
  /// port's own indirection costs a cache miss per access in big fabrics).
  const sc_core::sc_signal_in_if<bool>* rst_if_ = nullptr;
  std::vector<const sc_core::sc_signal_in_if<FlitSlot>*> in_if_;
  std::vector<const sc_core::sc_signal_in_if<CreditSlot>*> out_credit_if_;
  std::vector<sc_core::sc_signal_inout_if<FlitSlot>*> out_if_;
  std::vector<sc_core::sc_signal_inout_if<CreditSlot>*> in_credit_if_;
};

}  // namespace wormsim::systemc
