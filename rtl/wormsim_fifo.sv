// wormsim_fifo: one VC's flit buffer. Push and pop in the same cycle are
// allowed; pushing when full or popping when empty is a protocol error
// (credit flow control prevents it) and is asserted.
module wormsim_fifo #(
  parameter int unsigned Depth = 8,   ///< flits
  parameter int unsigned Width = 8,   ///< bits per entry
  localparam int unsigned PtrW = (Depth > 1) ? $clog2(Depth) : 1,
  localparam int unsigned CntW = $clog2(Depth + 1)
) (
  input  logic             clk_i,     ///< clock
  input  logic             rst_ni,    ///< active-low synchronous reset
  input  logic             push_i,    ///< write data_i
  input  logic [Width-1:0] data_i,    ///< entry to write
  input  logic             pop_i,     ///< remove the front entry
  output logic [Width-1:0] front_o,   ///< front entry (valid when !empty_o)
  output logic             empty_o,   ///< no entries
  output logic [CntW-1:0]  count_o    ///< entries held
);
  logic [Width-1:0] mem_q [Depth];
  logic [PtrW-1:0]  head_q, tail_q;
  logic [CntW-1:0]  count_q;

  assign front_o = mem_q[head_q];
  assign empty_o = (count_q == '0);
  assign count_o = count_q;

  function automatic logic [PtrW-1:0] next_ptr(logic [PtrW-1:0] p);
    return (int'(p) == Depth - 1) ? '0 : p + 1'b1;
  endfunction

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q  <= '0;
      tail_q  <= '0;
      count_q <= '0;
    end else begin
      if (push_i) begin
        mem_q[tail_q] <= data_i;
        tail_q        <= next_ptr(tail_q);
      end
      if (pop_i) head_q <= next_ptr(head_q);
      count_q <= count_q + CntW'(push_i) - CntW'(pop_i);
    end
  end

  always_ff @(posedge clk_i) if (rst_ni) begin
    assert (!(push_i && !pop_i && int'(count_q) == Depth)) else $error("fifo: overflow");
    assert (!(pop_i && count_q == '0)) else $error("fifo: underflow");
  end
endmodule
