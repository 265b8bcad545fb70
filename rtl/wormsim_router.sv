// wormsim_router: input-queued virtual-channel wormhole router with credit
// flow control, cycle-for-cycle equal to the SystemC model
// (sc_models/src/router/router.cpp) as docs/microarchitecture.md fixes it:
//   - per input VC a BufDepth-flit FIFO and its state (active, out port/VC);
//   - route computation + VC allocation in one cycle (first free output VC
//     among the candidates; round-robin per output VC over input VC index);
//   - switch allocation + traversal in the next (separable, input first,
//     round-robin per input port over VCs and per output port over inputs);
//   - every output (flit and credit) is a register: the link register.
// Routing: destination == router_id_i ejects on the first local port with a
// free VC. Otherwise, with RouteDor = 0 the routing table (a configuration
// port, held stable) gives the output port and the allowed VCs for each
// destination (any topology); with RouteDor = 1 the router computes
// dimension-order routes on a DimX x DimY x DimZ mesh itself (every VC
// allowed) and ignores the table.
module wormsim_router
  import wormsim_pkg::*;
#(
  parameter int unsigned NumNetPorts = 4,   ///< router-to-router ports
  parameter int unsigned NumLocal    = 1,   ///< injection/ejection ports, after the network ports
  parameter int unsigned NumVcs      = 2,   ///< virtual channels per port
  parameter int unsigned BufDepth    = 8,   ///< flits per VC buffer
  parameter int unsigned NumNodes    = 16,  ///< routing table entries (destinations 0..NumNodes-1)
  parameter int unsigned RouteDor    = 0,   ///< 1: dimension-order mesh routing instead of the table
  parameter int unsigned DimX        = 4,   ///< mesh size in X (RouteDor only)
  parameter int unsigned DimY        = 4,   ///< mesh size in Y (RouteDor only)
  parameter int unsigned DimZ        = 4,   ///< mesh size in Z (RouteDor only)
  localparam int unsigned NumPorts = NumNetPorts + NumLocal,
  localparam int unsigned NumIvc   = NumPorts * NumVcs,
  localparam int unsigned PortW    = (NumPorts > 1) ? $clog2(NumPorts) : 1,
  localparam int unsigned VcIdxW   = (NumVcs > 1) ? $clog2(NumVcs) : 1,
  localparam int unsigned IvcW     = (NumIvc > 1) ? $clog2(NumIvc) : 1,
  localparam int unsigned CntW     = $clog2(BufDepth + 1),
  localparam int unsigned DstW     = (NumNodes > 1) ? $clog2(NumNodes) : 1
) (
  input  logic                                 clk_i,           ///< clock
  input  logic                                 rst_ni,          ///< active-low synchronous reset
  input  logic [NodeW-1:0]                     router_id_i,     ///< this router's node id (configuration, held stable)
  input  logic [NumNodes-1:0][PortW-1:0]       route_port_i,    ///< routing table: output port per destination
  input  logic [NumNodes-1:0][NumVcs-1:0]      route_vcs_i,     ///< routing table: allowed VCs per destination
  input  logic [NumPorts-1:0]                  flit_valid_i,    ///< input link: flit present
  input  flit_t [NumPorts-1:0]                 flit_i,          ///< input link: the flit
  output logic [NumPorts-1:0]                  credit_valid_o,  ///< input link: credit back upstream
  output logic [NumPorts-1:0][VcIdxW-1:0]      credit_vc_o,     ///< input link: VC of that credit
  output logic [NumPorts-1:0]                  flit_valid_o,    ///< output link: flit present
  output flit_t [NumPorts-1:0]                 flit_o,          ///< output link: the flit
  input  logic [NumPorts-1:0]                  credit_valid_i,  ///< output link: credit from downstream
  input  logic [NumPorts-1:0][VcIdxW-1:0]      credit_vc_i      ///< output link: VC of that credit
);
  // ---- parameter legality ----
  initial begin
    if (NumNetPorts < 1 || NumLocal < 1 || NumVcs < 1 || BufDepth < 1)
      $fatal(1, "wormsim_router: every size must be at least 1");
    if (NumVcs > 2 ** VcW) $fatal(1, "wormsim_router: NumVcs does not fit the flit's VC field");
    if (RouteDor > 1) $fatal(1, "wormsim_router: RouteDor must be 0 (table) or 1 (dimension order)");
  end

  // ---- state ----
  logic [NumIvc-1:0]             active_q;      // input VC holds an output VC
  logic [NumIvc-1:0][PortW-1:0]  out_port_q;
  logic [NumIvc-1:0][VcIdxW-1:0] out_vc_q;
  logic [NumIvc-1:0]             allocated_q;   // output VC owned (indexed port*V+vc)
  logic [NumIvc-1:0][CntW-1:0]   credits_q;     // output VC credits
  logic [NumIvc-1:0][IvcW-1:0]   va_ptr_q;      // per output VC, over input VCs
  logic [NumPorts-1:0][VcIdxW-1:0] sa_in_ptr_q; // per input port, over its VCs
  logic [NumPorts-1:0][PortW-1:0]  sa_out_ptr_q;// per output port, over input ports

  // ---- input buffers ----
  flit_t [NumIvc-1:0] front;
  logic  [NumIvc-1:0] empty;
  logic  [NumIvc-1:0] push, pop;

  for (genvar i = 0; i < NumIvc; i++) begin : gen_buffers
    localparam int unsigned P = i / NumVcs;
    localparam int unsigned V = i % NumVcs;
    logic [CntW-1:0] unused_count;
    assign push[i] = flit_valid_i[P] && (int'(flit_i[P].vc) == V);
    wormsim_fifo #(.Depth(BufDepth), .Width(FlitW)) i_fifo (
      .clk_i, .rst_ni,
      .push_i (push[i]),
      .data_i (flit_i[P]),
      .pop_i  (pop[i]),
      .front_o(front[i]),
      .empty_o(empty[i]),
      .count_o(unused_count)
    );
  end

  // ---- route computation: output port and allowed VCs per input VC ----
  logic [NumIvc-1:0][PortW-1:0]  rc_port;
  logic [NumIvc-1:0][NumVcs-1:0] rc_vcs;

  if (RouteDor == 1) begin : gen_rc_dor
    logic unused_table;
    assign unused_table = ^{route_port_i, route_vcs_i};
    for (genvar i = 0; i < NumIvc; i++) begin : gen_ivc
      wormsim_route_dor #(.DimX(DimX), .DimY(DimY), .DimZ(DimZ), .NumPorts(NumPorts), .IdW(NodeW)) i_dor (
        .here_i(router_id_i),
        .dst_i (front[i].dst),
        .port_o(rc_port[i])
      );
      assign rc_vcs[i] = '1;
    end
  end else begin : gen_rc_table
    for (genvar i = 0; i < NumIvc; i++) begin : gen_ivc
      logic [DstW-1:0] dst;
      assign dst        = front[i].dst[DstW-1:0];
      assign rc_port[i] = route_port_i[dst];
      assign rc_vcs[i]  = route_vcs_i[dst];
    end
  end

  // ---- VC allocation, input side ----
  // Each idle input VC with a head at the front requests one output VC.
  logic [NumIvc-1:0]           va_req;
  logic [NumIvc-1:0][IvcW-1:0] va_target;

  always_comb begin
    for (int unsigned i = 0; i < NumIvc; i++) begin
      va_req[i]    = 1'b0;
      va_target[i] = '0;
      if (!active_q[i] && !empty[i]) begin
        if (front[i].dst == router_id_i) begin
          for (int unsigned l = 0; l < NumLocal; l++)
            for (int unsigned w = 0; w < NumVcs; w++)
              if (!va_req[i] && !allocated_q[(NumNetPorts + l) * NumVcs + w]) begin
                va_req[i]    = 1'b1;
                va_target[i] = IvcW'((NumNetPorts + l) * NumVcs + w);
              end
        end else begin
          for (int unsigned w = 0; w < NumVcs; w++)
            if (!va_req[i] && rc_vcs[i][w] && !allocated_q[int'(rc_port[i]) * NumVcs + w]) begin
              va_req[i]    = 1'b1;
              va_target[i] = IvcW'(int'(rc_port[i]) * NumVcs + w);
            end
        end
      end
    end
  end

  // ---- VC allocation, output side: round-robin per output VC ----
  logic [NumIvc-1:0]           va_gnt_valid;
  logic [NumIvc-1:0][IvcW-1:0] va_winner;

  for (genvar j = 0; j < NumIvc; j++) begin : gen_va
    logic [NumIvc-1:0] req;
    logic [NumIvc-1:0] unused_gnt;
    for (genvar i = 0; i < NumIvc; i++) begin : gen_req
      assign req[i] = va_req[i] && (int'(va_target[i]) == j);
    end
    wormsim_rr_arbiter #(.NumReq(NumIvc)) i_arb (
      .req_i  (req),
      .ptr_i  (va_ptr_q[j]),
      .valid_o(va_gnt_valid[j]),
      .idx_o  (va_winner[j]),
      .gnt_o  (unused_gnt)
    );
  end

  // ---- switch allocation, input stage: round-robin per input port ----
  logic [NumPorts-1:0]             sa_in_valid;
  logic [NumPorts-1:0][VcIdxW-1:0] sa_in_vc;
  logic [NumPorts-1:0][PortW-1:0]  sa_in_port;   // output port the pick wants

  for (genvar p = 0; p < NumPorts; p++) begin : gen_sa_in
    logic [NumVcs-1:0] eligible;
    logic [NumVcs-1:0] unused_gnt;
    for (genvar v = 0; v < NumVcs; v++) begin : gen_eligible
      localparam int unsigned I = p * NumVcs + v;
      assign eligible[v] = active_q[I] && !empty[I] &&
                           (credits_q[int'(out_port_q[I]) * NumVcs + int'(out_vc_q[I])] != '0);
    end
    wormsim_rr_arbiter #(.NumReq(NumVcs)) i_arb (
      .req_i  (eligible),
      .ptr_i  (sa_in_ptr_q[p]),
      .valid_o(sa_in_valid[p]),
      .idx_o  (sa_in_vc[p]),
      .gnt_o  (unused_gnt)
    );
    assign sa_in_port[p] = out_port_q[p * NumVcs + int'(sa_in_vc[p])];
  end

  // ---- switch allocation, output stage: round-robin per output port ----
  logic [NumPorts-1:0]            sa_out_valid;
  logic [NumPorts-1:0][PortW-1:0] sa_out_winner;

  for (genvar o = 0; o < NumPorts; o++) begin : gen_sa_out
    logic [NumPorts-1:0] req;
    logic [NumPorts-1:0] unused_gnt;
    for (genvar p = 0; p < NumPorts; p++) begin : gen_req
      assign req[p] = sa_in_valid[p] && (int'(sa_in_port[p]) == o);
    end
    wormsim_rr_arbiter #(.NumReq(NumPorts)) i_arb (
      .req_i  (req),
      .ptr_i  (sa_out_ptr_q[o]),
      .valid_o(sa_out_valid[o]),
      .idx_o  (sa_out_winner[o]),
      .gnt_o  (unused_gnt)
    );
  end

  // The input VCs the switch pops.
  always_comb begin
    pop = '0;
    for (int unsigned o = 0; o < NumPorts; o++)
      if (sa_out_valid[o]) pop[int'(sa_out_winner[o]) * NumVcs + int'(sa_in_vc[sa_out_winner[o]])] = 1'b1;
  end

  // ---- commit: every update lands at the clock edge ----
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      active_q       <= '0;
      out_port_q     <= '0;
      out_vc_q       <= '0;
      allocated_q    <= '0;
      for (int unsigned j = 0; j < NumIvc; j++) credits_q[j] <= CntW'(BufDepth);
      va_ptr_q       <= '0;
      sa_in_ptr_q    <= '0;
      sa_out_ptr_q   <= '0;
      flit_valid_o   <= '0;
      flit_o         <= '0;
      credit_valid_o <= '0;
      credit_vc_o    <= '0;
    end else begin
      flit_valid_o   <= '0;
      credit_valid_o <= '0;
      // VC allocation grants
      for (int unsigned j = 0; j < NumIvc; j++)
        if (va_gnt_valid[j]) begin
          active_q[va_winner[j]]   <= 1'b1;
          out_port_q[va_winner[j]] <= PortW'(j / NumVcs);
          out_vc_q[va_winner[j]]   <= VcIdxW'(j % NumVcs);
          allocated_q[j]           <= 1'b1;
          va_ptr_q[j]              <= IvcW'((int'(va_winner[j]) + 1) % NumIvc);
        end
      // credits: arrivals and departures
      for (int unsigned j = 0; j < NumIvc; j++) begin
        automatic logic inc = credit_valid_i[j / NumVcs] && (int'(credit_vc_i[j / NumVcs]) == j % NumVcs);
        automatic logic dec = 1'b0;
        for (int unsigned o = 0; o < NumPorts; o++)
          if (sa_out_valid[o] && o == j / NumVcs) begin
            automatic int unsigned iv = int'(sa_out_winner[o]) * NumVcs + int'(sa_in_vc[sa_out_winner[o]]);
            if (int'(out_vc_q[iv]) == j % NumVcs) dec = 1'b1;
          end
        credits_q[j] <= credits_q[j] + CntW'(inc) - CntW'(dec);
      end
      // switch traversal
      for (int unsigned o = 0; o < NumPorts; o++)
        if (sa_out_valid[o]) begin
          automatic int unsigned p  = int'(sa_out_winner[o]);
          automatic int unsigned v  = int'(sa_in_vc[p]);
          automatic int unsigned iv = p * NumVcs + v;
          automatic flit_t f = front[iv];
          f.vc              = VcW'(out_vc_q[iv]);
          flit_o[o]         <= f;
          flit_valid_o[o]   <= 1'b1;
          credit_valid_o[p] <= 1'b1;
          credit_vc_o[p]    <= VcIdxW'(v);
          sa_in_ptr_q[p]    <= VcIdxW'((v + 1) % NumVcs);
          sa_out_ptr_q[o]   <= PortW'((p + 1) % NumPorts);
          if (f.ftype[1]) begin
            active_q[iv] <= 1'b0;
            allocated_q[o * NumVcs + int'(out_vc_q[iv])] <= 1'b0;
          end
        end
    end
  end

  // ---- boundary assertions (compiled by verilator --assert) ----
`ifndef SYNTHESIS
  // Flit-type sequence per input VC: head, body..., tail; nothing but a head
  // may arrive between packets, and no head inside one.
  logic [NumIvc-1:0] in_packet_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) in_packet_q <= '0;
    else
      for (int unsigned i = 0; i < NumIvc; i++)
        if (push[i]) in_packet_q[i] <= !flit_i[i / NumVcs].ftype[1];
  end
  always_ff @(posedge clk_i) if (rst_ni) begin
    for (int unsigned i = 0; i < NumIvc; i++)
      if (push[i]) assert (flit_i[i / NumVcs].ftype[0] != in_packet_q[i])
        else $error("router %0d: flit type out of sequence on input VC %0d", router_id_i, i);
  end
`endif
  always_ff @(posedge clk_i) if (rst_ni) begin
    for (int unsigned j = 0; j < NumIvc; j++) begin
      assert (int'(credits_q[j]) <= BufDepth) else $error("router %0d: credit overflow on output VC %0d", router_id_i, j);
      if (sa_out_valid[j / NumVcs] &&
          int'(out_vc_q[int'(sa_out_winner[j / NumVcs]) * NumVcs + int'(sa_in_vc[sa_out_winner[j / NumVcs]])]) == j % NumVcs)
        assert (credits_q[j] != '0) else $error("router %0d: credit underflow on output VC %0d", router_id_i, j);
    end
    for (int unsigned p = 0; p < NumPorts; p++)
      if (flit_valid_i[p]) assert (int'(flit_i[p].vc) < NumVcs) else $error("router %0d: flit on a nonexistent VC", router_id_i);
    for (int unsigned i = 0; i < NumIvc; i++)
      if (!active_q[i] && !empty[i]) assert (front[i].ftype[0]) else $error("router %0d: body flit at the front of idle VC %0d", router_id_i, i);
  end
endmodule
