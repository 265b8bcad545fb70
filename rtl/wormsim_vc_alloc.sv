// wormsim_vc_alloc: VC allocation (docs/microarchitecture.md §4, §11.2).
// Input side: every idle input VC with a head at the front asks for one
// output VC, the first free one among the VCs its route allows; at its
// destination the first free ejection VC it may take (any for unicast and
// shared consumption, else its class's local port or VC). A worm that forks
// asks for its ejection VC and its forward VC together and gets both or
// neither. Output side: round-robin per output VC over the input VCs
// (va_ptr_q); a fork that won its ejection VC then claims its forward VC,
// the forward VC's pointer deciding among claims. Owns which output VCs are
// held (allocated_q); a tail crossing an output releases its VC.
`include "wormsim_assert.svh"
module wormsim_vc_alloc #(
  parameter int unsigned NumNetPorts = 4,  ///< router-to-router ports
  parameter int unsigned NumLocal    = 1,  ///< ejection ports, after the network ports
  parameter int unsigned NumVcs      = 2,  ///< VCs per port
  parameter int unsigned Consumption = 1,  ///< worms' ejection VCs: 0 shared, 1 per class
  localparam int unsigned NumPorts = NumNetPorts + NumLocal,
  localparam int unsigned NumIvc   = NumPorts * NumVcs,
  localparam int unsigned PortW    = (NumPorts > 1) ? $clog2(NumPorts) : 1,
  localparam int unsigned VcIdxW   = (NumVcs > 1) ? $clog2(NumVcs) : 1,
  localparam int unsigned IvcW     = (NumIvc > 1) ? $clog2(NumIvc) : 1
) (
  input  logic                              clk_i,               ///< clock
  input  logic                              rst_ni,              ///< asynchronous reset, active low
  /// input VC idle with a head at the front
  input  logic [NumIvc-1:0]                 idle_head_i,
  input  logic [NumIvc-1:0]                 at_dest_i,           ///< the head is at its destination
  input  logic [NumIvc-1:0]                 forks_i,             ///< the head forks here
  input  logic [NumIvc-1:0][1:0]            kind_i,              ///< its worm kind
  input  logic [NumIvc-1:0]                 cls_i,               ///< its worm class
  input  logic [NumIvc-1:0][PortW-1:0]      rc_port_i,           ///< port toward the destination
  input  logic [NumIvc-1:0][NumVcs-1:0]     rc_vcs_i,            ///< VCs allowed there
  /// fork: port toward the next destination
  input  logic [NumIvc-1:0][PortW-1:0]      fw_port_i,
  input  logic [NumIvc-1:0][NumVcs-1:0]     fw_vcs_i,            ///< fork: VCs allowed there
  /// switch: a flit crosses output port o
  input  logic [NumPorts-1:0]               st_valid_i,
  input  logic [NumPorts-1:0][VcIdxW-1:0]   st_vc_i,             ///< on this output VC
  input  logic [NumPorts-1:0]               st_tail_i,           ///< and it is a tail
  output logic [NumIvc-1:0]                 grant_o,             ///< input VC gets an output VC
  output logic [NumIvc-1:0][PortW-1:0]      grant_port_o,        ///< its port
  output logic [NumIvc-1:0][VcIdxW-1:0]     grant_vc_o,          ///< its VC
  output logic [NumIvc-1:0]                 grant_fork_o,        ///< a fork: also an ejection VC
  output logic [NumIvc-1:0][PortW-1:0]      grant_local_port_o,  ///< fork: ejection port
  output logic [NumIvc-1:0][VcIdxW-1:0]     grant_local_vc_o     ///< fork: ejection VC
);
  // with one local port and one VC there is a single ejection VC to share
  localparam bit PerClass = (Consumption == 1) && !(NumLocal < 2 && NumVcs < 2);

  logic [NumIvc-1:0]           allocated_q, allocated_d;
  logic [NumIvc-1:0][IvcW-1:0] va_ptr_q, va_ptr_d;

  // ---- input side ----
  logic [NumIvc-1:0]           req, fw_req, fork_req;
  logic [NumIvc-1:0][IvcW-1:0] target, fw_target;

  always_comb begin
    for (int unsigned i = 0; i < NumIvc; i++) begin
      req[i]       = 1'b0;
      target[i]    = '0;
      fw_req[i]    = 1'b0;
      fw_target[i] = '0;
      if (idle_head_i[i]) begin
        if (at_dest_i[i]) begin
          for (int unsigned l = 0; l < NumLocal; l++)
            for (int unsigned w = 0; w < NumVcs; w++)
              if (!req[i] && !allocated_q[(NumNetPorts + l) * NumVcs + w] &&
                  (kind_i[i] == wormsim_pkg::WkUnicast || !PerClass ||
                   (NumLocal >= 2 ? (l == 32'(cls_i[i])) : (w == 32'(cls_i[i]))))) begin
                req[i]    = 1'b1;
                target[i] = IvcW'((NumNetPorts + l) * NumVcs + w);
              end
          if (forks_i[i])
            for (int unsigned w = 0; w < NumVcs; w++)
              if (!fw_req[i] && fw_vcs_i[i][w] &&
                  !allocated_q[32'(fw_port_i[i]) * NumVcs + w]) begin
                fw_req[i]    = 1'b1;
                fw_target[i] = IvcW'(32'(fw_port_i[i]) * NumVcs + w);
              end
        end else begin
          for (int unsigned w = 0; w < NumVcs; w++)
            if (!req[i] && rc_vcs_i[i][w] && !allocated_q[32'(rc_port_i[i]) * NumVcs + w]) begin
              req[i]    = 1'b1;
              target[i] = IvcW'(32'(rc_port_i[i]) * NumVcs + w);
            end
        end
      end
      fork_req[i] = forks_i[i] && req[i] && fw_req[i];
      if (forks_i[i] && !fw_req[i]) req[i] = 1'b0;
    end
  end

  // ---- output side: one arbiter per output VC, and one for forks' claims ----
  logic [NumIvc-1:0]           gnt_valid, claim_valid, won_local;
  logic [NumIvc-1:0][IvcW-1:0] winner, claim;

  for (genvar j = 0; j < NumIvc; j++) begin : gen_ovc
    logic [NumIvc-1:0] req_ivc, claim_ivc;
    for (genvar i = 0; i < NumIvc; i++) begin : gen_req
      assign req_ivc[i]   = (req[i] && target[i] == IvcW'(j)) ||
                            (fork_req[i] && fw_target[i] == IvcW'(j));
      assign claim_ivc[i] = fork_req[i] && won_local[i] && fw_target[i] == IvcW'(j);
    end
    wormsim_rr_arbiter #(.NumReq(NumIvc)) i_arb (
      .req_i  (req_ivc),
      .ptr_i  (va_ptr_q[j]),
      .valid_o(gnt_valid[j]),
      .idx_o  (winner[j])
    );
    wormsim_rr_arbiter #(.NumReq(NumIvc)) i_claim (
      .req_i  (claim_ivc),
      .ptr_i  (va_ptr_q[j]),
      .valid_o(claim_valid[j]),
      .idx_o  (claim[j])
    );
  end
  for (genvar i = 0; i < NumIvc; i++) begin : gen_won_local
    assign won_local[i] = gnt_valid[target[i]] && winner[target[i]] == IvcW'(i);
  end

  // ---- grants (per input VC) ----
  // An input VC asks for one output VC (target) and, forking, one forward VC
  // (fw_target), so it can be granted only there: a plain request where its
  // target's arbiter chose it (and no fork claims that VC), a fork where its
  // forward VC's claim arbiter chose it (its ejection VC comes with it).
  logic [NumIvc-1:0] plain_grant, fork_grant;
  for (genvar i = 0; i < NumIvc; i++) begin : gen_grant
    assign plain_grant[i] = req[i] && !fork_req[i] && gnt_valid[target[i]] &&
                            winner[target[i]] == IvcW'(i) &&
                            !claim_valid[target[i]];
    assign fork_grant[i]  = fork_req[i] && claim_valid[fw_target[i]] &&
                            claim[fw_target[i]] == IvcW'(i);
    assign grant_o[i]            = plain_grant[i] || fork_grant[i];
    assign grant_fork_o[i]       = fork_grant[i];
    logic [IvcW-1:0] granted;  // the output VC it gets (a fork: its forward VC)
    assign granted               = fork_grant[i] ? fw_target[i] : target[i];
    assign grant_port_o[i]       = PortW'(32'(granted) / NumVcs);
    assign grant_vc_o[i]         = VcIdxW'(32'(granted) % NumVcs);
    assign grant_local_port_o[i] = fork_grant[i] ? PortW'(32'(target[i]) / NumVcs) : '0;
    assign grant_local_vc_o[i]   = fork_grant[i] ? VcIdxW'(32'(target[i]) % NumVcs) : '0;
  end

  // ---- next state (per output VC) ----
  // Output VC j is taken by a claim, by a plain winner, or as the ejection
  // VC of a granted fork (whose ejection arbiter it won: the winner there);
  // its pointer moves past whoever took it. A tail crossing output port
  // j / NumVcs on VC j % NumVcs releases it.
  for (genvar j = 0; j < NumIvc; j++) begin : gen_next
    localparam int unsigned Port = j / NumVcs;
    always_comb begin
      allocated_d[j] = allocated_q[j];
      va_ptr_d[j]    = va_ptr_q[j];
      if (claim_valid[j]) begin
        allocated_d[j] = 1'b1;
        va_ptr_d[j]    = IvcW'((32'(claim[j]) + 1) % NumIvc);
      end else if (gnt_valid[j] && (!fork_req[winner[j]] || fork_grant[winner[j]])) begin
        allocated_d[j] = 1'b1;
        va_ptr_d[j]    = IvcW'((32'(winner[j]) + 1) % NumIvc);
      end
      if (st_valid_i[Port] && st_tail_i[Port] &&
          32'(st_vc_i[Port]) == j % NumVcs) allocated_d[j] = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      allocated_q <= '0;
      va_ptr_q    <= '0;
    end else begin
      allocated_q <= allocated_d;
      va_ptr_q    <= va_ptr_d;
    end
  end

`ifndef SYNTHESIS
  for (genvar o = 0; o < NumPorts; o++) begin : gen_release
    `WORMSIM_ASSERT(a_release_held, !(st_valid_i[o] && st_tail_i[o]) ||
        allocated_q[o * NumVcs + 32'(st_vc_i[o])],
                    ("%m: a tail releases output VC %0d.%0d that is not held", o, st_vc_i[o]))
  end
  for (genvar i = 0; i < NumIvc; i++) begin : gen_grant_checks
    `WORMSIM_ASSERT(a_grant_to_idle_head, !grant_o[i] || idle_head_i[i],
        ("%m: input VC %0d granted without asking", i))
  end
`endif
endmodule
