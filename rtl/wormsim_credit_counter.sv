// wormsim_credit_counter: the credits of every output VC: how many flits
// the buffer downstream can still take. Starts at BufDepth; a credit coming
// back adds one, a flit crossing takes one (both in the same cycle cancel).
// Asserts against underflow and overflow.
`include "wormsim_assert.svh"
module wormsim_credit_counter #(
  parameter int unsigned NumPorts = 5,  ///< output ports
  parameter int unsigned NumVcs   = 2,  ///< VCs per port
  parameter int unsigned BufDepth = 8,  ///< flits per downstream VC buffer
  localparam int unsigned NumOvc = NumPorts * NumVcs,
  localparam int unsigned VcIdxW = (NumVcs > 1) ? $clog2(NumVcs) : 1,
  localparam int unsigned CntW   = $clog2(BufDepth + 1)
) (
  input  logic                            clk_i,           ///< clock
  input  logic                            rst_ni,          ///< asynchronous reset, active low
  input  logic [NumPorts-1:0]             credit_valid_i,  ///< link: a credit arrives on port o
  input  logic [NumPorts-1:0][VcIdxW-1:0] credit_vc_i,     ///< link: for this VC
  input  logic [NumPorts-1:0]             st_valid_i,      ///< switch: a flit leaves on port o
  input  logic [NumPorts-1:0][VcIdxW-1:0] st_vc_i,         ///< switch: on this VC
  output logic [NumOvc-1:0]               available_o      ///< output VC has a credit
);
  localparam logic [CntW-1:0] Full = CntW'(BufDepth);

  logic [NumOvc-1:0][CntW-1:0] credits_q, credits_d;
  logic [NumOvc-1:0]           inc, dec;

  always_comb begin
    for (int unsigned j = 0; j < NumOvc; j++) begin
      inc[j] = credit_valid_i[j / NumVcs] && credit_vc_i[j / NumVcs] == VcIdxW'(j % NumVcs);
      dec[j] = st_valid_i[j / NumVcs] && st_vc_i[j / NumVcs] == VcIdxW'(j % NumVcs);
      credits_d[j] = credits_q[j];
      if (inc[j] && !dec[j]) credits_d[j] = credits_q[j] + 1'b1;
      if (dec[j] && !inc[j]) credits_d[j] = credits_q[j] - 1'b1;
      available_o[j] = (credits_q[j] != '0);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) credits_q <= {NumOvc{Full}};
    else         credits_q <= credits_d;
  end

`ifndef SYNTHESIS
  for (genvar j = 0; j < NumOvc; j++) begin : gen_checks
    `WORMSIM_ASSERT(a_no_overflow, !(inc[j] && !dec[j] && credits_q[j] == Full),
                    ("%m: credit overflow on output VC %0d", j))
    `WORMSIM_ASSERT(a_no_underflow, !(dec[j] && credits_q[j] == '0),
                    ("%m: credit underflow on output VC %0d", j))
  end
`endif
endmodule
