// wormsim_clock_gate: an integrated clock gate built from a latch and an
// AND gate, as a standard-cell library without a clock-gating cell builds
// one. en_i is sampled while the clock is low, so clk_o pulses high only in
// the cycles whose enable was set before the rising edge, and a change of
// en_i while the clock is high cannot glitch clk_o. Registers clocked by
// clk_o keep their value in every other cycle: the enable replaces the
// recirculating multiplexer of a register with a write enable.
module wormsim_clock_gate (
  input  logic clk_i,  ///< free-running clock
  input  logic en_i,   ///< clock the gated registers at the next rising edge
  output logic clk_o   ///< gated clock
);
  logic en_latched;

  always_latch if (!clk_i) en_latched = en_i;

  assign clk_o = clk_i & en_latched;
endmodule
