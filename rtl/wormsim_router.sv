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
// Multi-destination worms (Range and Line headers): a head at one of its
// destinations with more to go forks: it needs an ejection VC and a forward
// VC at once, and every flit crosses to both outputs in the same cycle; the
// ejection side decides first in both allocators (docs/microarchitecture.md
// §11). The next destination comes from the configuration inputs hp_next_i /
// hp_prev_i (this router's Hamiltonian neighbours) or neighbor_id_i, or for
// list worms from the flit's mc_list, which the forwarded copy shifts.
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
  parameter int unsigned Consumption = 1,   ///< worms' ejection VCs: 0 shared, 1 per class
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
  input  logic [NodeW-1:0]                     hp_next_i,       ///< Hamiltonian successor (configuration)
  input  logic [NodeW-1:0]                     hp_prev_i,       ///< Hamiltonian predecessor (configuration)
  input  logic [NumNetPorts-1:0][NodeW-1:0]    neighbor_id_i,   ///< node id behind each network port (configuration)
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
    if (Consumption > 1) $fatal(1, "wormsim_router: Consumption must be 0 (shared) or 1 (per class)");
    if (NumNetPorts > 2 ** DirW) $fatal(1, "wormsim_router: NumNetPorts does not fit the flit's mc_dir field");
  end

  // ---- state ----
  logic [NumIvc-1:0]             active_q;      // input VC holds an output VC
  logic [NumIvc-1:0][PortW-1:0]  out_port_q;
  logic [NumIvc-1:0][VcIdxW-1:0] out_vc_q;
  logic [NumIvc-1:0]             fork_q;        // also delivers every flit to (local_port_q, local_vc_q)
  logic [NumIvc-1:0][PortW-1:0]  local_port_q;
  logic [NumIvc-1:0][VcIdxW-1:0] local_vc_q;
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

  // ---- worms: does the front flit fork here, and where does it go next ----
  logic [NumIvc-1:0]            forks;     // head or body of a worm at one of its destinations, more to go
  logic [NumIvc-1:0][NodeW-1:0] next_dst;  // the destination after this one

  for (genvar i = 0; i < NumIvc; i++) begin : gen_worm
    logic [NodeW-1:0] line_next;
    always_comb begin
      line_next = '0;
      for (int unsigned q = 0; q < NumNetPorts; q++)
        if (int'(front[i].mc_dir) == q) line_next = neighbor_id_i[q];
    end
    assign next_dst[i] = (front[i].mc_kind == McRange) ? (front[i].mc_cls ? hp_prev_i : hp_next_i)
                       : (front[i].mc_kind == McLine)  ? line_next
                       : (front[i].mc_kind == McList)  ? front[i].mc_list[0] : front[i].dst;
    assign forks[i] = (front[i].mc_kind != McUnicast) && (front[i].dst == router_id_i) &&
                      (front[i].dst != front[i].mc_last);
  end

  // ---- route computation: output port and allowed VCs per input VC, for
  // the front flit's destination and (forks) for the next one ----
  logic [NumIvc-1:0][PortW-1:0]  rc_port, fw_port;
  logic [NumIvc-1:0][NumVcs-1:0] rc_vcs, fw_vcs;

  if (RouteDor == 1) begin : gen_rc_dor
    logic unused_table;
    assign unused_table = ^{route_port_i, route_vcs_i};
    for (genvar i = 0; i < NumIvc; i++) begin : gen_ivc
      wormsim_route_dor #(.DimX(DimX), .DimY(DimY), .DimZ(DimZ), .NumPorts(NumPorts), .IdW(NodeW)) i_dor (
        .here_i(router_id_i),
        .dst_i (front[i].dst),
        .port_o(rc_port[i])
      );
      wormsim_route_dor #(.DimX(DimX), .DimY(DimY), .DimZ(DimZ), .NumPorts(NumPorts), .IdW(NodeW)) i_dor_fw (
        .here_i(router_id_i),
        .dst_i (next_dst[i]),
        .port_o(fw_port[i])
      );
      assign rc_vcs[i] = '1;
      assign fw_vcs[i] = '1;
    end
  end else begin : gen_rc_table
    for (genvar i = 0; i < NumIvc; i++) begin : gen_ivc
      logic [DstW-1:0] dst, fw_dst;
      assign dst        = front[i].dst[DstW-1:0];
      assign fw_dst     = next_dst[i][DstW-1:0];
      assign rc_port[i] = route_port_i[dst];
      assign rc_vcs[i]  = route_vcs_i[dst];
      assign fw_port[i] = route_port_i[fw_dst];
      assign fw_vcs[i]  = route_vcs_i[fw_dst];
    end
  end

  // Ejection VCs a head at its destination may take: any (unicast, or shared
  // consumption), else its class's local port (several local ports) or its
  // class's VC (one local port).
  localparam bit PerClass = (Consumption == 1) && !(NumLocal < 2 && NumVcs < 2);
  function automatic logic local_ok(input logic [1:0] kind, input logic cls, input int unsigned l,
                                    input int unsigned w);
    if (kind == McUnicast || !PerClass) return 1'b1;
    if (NumLocal >= 2) return l == int'(cls) % NumLocal;
    return w == int'(cls) % NumVcs;
  endfunction

  // ---- VC allocation, input side ----
  // Each idle input VC with a head at the front requests one output VC; a
  // fork requests its ejection VC (va_target) and its forward VC (va_fw_target)
  // and requests nothing unless both are free.
  logic [NumIvc-1:0]           va_req, va_fw_req, va_fork;
  logic [NumIvc-1:0][IvcW-1:0] va_target, va_fw_target;

  always_comb begin
    for (int unsigned i = 0; i < NumIvc; i++) begin
      va_req[i]       = 1'b0;
      va_target[i]    = '0;
      va_fw_req[i]    = 1'b0;
      va_fw_target[i] = '0;
      if (!active_q[i] && !empty[i]) begin
        if (front[i].dst == router_id_i) begin
          for (int unsigned l = 0; l < NumLocal; l++)
            for (int unsigned w = 0; w < NumVcs; w++)
              if (!va_req[i] && local_ok(front[i].mc_kind, front[i].mc_cls, l, w) && !allocated_q[(NumNetPorts + l) * NumVcs + w]) begin
                va_req[i]    = 1'b1;
                va_target[i] = IvcW'((NumNetPorts + l) * NumVcs + w);
              end
          if (forks[i])
            for (int unsigned w = 0; w < NumVcs; w++)
              if (!va_fw_req[i] && fw_vcs[i][w] && !allocated_q[int'(fw_port[i]) * NumVcs + w]) begin
                va_fw_req[i]    = 1'b1;
                va_fw_target[i] = IvcW'(int'(fw_port[i]) * NumVcs + w);
              end
        end else begin
          for (int unsigned w = 0; w < NumVcs; w++)
            if (!va_req[i] && rc_vcs[i][w] && !allocated_q[int'(rc_port[i]) * NumVcs + w]) begin
              va_req[i]    = 1'b1;
              va_target[i] = IvcW'(int'(rc_port[i]) * NumVcs + w);
            end
        end
      end
      va_fork[i] = forks[i] && va_req[i] && va_fw_req[i];
      if (forks[i] && !va_fw_req[i]) va_req[i] = 1'b0;
    end
  end

  // ---- VC allocation, output side: round-robin per output VC; then each
  // fork that won its ejection VC claims its forward VC, the forward VC's
  // pointer deciding among claims ----
  logic [NumIvc-1:0]           va_gnt_valid, va_claim_valid;
  logic [NumIvc-1:0][IvcW-1:0] va_winner, va_claim;
  logic [NumIvc-1:0]           va_won_local;

  for (genvar j = 0; j < NumIvc; j++) begin : gen_va
    logic [NumIvc-1:0] req, claim_req;
    logic [NumIvc-1:0] unused_gnt, unused_claim_gnt;
    for (genvar i = 0; i < NumIvc; i++) begin : gen_req
      assign req[i] = (va_req[i] && (int'(va_target[i]) == j)) || (va_fork[i] && (int'(va_fw_target[i]) == j));
      assign claim_req[i] = va_fork[i] && va_won_local[i] && (int'(va_fw_target[i]) == j);
    end
    wormsim_rr_arbiter #(.NumReq(NumIvc)) i_arb (
      .req_i  (req),
      .ptr_i  (va_ptr_q[j]),
      .valid_o(va_gnt_valid[j]),
      .idx_o  (va_winner[j]),
      .gnt_o  (unused_gnt)
    );
    wormsim_rr_arbiter #(.NumReq(NumIvc)) i_claim (
      .req_i  (claim_req),
      .ptr_i  (va_ptr_q[j]),
      .valid_o(va_claim_valid[j]),
      .idx_o  (va_claim[j]),
      .gnt_o  (unused_claim_gnt)
    );
  end
  for (genvar i = 0; i < NumIvc; i++) begin : gen_won_local
    assign va_won_local[i] = va_gnt_valid[va_target[i]] && (int'(va_winner[va_target[i]]) == i);
  end

  // ---- switch allocation, input stage: round-robin per input port ----
  logic [NumPorts-1:0]             sa_in_valid;
  logic [NumPorts-1:0][VcIdxW-1:0] sa_in_vc;
  logic [NumPorts-1:0][PortW-1:0]  sa_in_port;   // output port the pick wants
  logic [NumPorts-1:0]             sa_in_fork;   // the pick forks: it also wants sa_in_local
  logic [NumPorts-1:0][PortW-1:0]  sa_in_local;

  for (genvar p = 0; p < NumPorts; p++) begin : gen_sa_in
    logic [NumVcs-1:0] eligible;
    logic [NumVcs-1:0] unused_gnt;
    for (genvar v = 0; v < NumVcs; v++) begin : gen_eligible
      localparam int unsigned I = p * NumVcs + v;
      assign eligible[v] = active_q[I] && !empty[I] &&
                           (credits_q[int'(out_port_q[I]) * NumVcs + int'(out_vc_q[I])] != '0) &&
                           (!fork_q[I] || credits_q[int'(local_port_q[I]) * NumVcs + int'(local_vc_q[I])] != '0);
    end
    wormsim_rr_arbiter #(.NumReq(NumVcs)) i_arb (
      .req_i  (eligible),
      .ptr_i  (sa_in_ptr_q[p]),
      .valid_o(sa_in_valid[p]),
      .idx_o  (sa_in_vc[p]),
      .gnt_o  (unused_gnt)
    );
    assign sa_in_port[p]  = out_port_q[p * NumVcs + int'(sa_in_vc[p])];
    assign sa_in_fork[p]  = fork_q[p * NumVcs + int'(sa_in_vc[p])];
    assign sa_in_local[p] = local_port_q[p * NumVcs + int'(sa_in_vc[p])];
  end

  // ---- switch allocation, output stage: round-robin per output port; a
  // fork that wins its ejection port claims its forward port, the forward
  // port's pointer deciding among claims ----
  logic [NumPorts-1:0]            sa_out_valid, sa_claim_valid, sa_won_local;
  logic [NumPorts-1:0][PortW-1:0] sa_out_winner, sa_claim;

  for (genvar o = 0; o < NumPorts; o++) begin : gen_sa_out
    logic [NumPorts-1:0] req, claim_req;
    logic [NumPorts-1:0] unused_gnt, unused_claim_gnt;
    for (genvar p = 0; p < NumPorts; p++) begin : gen_req
      assign req[p] = sa_in_valid[p] && ((int'(sa_in_port[p]) == o) || (sa_in_fork[p] && int'(sa_in_local[p]) == o));
      assign claim_req[p] = sa_won_local[p] && (int'(sa_in_port[p]) == o);
    end
    wormsim_rr_arbiter #(.NumReq(NumPorts)) i_arb (
      .req_i  (req),
      .ptr_i  (sa_out_ptr_q[o]),
      .valid_o(sa_out_valid[o]),
      .idx_o  (sa_out_winner[o]),
      .gnt_o  (unused_gnt)
    );
    wormsim_rr_arbiter #(.NumReq(NumPorts)) i_claim (
      .req_i  (claim_req),
      .ptr_i  (sa_out_ptr_q[o]),
      .valid_o(sa_claim_valid[o]),
      .idx_o  (sa_claim[o]),
      .gnt_o  (unused_claim_gnt)
    );
  end
  for (genvar p = 0; p < NumPorts; p++) begin : gen_sa_won_local
    assign sa_won_local[p] = sa_in_valid[p] && sa_in_fork[p] && sa_out_valid[sa_in_local[p]] &&
                             (int'(sa_out_winner[sa_in_local[p]]) == p);
  end

  // What crosses each output port this cycle: from which input port, on
  // which output VC, and whether it is a fork's forwarded copy.
  logic [NumPorts-1:0]             st_valid, st_forward;
  logic [NumPorts-1:0][PortW-1:0]  st_port;
  logic [NumPorts-1:0][VcIdxW-1:0] st_vc;

  always_comb begin
    for (int unsigned o = 0; o < NumPorts; o++) begin
      automatic int unsigned p = int'(sa_out_winner[o]);
      automatic int unsigned iv = p * NumVcs + int'(sa_in_vc[p]);
      st_valid[o]   = 1'b0;
      st_forward[o] = 1'b0;
      st_port[o]    = sa_out_winner[o];
      st_vc[o]      = out_vc_q[iv];
      if (sa_claim_valid[o]) begin
        p  = int'(sa_claim[o]);
        iv = p * NumVcs + int'(sa_in_vc[p]);
        st_valid[o]   = 1'b1;
        st_forward[o] = 1'b1;
        st_port[o]    = sa_claim[o];
        st_vc[o]      = out_vc_q[iv];
      end else if (sa_out_valid[o]) begin
        if (!sa_in_fork[p]) begin
          st_valid[o] = 1'b1;
        end else if (int'(sa_in_local[p]) == o && sa_claim_valid[sa_in_port[p]] &&
                     int'(sa_claim[sa_in_port[p]]) == p) begin
          st_valid[o] = 1'b1;  // the ejected copy of a fork that crosses
          st_vc[o]    = local_vc_q[iv];
        end
      end
    end
  end

  // The input VCs the switch pops (a fork once, for both copies).
  always_comb begin
    pop = '0;
    for (int unsigned o = 0; o < NumPorts; o++)
      if (st_valid[o]) pop[int'(st_port[o]) * NumVcs + int'(sa_in_vc[st_port[o]])] = 1'b1;
  end

  // ---- commit: every update lands at the clock edge ----
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      active_q       <= '0;
      out_port_q     <= '0;
      out_vc_q       <= '0;
      fork_q         <= '0;
      local_port_q   <= '0;
      local_vc_q     <= '0;
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
      // VC allocation grants: forks by claim, everything else by winner
      for (int unsigned j = 0; j < NumIvc; j++)
        if (va_claim_valid[j]) begin
          automatic int unsigned i  = int'(va_claim[j]);
          automatic int unsigned jl = int'(va_target[i]);
          active_q[i]     <= 1'b1;
          out_port_q[i]   <= PortW'(j / NumVcs);
          out_vc_q[i]     <= VcIdxW'(j % NumVcs);
          fork_q[i]       <= 1'b1;
          local_port_q[i] <= PortW'(jl / NumVcs);
          local_vc_q[i]   <= VcIdxW'(jl % NumVcs);
          allocated_q[j]  <= 1'b1;
          allocated_q[jl] <= 1'b1;
          va_ptr_q[j]     <= IvcW'((i + 1) % NumIvc);
          va_ptr_q[jl]    <= IvcW'((i + 1) % NumIvc);
        end else if (va_gnt_valid[j] && !va_fork[va_winner[j]]) begin
          active_q[va_winner[j]]   <= 1'b1;
          out_port_q[va_winner[j]] <= PortW'(j / NumVcs);
          out_vc_q[va_winner[j]]   <= VcIdxW'(j % NumVcs);
          fork_q[va_winner[j]]     <= 1'b0;
          allocated_q[j]           <= 1'b1;
          va_ptr_q[j]              <= IvcW'((int'(va_winner[j]) + 1) % NumIvc);
        end
      // credits: arrivals and departures
      for (int unsigned j = 0; j < NumIvc; j++) begin
        automatic logic inc = credit_valid_i[j / NumVcs] && (int'(credit_vc_i[j / NumVcs]) == j % NumVcs);
        automatic logic dec = st_valid[j / NumVcs] && (int'(st_vc[j / NumVcs]) == j % NumVcs);
        credits_q[j] <= credits_q[j] + CntW'(inc) - CntW'(dec);
      end
      // switch traversal
      for (int unsigned o = 0; o < NumPorts; o++)
        if (st_valid[o]) begin
          automatic int unsigned p  = int'(st_port[o]);
          automatic int unsigned v  = int'(sa_in_vc[p]);
          automatic int unsigned iv = p * NumVcs + v;
          automatic flit_t f = front[iv];
          f.vc = VcW'(st_vc[o]);
          if (st_forward[o]) begin
            f.dst = next_dst[iv];
            if (f.mc_kind == McList) f.mc_list = {NodeW'(0), f.mc_list[ListN-1:1]};
          end
          flit_o[o]         <= f;
          flit_valid_o[o]   <= 1'b1;
          credit_valid_o[p] <= 1'b1;
          credit_vc_o[p]    <= VcIdxW'(v);
          sa_in_ptr_q[p]    <= VcIdxW'((v + 1) % NumVcs);
          sa_out_ptr_q[o]   <= PortW'((p + 1) % NumPorts);
          if (f.ftype[1]) begin
            active_q[iv] <= 1'b0;
            fork_q[iv]   <= 1'b0;
            allocated_q[o * NumVcs + int'(st_vc[o])] <= 1'b0;
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
      if (st_valid[j / NumVcs] && int'(st_vc[j / NumVcs]) == j % NumVcs)
        assert (credits_q[j] != '0) else $error("router %0d: credit underflow on output VC %0d", router_id_i, j);
    end
    for (int unsigned p = 0; p < NumPorts; p++)
      if (flit_valid_i[p]) assert (int'(flit_i[p].vc) < NumVcs) else $error("router %0d: flit on a nonexistent VC", router_id_i);
    for (int unsigned i = 0; i < NumIvc; i++)
      if (!active_q[i] && !empty[i]) assert (front[i].ftype[0]) else $error("router %0d: body flit at the front of idle VC %0d", router_id_i, i);
  end
endmodule
