// wormsim_assert.svh: named concurrent assertions for the router's modules.
// Every module puts its checks in one `ifndef SYNTHESIS region; the macros
// sample at the rising edge of clk_i and are off while rst_ni is low.
// They are compiled by Verilator with --assert; Yosys defines SYNTHESIS and skips them.
`ifndef WORMSIM_ASSERT_SVH
`define WORMSIM_ASSERT_SVH

// WORMSIM_ASSERT(label, property expression, $error arguments in parentheses)
`define WORMSIM_ASSERT(__name, __prop, __msg) \
  __name: assert property (@(posedge clk_i) disable iff (!rst_ni) (__prop)) else $error __msg;

// WORMSIM_ASSERT_ONEHOT0(label, vector): at most one bit set
`define WORMSIM_ASSERT_ONEHOT0(__name, __vec) \
  __name: assert property (@(posedge clk_i) disable iff (!rst_ni) $onehot0(__vec)) \
    else $error("%m: %s not one-hot: %b", `"__vec`", __vec);

// WORMSIM_ASSERT_KNOWN(label, signal): no bit of the signal is X or Z.
// WORMSIM_ASSERT_KNOWN_IF(label, valid, signal): the same while valid is 1.
// They bind in four-state simulators; Verilator is two-state, so there they
// hold by construction and only check that the expressions elaborate.
`define WORMSIM_ASSERT_KNOWN(__name, __sig) \
  __name: assert property (@(posedge clk_i) disable iff (!rst_ni) !$isunknown(__sig)) \
    else $error("%m: %s has an X or Z bit: %b", `"__sig`", __sig);
`define WORMSIM_ASSERT_KNOWN_IF(__name, __valid, __sig) \
  __name: assert property (@(posedge clk_i) disable iff (!rst_ni) \
                           !(__valid) || !$isunknown(__sig)) \
    else $error("%m: %s has an X or Z bit while valid: %b", `"__sig`", __sig);

`endif
