// wormsim_switch_alloc: separable switch allocation, input first
// (docs/microarchitecture.md §5). Input stage: per input port, round-robin
// over its VCs that hold an output VC, have a flit and a credit downstream
// (a fork needs credits on both its outputs). Output stage: per output port,
// round-robin over the input ports asking for it; a fork asks for its
// ejection port, and when it wins there claims its forward port, that port's
// pointer deciding among claims. A fork's flit crosses both outputs in the
// same cycle or neither. Result: what crosses each output (st_*) and which
// input VCs pop (a fork pops once). Pointers move when a flit crosses.
`include "wormsim_assert.svh"
module wormsim_switch_alloc #(
  parameter int unsigned NumPorts = 5,  ///< ports (network and local)
  parameter int unsigned NumVcs   = 2,  ///< VCs per port
  localparam int unsigned NumIvc = NumPorts * NumVcs,
  localparam int unsigned PortW  = (NumPorts > 1) ? $clog2(NumPorts) : 1,
  localparam int unsigned VcIdxW = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic                            clk_i,         ///< clock
  input  logic                            rst_ni,        ///< asynchronous reset, active low
  input  logic [NumIvc-1:0]               active_i,      ///< input VC owns an output VC
  input  logic [NumIvc-1:0]               empty_i,       ///< input VC buffer empty
  input  logic [NumIvc-1:0][PortW-1:0]    out_port_i,    ///< its output port
  input  logic [NumIvc-1:0][VcIdxW-1:0]   out_vc_i,      ///< its output VC
  input  logic [NumIvc-1:0]               fork_i,        ///< it forks
  input  logic [NumIvc-1:0][PortW-1:0]    local_port_i,  ///< fork: ejection port
  input  logic [NumIvc-1:0][VcIdxW-1:0]   local_vc_i,    ///< fork: ejection VC
  /// output VC has a credit (port * NumVcs + vc)
  input  logic [NumIvc-1:0]               credit_i,
  output logic [NumPorts-1:0]             st_valid_o,    ///< a flit crosses to output port o
  output logic [NumPorts-1:0]             st_forward_o,  ///< it is a fork's forwarded copy
  output logic [NumPorts-1:0][PortW-1:0]  st_port_o,     ///< from this input port
  output logic [NumPorts-1:0][VcIdxW-1:0] st_vc_o,       ///< onto this output VC
  output logic [NumPorts-1:0][VcIdxW-1:0] in_vc_o,       ///< input port p's chosen VC
  output logic [NumIvc-1:0]               pop_o          ///< input VC's front flit leaves
);
  logic [NumPorts-1:0][VcIdxW-1:0] in_ptr_q, in_ptr_d;   // per input port, over its VCs
  logic [NumPorts-1:0][PortW-1:0]  out_ptr_q, out_ptr_d; // per output port, over input ports

  // ---- input stage ----
  logic [NumPorts-1:0]            in_valid, in_fork;
  logic [NumPorts-1:0][PortW-1:0] in_port, in_local;

  for (genvar p = 0; p < NumPorts; p++) begin : gen_in
    logic [NumVcs-1:0] eligible;
    for (genvar v = 0; v < NumVcs; v++) begin : gen_eligible
      localparam int unsigned I = p * NumVcs + v;
      assign eligible[v] = active_i[I] && !empty_i[I] &&
                           credit_i[32'(out_port_i[I]) * NumVcs + 32'(out_vc_i[I])] &&
                           (!fork_i[I] ||
                            credit_i[32'(local_port_i[I]) * NumVcs + 32'(local_vc_i[I])]);
    end
    wormsim_rr_arbiter #(.NumReq(NumVcs)) i_arb (
      .req_i  (eligible),
      .ptr_i  (in_ptr_q[p]),
      .valid_o(in_valid[p]),
      .idx_o  (in_vc_o[p])
    );
    assign in_port[p]  = out_port_i[p * NumVcs + 32'(in_vc_o[p])];
    assign in_fork[p]  = fork_i[p * NumVcs + 32'(in_vc_o[p])];
    assign in_local[p] = local_port_i[p * NumVcs + 32'(in_vc_o[p])];
  end

  // ---- output stage ----
  logic [NumPorts-1:0]            out_valid, claim_valid, won_local;
  logic [NumPorts-1:0][PortW-1:0] winner, claim;

  for (genvar o = 0; o < NumPorts; o++) begin : gen_out
    logic [NumPorts-1:0] req, claim_req;
    for (genvar p = 0; p < NumPorts; p++) begin : gen_req
      assign req[p]       = in_valid[p] &&
                            (in_port[p] == PortW'(o) || (in_fork[p] && in_local[p] == PortW'(o)));
      assign claim_req[p] = won_local[p] && in_port[p] == PortW'(o);
    end
    wormsim_rr_arbiter #(.NumReq(NumPorts)) i_arb (
      .req_i  (req),
      .ptr_i  (out_ptr_q[o]),
      .valid_o(out_valid[o]),
      .idx_o  (winner[o])
    );
    wormsim_rr_arbiter #(.NumReq(NumPorts)) i_claim (
      .req_i  (claim_req),
      .ptr_i  (out_ptr_q[o]),
      .valid_o(claim_valid[o]),
      .idx_o  (claim[o])
    );
  end
  for (genvar p = 0; p < NumPorts; p++) begin : gen_won_local
    assign won_local[p] = in_valid[p] && in_fork[p] && out_valid[in_local[p]] &&
                          winner[in_local[p]] == PortW'(p);
  end

  // ---- what crosses, what pops, and the pointers ----
  always_comb begin
    pop_o     = '0;
    in_ptr_d  = in_ptr_q;
    out_ptr_d = out_ptr_q;
    for (int unsigned o = 0; o < NumPorts; o++) begin
      st_valid_o[o]   = 1'b0;
      st_forward_o[o] = 1'b0;
      st_port_o[o]    = winner[o];
      st_vc_o[o]      = out_vc_i[32'(winner[o]) * NumVcs + 32'(in_vc_o[winner[o]])];
      if (claim_valid[o]) begin
        st_valid_o[o]   = 1'b1;
        st_forward_o[o] = 1'b1;
        st_port_o[o]    = claim[o];
        st_vc_o[o]      = out_vc_i[32'(claim[o]) * NumVcs + 32'(in_vc_o[claim[o]])];
      end else if (out_valid[o]) begin
        if (!in_fork[winner[o]]) begin
          st_valid_o[o] = 1'b1;
        end else if (in_local[winner[o]] == PortW'(o) && claim_valid[in_port[winner[o]]] &&
                     claim[in_port[winner[o]]] == winner[o]) begin
          st_valid_o[o] = 1'b1;  // the ejected copy of a fork that crosses
          st_vc_o[o]    = local_vc_i[32'(winner[o]) * NumVcs + 32'(in_vc_o[winner[o]])];
        end
      end
      if (st_valid_o[o]) begin
        pop_o[32'(st_port_o[o]) * NumVcs + 32'(in_vc_o[st_port_o[o]])] = 1'b1;
        in_ptr_d[st_port_o[o]] = VcIdxW'((32'(in_vc_o[st_port_o[o]]) + 1) % NumVcs);
        out_ptr_d[o]           = PortW'((32'(st_port_o[o]) + 1) % NumPorts);
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_ptr_q  <= '0;
      out_ptr_q <= '0;
    end else begin
      in_ptr_q  <= in_ptr_d;
      out_ptr_q <= out_ptr_d;
    end
  end

`ifndef SYNTHESIS
  for (genvar o = 0; o < NumPorts; o++) begin : gen_checks
    `WORMSIM_ASSERT(a_crossing_has_credit, !st_valid_o[o] || credit_i[o * NumVcs + 32'(st_vc_o[o])],
                    ("%m: a flit crosses to output VC %0d.%0d without a credit", o, st_vc_o[o]))
  end
`endif
endmodule
