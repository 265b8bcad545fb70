// rtl/wormsim_link_pipe.sv against the model's Link of the same latency
// (core/link.h), every cycle: random flits (valid, VC, type, 64 data bits: the model flit's packet field)
// forward and random credits back, 20,000 cycles for each latency 2, 3 and
// 5. The RTL's inputs are the sending router's output registers, so what
// the model sends in cycle t is on the RTL's inputs in cycle t + 1; both
// must then show it in cycle t + latency. The control feeds the model a
// link one cycle shorter and must be caught.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include <wormsim/core/activity.h>
#include <wormsim/core/component.h>
#include <wormsim/core/link.h>
#include <wormsim/core/rng.h>

#include "Vlink_pipe_2.h"
#include "Vlink_pipe_3.h"
#include "Vlink_pipe_5.h"

namespace wormsim::test {
namespace {

struct Idle : Component {
  void evaluate(Cycle) override {}
};

constexpr unsigned kVcs = 4;
constexpr Cycle kCycles = 20000;

// Returns "" when every output matched every cycle, else the first mismatch.
template <class Rtl>
std::string compare(unsigned model_latency, std::uint64_t seed) {
  std::cout << "[ seed ] " << seed << " (model link latency " << model_latency << ")\n";
  ActivityList activity;
  Idle up, down;
  LinkCommitter committer(activity);
  const std::size_t up_slot = activity.add(&up), down_slot = activity.add(&down);
  Link link(&committer, LinkEnd{up_slot, 0, 0, true}, LinkEnd{down_slot, 0, 1, true}, "l", model_latency);
  Rtl rtl;
  rtl.clk_i = 0;
  rtl.rst_ni = 0;
  rtl.eval();
  rtl.rst_ni = 1;
  rtl.eval();
  Rng rng(seed, 1);
  FlitSlot sent_flit;  // the upstream router's output register
  CreditSlot sent_credit;
  std::uint64_t flits = 0;
  for (Cycle t = 0; t < kCycles; ++t) {
    rtl.flit_valid_i = sent_flit.valid;
    rtl.flit_vc_i = sent_flit.flit.vc;
    rtl.flit_type_i = static_cast<std::uint8_t>(sent_flit.flit.type);
    rtl.flit_data_i = sent_flit.flit.packet;
    rtl.credit_valid_i = sent_credit.valid;
    rtl.credit_vc_i = sent_credit.vc;
    rtl.eval();
    std::ostringstream why;
    if (rtl.flit_valid_o != link.flit().valid) why << "flit valid";
    else if (link.flit().valid && (rtl.flit_vc_o != link.flit().flit.vc ||
                                   rtl.flit_type_o != static_cast<unsigned>(link.flit().flit.type) ||
                                   rtl.flit_data_o != link.flit().flit.packet))
      why << "flit fields";
    else if (rtl.credit_valid_o != link.credit().valid) why << "credit valid";
    else if (link.credit().valid && rtl.credit_vc_o != link.credit().vc) why << "credit VC";
    if (!why.str().empty()) return why.str() + " differs in cycle " + std::to_string(t);
    flits += link.flit().valid;
    // this cycle's sends: into the model's link, and onto the RTL's inputs next cycle
    sent_flit.valid = rng.below(10) < 6;
    sent_flit.flit.vc = static_cast<VcId>(rng.below(kVcs));
    sent_flit.flit.type = static_cast<FlitType>(rng.below(4));
    sent_flit.flit.packet = rng.next();
    sent_credit.valid = rng.below(10) < 5;
    sent_credit.vc = static_cast<VcId>(rng.below(kVcs));
    if (sent_flit.valid) link.send_flit(sent_flit.flit);
    if (sent_credit.valid) link.send_credit(sent_credit.vc);
    activity.take();
    committer.commit_all();
    rtl.clk_i = 1;
    rtl.eval();
    rtl.clk_i = 0;
    rtl.eval();
  }
  EXPECT_GT(flits, kCycles / 2) << "the link must carry traffic";
  return "";
}

TEST(LinkPipe, RtlEqualsTheModelLinkEveryCycle) {
  EXPECT_EQ(compare<Vlink_pipe_2>(2, 1), "");
  EXPECT_EQ(compare<Vlink_pipe_3>(3, 2), "");
  EXPECT_EQ(compare<Vlink_pipe_5>(5, 3), "");
}

TEST(LinkPipeControl, ALinkOneCycleShortIsCaught) {
  const std::string r = compare<Vlink_pipe_3>(2, 4);
  EXPECT_NE(r, "") << "a 2-cycle model link matched the 3-cycle RTL pipeline";
  std::cout << r << "\n";
}

}  // namespace
}  // namespace wormsim::test
