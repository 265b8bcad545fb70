// wormsim_router: input-queued virtual-channel wormhole router with credit
// flow control, cycle-for-cycle equal to the SystemC model
// (docs/microarchitecture.md). Two stages per hop:
//   cycle 1: route computation + VC allocation (wormsim_route_compute,
//            wormsim_vc_alloc);
//   cycle 2: switch allocation + traversal into the link register
//            (wormsim_switch_alloc, wormsim_crossbar),
// with per-input-port buffers and allocation state (wormsim_input_unit) and
// per-output-VC credits (wormsim_credit_counter).
// Link format: valid, VC, type (head/tail bits) and FlitW data bits; a head
// carries its header in the data's low bits (dst, worm kind, class, dir,
// last; docs/microarchitecture.md §3), body flits carry payload only.
// Routing: destination == router_id_i ejects on the first local port with a
// free VC; otherwise the route unit (RouteAlgo) gives the output port and the
// allowed VCs: a routing-table memory written through the table_* port
// before traffic flows (any topology), dimension order on a mesh or torus,
// or the 3PT routing 3pt-dor, from the router's coordinates (coord_i).
// Multi-destination worms (list, range and line headers) fork at their
// destinations: ejection and forward VC together, every flit to both
// outputs in the same cycle (docs/microarchitecture.md §11). A list fork
// reads its next destination from the address flit behind its head, and
// the address flit whose last id it consumed goes to the ejection only.
// Reset: asynchronous, active low; registers a valid bit qualifies have none.
`include "wormsim_assert.svh"

module wormsim_router #(
  parameter int unsigned NumNetPorts = 4,   ///< router-to-router ports
  parameter int unsigned NumLocal    = 1,   ///< injection/ejection ports, after the network ports
  parameter int unsigned NumVcs      = 2,   ///< virtual channels per port
  parameter int unsigned BufDepth    = 8,   ///< flits per VC buffer (at least 2)
  parameter int unsigned FlitW       = 64,  ///< flit data bits
  parameter int unsigned NodeIdW     = 16,  ///< bits of a node id in the header
  parameter int unsigned NumNodes    = 16,  ///< routing-table entries (destinations 0..NumNodes-1)
  /// route unit (a wormsim_pkg::route_algo_e value)
  parameter int unsigned RouteAlgo = 32'(wormsim_pkg::RouteTable),
  parameter int unsigned DimX        = 4,   ///< mesh/torus size in X; 3PT(l, m, n): m
  parameter int unsigned DimY        = 4,   ///< mesh/torus size in Y; 3PT: n
  parameter int unsigned DimZ        = 4,   ///< mesh/torus size in Z; 3PT: l
  parameter int unsigned Consumption = 1,   ///< worms' ejection VCs: 0 shared, 1 per class
  localparam int unsigned NumPorts = NumNetPorts + NumLocal,
  localparam int unsigned NumIvc   = NumPorts * NumVcs,
  localparam int unsigned PortW    = (NumPorts > 1) ? $clog2(NumPorts) : 1,
  localparam int unsigned VcIdxW   = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic                                clk_i,           ///< clock
  input  logic                                rst_ni,          ///< asynchronous reset, active low
  /// configuration: this router's node id
  input  logic [NodeIdW-1:0]                  router_id_i,
  /// configuration: its {p, z, y, x}, 16 bits each (p: 3PT vertex)
  input  logic [63:0]                         coord_i,
  /// configuration: Hamiltonian successor
  input  logic [NodeIdW-1:0]                  hp_next_i,
  /// configuration: Hamiltonian predecessor
  input  logic [NodeIdW-1:0]                  hp_prev_i,
  /// configuration: node behind each network port
  input  logic [NumNetPorts-1:0][NodeIdW-1:0] neighbor_id_i,
  /// configuration: write a routing-table entry
  input  logic                                table_we_i,
  input  logic [NodeIdW-1:0]                  table_dst_i,     ///< configuration: its destination
  input  logic [PortW-1:0]                    table_port_i,    ///< configuration: its output port
  input  logic [NumVcs-1:0]                   table_vcs_i,     ///< configuration: its allowed VCs
  input  logic [NumPorts-1:0]                 flit_valid_i,    ///< input link: flit present
  input  logic [NumPorts-1:0][VcIdxW-1:0]     flit_vc_i,       ///< input link: its VC
  /// input link: its type (wormsim_pkg::flit_type_e)
  input  logic [NumPorts-1:0][1:0]            flit_type_i,
  input  logic [NumPorts-1:0][FlitW-1:0]      flit_data_i,     ///< input link: its data
  output logic [NumPorts-1:0]                 credit_valid_o,  ///< input link: credit back upstream
  output logic [NumPorts-1:0][VcIdxW-1:0]     credit_vc_o,     ///< input link: its VC
  output logic [NumPorts-1:0]                 flit_valid_o,    ///< output link: flit present
  output logic [NumPorts-1:0][VcIdxW-1:0]     flit_vc_o,       ///< output link: its VC
  output logic [NumPorts-1:0][1:0]            flit_type_o,     ///< output link: its type
  output logic [NumPorts-1:0][FlitW-1:0]      flit_data_o,     ///< output link: its data
  /// output link: credit from downstream
  input  logic [NumPorts-1:0]                 credit_valid_i,
  input  logic [NumPorts-1:0][VcIdxW-1:0]     credit_vc_i      ///< output link: its VC
);
  initial begin
    if (NumNetPorts < 1 || NumLocal < 1 || NumVcs < 1) $fatal(1,
        "wormsim_router: every port and VC count must be at least 1");
    if (BufDepth < 2) $fatal(1, "wormsim_router: BufDepth must be at least 2");
    if (Consumption > 1) $fatal(1,
        "wormsim_router: Consumption must be 0 (shared) or 1 (per class)");
  end

  // ---- input units ----
  logic [NumIvc-1:0][1:0]        front_type;
  logic [NumIvc-1:0][FlitW-1:0]  front_data, second_data;
  logic [NumIvc-1:0]             empty, active, fork_, pop, has_second, drop_next, rc_drop;
  logic [NumIvc-1:0][PortW-1:0]  out_port, local_port;
  logic [NumIvc-1:0][VcIdxW-1:0] out_vc, local_vc;
  logic [NumIvc-1:0]             grant, grant_fork;
  logic [NumIvc-1:0][PortW-1:0]  grant_port, grant_local_port;
  logic [NumIvc-1:0][VcIdxW-1:0] grant_vc, grant_local_vc;

  for (genvar p = 0; p < NumPorts; p++) begin : gen_input
    localparam int unsigned Lo = p * NumVcs;
    localparam int unsigned Hi = p * NumVcs + NumVcs - 1;
    wormsim_input_unit #(.NumVcs(NumVcs), .BufDepth(BufDepth), .FlitW(FlitW),
        .PortW(PortW)) i_input (
      .clk_i,
      .rst_ni,
      .flit_valid_i      (flit_valid_i[p]),
      .flit_vc_i         (flit_vc_i[p]),
      .flit_type_i       (flit_type_i[p]),
      .flit_data_i       (flit_data_i[p]),
      .credit_valid_o    (credit_valid_o[p]),
      .credit_vc_o       (credit_vc_o[p]),
      .pop_i             (pop[Hi:Lo]),
      .grant_i           (grant[Hi:Lo]),
      .grant_port_i      (grant_port[Hi:Lo]),
      .grant_vc_i        (grant_vc[Hi:Lo]),
      .grant_fork_i      (grant_fork[Hi:Lo]),
      .grant_local_port_i(grant_local_port[Hi:Lo]),
      .grant_local_vc_i  (grant_local_vc[Hi:Lo]),
      .front_type_o      (front_type[Hi:Lo]),
      .front_data_o      (front_data[Hi:Lo]),
      .second_data_o     (second_data[Hi:Lo]),
      .has_second_o      (has_second[Hi:Lo]),
      .drop_i            (rc_drop[Hi:Lo]),
      .drop_o            (drop_next[Hi:Lo]),
      .empty_o           (empty[Hi:Lo]),
      .active_o          (active[Hi:Lo]),
      .out_port_o        (out_port[Hi:Lo]),
      .out_vc_o          (out_vc[Hi:Lo]),
      .fork_o            (fork_[Hi:Lo]),
      .local_port_o      (local_port[Hi:Lo]),
      .local_vc_o        (local_vc[Hi:Lo])
    );
  end

  // ---- route computation ----
  logic [NumIvc-1:0]              at_dest, forks, cls, rc_ready;
  logic [NumIvc-1:0][wormsim_pkg::DirW-1:0] next_dir;
  logic [NumIvc-1:0][1:0]         kind;
  logic [NumIvc-1:0][NodeIdW-1:0] next_dst;
  logic [NumIvc-1:0][PortW-1:0]   rc_port, fw_port;
  logic [NumIvc-1:0][NumVcs-1:0]  rc_vcs, fw_vcs;

  wormsim_route_compute #(.NumNetPorts(NumNetPorts), .NumIvc(NumIvc), .NumVcs(NumVcs),
                          .NumNodes(NumNodes), .NodeIdW(NodeIdW), .FlitW(FlitW), .PortW(PortW),
                          .RouteAlgo(wormsim_pkg::route_algo_e'(RouteAlgo)),
                          .DimX(DimX), .DimY(DimY), .DimZ(DimZ)) i_route (
    .clk_i,
    .rst_ni,
    .router_id_i,
    .coord_i,
    .hp_next_i,
    .hp_prev_i,
    .neighbor_id_i,
    .table_we_i,
    .table_dst_i,
    .table_port_i,
    .table_vcs_i,
    .front_data_i(front_data),
    .second_data_i(second_data),
    .has_second_i(has_second),
    .at_dest_o   (at_dest),
    .forks_o     (forks),
    .kind_o      (kind),
    .cls_o       (cls),
    .next_dst_o  (next_dst),
    .next_dir_o  (next_dir),
    .ready_o     (rc_ready),
    .drop_o      (rc_drop),
    .rc_port_o   (rc_port),
    .rc_vcs_o    (rc_vcs),
    .fw_port_o   (fw_port),
    .fw_vcs_o    (fw_vcs)
  );

  // ---- VC allocation ----
  logic [NumPorts-1:0]             st_valid, st_forward, st_tail;
  logic [NumPorts-1:0][PortW-1:0]  st_port;
  logic [NumPorts-1:0][VcIdxW-1:0] st_vc, in_vc;

  wormsim_vc_alloc #(.NumNetPorts(NumNetPorts), .NumLocal(NumLocal), .NumVcs(NumVcs),
                     .Consumption(Consumption)) i_vc_alloc (
    .clk_i,
    .rst_ni,
    .idle_head_i       (~active & ~empty & rc_ready),
    .at_dest_i         (at_dest),
    .forks_i           (forks),
    .kind_i            (kind),
    .cls_i             (cls),
    .rc_port_i         (rc_port),
    .rc_vcs_i          (rc_vcs),
    .fw_port_i         (fw_port),
    .fw_vcs_i          (fw_vcs),
    .st_valid_i        (st_valid),
    .st_vc_i           (st_vc),
    .st_tail_i         (st_tail),
    .grant_o           (grant),
    .grant_port_o      (grant_port),
    .grant_vc_o        (grant_vc),
    .grant_fork_o      (grant_fork),
    .grant_local_port_o(grant_local_port),
    .grant_local_vc_o  (grant_local_vc)
  );

  // ---- switch allocation, credits, traversal ----
  // A dropped address flit crosses to the ejection VC only: to the switch
  // allocator that VC is then a plain (non-forking) one bound there.
  logic [NumIvc-1:0] credit_available, sa_fork;
  logic [NumIvc-1:0][PortW-1:0]  sa_port;
  logic [NumIvc-1:0][VcIdxW-1:0] sa_vc;
  for (genvar i = 0; i < NumIvc; i++) begin : gen_sa_view
    assign sa_fork[i] = fork_[i] && !drop_next[i];
    assign sa_port[i] = drop_next[i] ? local_port[i] : out_port[i];
    assign sa_vc[i]   = drop_next[i] ? local_vc[i] : out_vc[i];
  end

  wormsim_switch_alloc #(.NumPorts(NumPorts), .NumVcs(NumVcs)) i_sw_alloc (
    .clk_i,
    .rst_ni,
    .active_i    (active),
    .empty_i     (empty),
    .out_port_i  (sa_port),
    .out_vc_i    (sa_vc),
    .fork_i      (sa_fork),
    .local_port_i(local_port),
    .local_vc_i  (local_vc),
    .credit_i    (credit_available),
    .st_valid_o  (st_valid),
    .st_forward_o(st_forward),
    .st_port_o   (st_port),
    .st_vc_o     (st_vc),
    .in_vc_o     (in_vc),
    .pop_o       (pop)
  );

  for (genvar o = 0; o < NumPorts; o++) begin : gen_tail
    assign st_tail[o] = front_type[32'(st_port[o]) * NumVcs + 32'(in_vc[st_port[o]])][1];
  end

  wormsim_credit_counter #(.NumPorts(NumPorts), .NumVcs(NumVcs), .BufDepth(BufDepth)) i_credits (
    .clk_i,
    .rst_ni,
    .credit_valid_i,
    .credit_vc_i,
    .st_valid_i (st_valid),
    .st_vc_i    (st_vc),
    .available_o(credit_available)
  );

  wormsim_crossbar #(.NumPorts(NumPorts), .NumVcs(NumVcs), .FlitW(FlitW),
      .NodeIdW(NodeIdW)) i_crossbar (
    .clk_i,
    .rst_ni,
    .st_valid_i  (st_valid),
    .st_forward_i(st_forward),
    .st_port_i   (st_port),
    .st_vc_i     (st_vc),
    .in_vc_i     (in_vc),
    .front_type_i(front_type),
    .front_data_i(front_data),
    .next_dst_i  (next_dst),
    .next_dir_i  (next_dir),
    .flit_valid_o,
    .flit_vc_o,
    .flit_type_o,
    .flit_data_o
  );

`ifndef SYNTHESIS
  // The outputs carry no X or Z bit: the valids always, a link's fields
  // while it is valid.
  for (genvar p = 0; p < NumPorts; p++) begin : gen_known
    `WORMSIM_ASSERT_KNOWN(a_flit_valid_known, flit_valid_o[p])
    `WORMSIM_ASSERT_KNOWN_IF(a_flit_known, flit_valid_o[p],
                             {flit_vc_o[p], flit_type_o[p], flit_data_o[p]})
    `WORMSIM_ASSERT_KNOWN(a_credit_valid_known, credit_valid_o[p])
    `WORMSIM_ASSERT_KNOWN_IF(a_credit_known, credit_valid_o[p], credit_vc_o[p])
  end
`endif
endmodule
