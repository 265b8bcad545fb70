// wormsim_rr_arbiter: combinational round-robin choice. Grants the first
// requester at or after ptr_i, wrapping around (docs/microarchitecture.md
// section 5); the owner of the pointer moves it when a grant takes effect.
// The grant is one-hot and given exactly when some requester asks.
module wormsim_rr_arbiter #(
  parameter int unsigned NumReq = 4,                              ///< requesters
  localparam int unsigned IdxW = (NumReq > 1) ? $clog2(NumReq) : 1
) (
  input  logic [NumReq-1:0] req_i,    ///< request per requester
  input  logic [IdxW-1:0]   ptr_i,    ///< round-robin pointer
  output logic              valid_o,  ///< some requester granted
  output logic [IdxW-1:0]   idx_o     ///< index of the granted requester
);
  always_comb begin
    valid_o = 1'b0;
    idx_o   = '0;
    // first pass: requesters at or after the pointer; second: wrap around
    for (int unsigned pass = 0; pass < 2; pass++)
      for (int unsigned i = 0; i < NumReq; i++)
        if (!valid_o && req_i[i] && (pass == 1 || IdxW'(i) >= ptr_i)) begin
          valid_o = 1'b1;
          idx_o   = IdxW'(i);
        end
  end
endmodule
