// wormsim::systemc::LinkPipeline: the register stages that make a
// router-to-router link D cycles long at port level (Scenario::link_latency).
// A router's output signal already is one register: the pipeline adds D - 1
// more in each direction, flits from `flit_in` (the upstream router's output)
// to `flit_out` (the downstream router's input), credits from `credit_in`
// (the downstream router's credit output) to `credit_out` (the upstream
// router's credit input). One flit and one credit per cycle at every stage,
// exactly as the fast engine's Link of latency D (core/link.h).
#pragma once
#include <vector>

#include <systemc>

#include <wormsim/core/link.h>

namespace wormsim::systemc {

class LinkPipeline : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<FlitSlot> flit_in;
  sc_core::sc_out<FlitSlot> flit_out;
  sc_core::sc_in<CreditSlot> credit_in;
  sc_core::sc_out<CreditSlot> credit_out;

  /// `latency` >= 2: the link's cycles, the router's own register included.
  LinkPipeline(const sc_core::sc_module_name& name, unsigned latency)
      : sc_core::sc_module(name), flits_(latency - 2), credits_(latency - 2) {
    SC_HAS_PROCESS(LinkPipeline);
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
  }

 private:
  // At each edge the oldest stage goes out and the input takes its place
  // (the output port is the last stage, so D - 2 stages live here).
  void tick() {
    if (flits_.empty()) {
      flit_out.write(flit_in.read());
      credit_out.write(credit_in.read());
      return;
    }
    flit_out.write(flits_[head_]);
    flits_[head_] = flit_in.read();
    credit_out.write(credits_[head_]);
    credits_[head_] = credit_in.read();
    if (++head_ == flits_.size()) head_ = 0;
  }

  std::vector<FlitSlot> flits_;
  std::vector<CreditSlot> credits_;
  std::size_t head_ = 0;
};

}  // namespace wormsim::systemc
