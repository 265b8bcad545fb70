// wormsim_fifo: one VC's flit buffer, Depth entries of Width bits. Push and
// pop in the same cycle are allowed; pushing when full or popping when empty
// is a protocol error (credit flow control prevents it) and is asserted.
// The storage has no reset: an entry is read only after it was written.
// Each entry's registers are clocked through their own clock gate, enabled
// only in the cycle that writes the entry, so an idle buffer draws no clock.
`include "wormsim_assert.svh"
module wormsim_fifo #(
  parameter int unsigned Depth = 8,   ///< entries (at least 2)
  parameter int unsigned Width = 8,   ///< bits per entry
  localparam int unsigned PtrW = $clog2(Depth),
  localparam int unsigned CntW = $clog2(Depth + 1)
) (
  input  logic             clk_i,     ///< clock
  input  logic             rst_ni,    ///< asynchronous reset, active low
  input  logic             push_i,    ///< write data_i
  input  logic [Width-1:0] data_i,    ///< entry to write
  input  logic             pop_i,     ///< remove the front entry
  output logic [Width-1:0] front_o,   ///< front entry (valid when !empty_o)
  output logic [Width-1:0] second_o,  ///< the entry behind it (valid when has_second_o)
  output logic             has_second_o, ///< at least two entries
  output logic             empty_o    ///< no entries
);
  localparam logic [PtrW-1:0] LastPtr = PtrW'(Depth - 1);
  localparam logic [CntW-1:0] Full    = CntW'(Depth);

  initial if (Depth < 2) $fatal(1, "wormsim_fifo: Depth must be at least 2");

  logic [Depth-1:0][Width-1:0] mem_q;  // the entries' registers (gen_entry)
  // next_q: the entry behind the front
  logic [PtrW-1:0]  head_q, head_d, next_q, next_d, tail_q, tail_d;
  logic [CntW-1:0]  count_q, count_d;

  assign front_o      = mem_q[head_q];
  assign second_o     = mem_q[next_q];
  assign has_second_o = (count_q > CntW'(1));
  assign empty_o      = (count_q == '0);

  always_comb begin
    head_d  = head_q;
    tail_d  = tail_q;
    count_d = count_q;
    if (push_i) tail_d = (tail_q == LastPtr) ? '0 : tail_q + 1'b1;
    if (pop_i)  head_d = next_q;
    next_d = (head_d == LastPtr) ? '0 : head_d + 1'b1;
    if (push_i && !pop_i) count_d = count_q + 1'b1;
    if (pop_i && !push_i) count_d = count_q - 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      head_q  <= '0;
      next_q  <= PtrW'(1);
      tail_q  <= '0;
      count_q <= '0;
    end else begin
      head_q  <= head_d;
      next_q  <= next_d;
      tail_q  <= tail_d;
      count_q <= count_d;
    end
  end

  for (genvar k = 0; k < Depth; k++) begin : gen_entry
    logic             clk_entry;
    logic [Width-1:0] entry_q;
    wormsim_clock_gate i_cg (.clk_i, .en_i(push_i && tail_q == PtrW'(k)), .clk_o(clk_entry));
    always_ff @(posedge clk_entry) entry_q <= data_i;
    assign mem_q[k] = entry_q;
  end

`ifndef SYNTHESIS
  `WORMSIM_ASSERT(a_no_overflow, !(push_i && !pop_i && count_q == Full),
                  ("%m: push into a full FIFO"))
  `WORMSIM_ASSERT(a_no_underflow, !(pop_i && empty_o), ("%m: pop from an empty FIFO"))
`endif
endmodule
