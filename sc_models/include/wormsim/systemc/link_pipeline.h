// wormsim::systemc::DelayLine: the register stages that make one direction
// of a link L cycles long at port level. A router's (or network interface's)
// output signal already is one register: the line adds L - 1 more, from `in`
// (the writer's signal) to `out` (the reader's). One value per cycle at
// every stage, exactly as one direction of the fast engine's Link (core/
// link.h). The fabric puts one on each direction longer than a cycle: flits
// of a router-to-router link (link latency D, plus the traversal delay X),
// its credits (D, plus the credit delay C), and an ejection link's flits
// (1 + X) and credits (1 + C).
#pragma once
#include <vector>

#include <systemc>

#include <wormsim/core/link.h>

namespace wormsim::systemc {

template <typename Slot>
class DelayLine : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<Slot> in;
  sc_core::sc_out<Slot> out;

  /// `latency` >= 2: the direction's cycles, the writer's own register included.
  DelayLine(const sc_core::sc_module_name& name, unsigned latency)
      : sc_core::sc_module(name), stages_(latency - 2) {
    SC_HAS_PROCESS(DelayLine);
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
  }

 private:
  // At each edge the oldest stage goes out and the input takes its place
  // (the output port is the last stage, so L - 2 stages live here).
  void tick() {
    if (stages_.empty()) {
      out.write(in.read());
      return;
    }
    out.write(stages_[head_]);
    stages_[head_] = in.read();
    if (++head_ == stages_.size()) head_ = 0;
  }

  std::vector<Slot> stages_;
  std::size_t head_ = 0;
};

}  // namespace wormsim::systemc
