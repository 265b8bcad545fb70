// wormsim_input_unit: one input port. A flit arriving on VC v is pushed into
// VC v's FIFO (type and data; the VC is the FIFO). Per input VC it holds the
// allocation state: whether the VC owns an output VC (active) and which
// (output port and VC), and for a worm that forks here also the ejection
// port and VC every flit is delivered to as well. The VC allocator sets that
// state (grant_i); the VC releases it when its tail leaves (pop_i on a tail).
// Every pop returns one credit upstream in the next cycle (registered).
// A list worm's fork that consumed the last id of its first address flit
// (drop_i when its head pops) sends that address flit, the next flit, to the
// ejection VC only (drop_o until it pops).
`include "wormsim_assert.svh"
module wormsim_input_unit #(
  parameter int unsigned NumVcs   = 2,  ///< virtual channels
  parameter int unsigned BufDepth = 8,  ///< flits per VC buffer
  parameter int unsigned FlitW    = 64, ///< flit data bits
  parameter int unsigned PortW    = 3,  ///< bits of an output port index
  localparam int unsigned VcIdxW = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic                              clk_i,               ///< clock
  input  logic                              rst_ni,              ///< asynchronous reset, active low
  input  logic                              flit_valid_i,        ///< link: flit present
  input  logic [VcIdxW-1:0]                 flit_vc_i,           ///< link: its VC
  /// link: its type (wormsim_pkg::flit_type_e)
  input  logic [1:0]                        flit_type_i,
  input  logic [FlitW-1:0]                  flit_data_i,         ///< link: its data
  output logic                              credit_valid_o,      ///< link: credit back upstream
  output logic [VcIdxW-1:0]                 credit_vc_o,         ///< link: its VC
  /// switch: front flit of VC leaves
  input  logic [NumVcs-1:0]                 pop_i,
  /// VC allocator: VC gets an output VC
  input  logic [NumVcs-1:0]                 grant_i,
  input  logic [NumVcs-1:0][PortW-1:0]      grant_port_i,        ///< its output port
  input  logic [NumVcs-1:0][VcIdxW-1:0]     grant_vc_i,          ///< its output VC
  /// the worm forks: also an ejection VC
  input  logic [NumVcs-1:0]                 grant_fork_i,
  input  logic [NumVcs-1:0][PortW-1:0]      grant_local_port_i,  ///< fork: ejection port
  input  logic [NumVcs-1:0][VcIdxW-1:0]     grant_local_vc_i,    ///< fork: ejection VC
  output logic [NumVcs-1:0][1:0]            front_type_o,        ///< front flit type per VC
  output logic [NumVcs-1:0][FlitW-1:0]      front_data_o,        ///< front flit data per VC
  /// data of the flit behind it per VC
  output logic [NumVcs-1:0][FlitW-1:0]      second_data_o,
  output logic [NumVcs-1:0]                 has_second_o,        ///< VC holds at least two flits
  /// route: a list fork at the front leaves its address flit
  input  logic [NumVcs-1:0]                 drop_i,
  /// the next flit goes to the ejection VC only
  output logic [NumVcs-1:0]                 drop_o,
  output logic [NumVcs-1:0]                 empty_o,             ///< VC buffer empty
  output logic [NumVcs-1:0]                 active_o,            ///< VC owns an output VC
  output logic [NumVcs-1:0][PortW-1:0]      out_port_o,          ///< its output port (when active)
  output logic [NumVcs-1:0][VcIdxW-1:0]     out_vc_o,            ///< its output VC (when active)
  output logic [NumVcs-1:0]                 fork_o,              ///< it forks (when active)
  output logic [NumVcs-1:0][PortW-1:0]      local_port_o,        ///< fork: ejection port
  output logic [NumVcs-1:0][VcIdxW-1:0]     local_vc_o           ///< fork: ejection VC
);
  logic [NumVcs-1:0]             active_q, active_d, fork_q, fork_d, drop_q, drop_d;
  logic [NumVcs-1:0][PortW-1:0]  out_port_q, out_port_d, local_port_q, local_port_d;
  logic [NumVcs-1:0][VcIdxW-1:0] out_vc_q, out_vc_d, local_vc_q, local_vc_d;
  logic                          credit_valid_d;
  logic [VcIdxW-1:0]             credit_vc_d;
  logic [NumVcs-1:0]             push;

  for (genvar v = 0; v < NumVcs; v++) begin : gen_vc
    logic [FlitW+1:0] front, second;
    logic             unused_second_type;  // route compute reads the data only
    assign push[v] = flit_valid_i && (flit_vc_i == VcIdxW'(v));
    wormsim_fifo #(.Depth(BufDepth), .Width(FlitW + 2)) i_fifo (
      .clk_i,
      .rst_ni,
      .push_i (push[v]),
      .data_i ({flit_type_i, flit_data_i}),
      .pop_i  (pop_i[v]),
      .front_o(front),
      .second_o(second),
      .has_second_o(has_second_o[v]),
      .empty_o(empty_o[v])
    );
    assign front_type_o[v]  = front[FlitW+1:FlitW];
    assign front_data_o[v]  = front[FlitW-1:0];
    assign second_data_o[v] = second[FlitW-1:0];
    assign unused_second_type = ^second[FlitW+1:FlitW];
  end

  always_comb begin
    active_d       = active_q;
    fork_d         = fork_q;
    drop_d         = drop_q;
    out_port_d     = out_port_q;
    out_vc_d       = out_vc_q;
    local_port_d   = local_port_q;
    local_vc_d     = local_vc_q;
    credit_valid_d = 1'b0;
    credit_vc_d    = credit_vc_o;
    for (int unsigned v = 0; v < NumVcs; v++) begin
      if (grant_i[v]) begin
        active_d[v]     = 1'b1;
        fork_d[v]       = grant_fork_i[v];
        out_port_d[v]   = grant_port_i[v];
        out_vc_d[v]     = grant_vc_i[v];
        local_port_d[v] = grant_local_port_i[v];
        local_vc_d[v]   = grant_local_vc_i[v];
      end
      if (pop_i[v]) begin
        credit_valid_d = 1'b1;
        credit_vc_d    = VcIdxW'(v);
        drop_d[v]      = front_type_o[v][0] && fork_q[v] && drop_i[v];
        if (front_type_o[v][1]) begin  // the tail leaves: release
          active_d[v] = 1'b0;
          fork_d[v]   = 1'b0;
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      active_q       <= '0;
      fork_q         <= '0;
      drop_q         <= '0;
      credit_valid_o <= 1'b0;
    end else begin
      active_q       <= active_d;
      fork_q         <= fork_d;
      drop_q         <= drop_d;
      credit_valid_o <= credit_valid_d;
    end
  end

  // qualified by active_q / credit_valid_o: no reset
  always_ff @(posedge clk_i) begin
    out_port_q   <= out_port_d;
    out_vc_q     <= out_vc_d;
    local_port_q <= local_port_d;
    local_vc_q   <= local_vc_d;
    credit_vc_o  <= credit_vc_d;
  end

  assign active_o     = active_q;
  assign fork_o       = fork_q;
  assign drop_o       = drop_q;
  assign out_port_o   = out_port_q;
  assign out_vc_o     = out_vc_q;
  assign local_port_o = local_port_q;
  assign local_vc_o   = local_vc_q;

`ifndef SYNTHESIS
  // Flit types per VC: head, body..., tail; nothing but a head between
  // packets and no head inside one.
  logic [NumVcs-1:0] in_packet_q;
  always_ff @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) in_packet_q <= '0;
    else for (int unsigned v = 0; v < NumVcs; v++) if (push[v]) in_packet_q[v] <= !flit_type_i[1];
  for (genvar v = 0; v < NumVcs; v++) begin : gen_checks
    `WORMSIM_ASSERT(a_type_sequence, !push[v] || (flit_type_i[0] != in_packet_q[v]),
                    ("%m: flit type %0d out of sequence on VC %0d", flit_type_i, v))
    `WORMSIM_ASSERT(a_head_at_idle_front, active_q[v] || empty_o[v] || front_type_o[v][0],
                    ("%m: body flit at the front of idle VC %0d", v))
    `WORMSIM_ASSERT(a_pop_needs_owner, !pop_i[v] || active_q[v],
                    ("%m: VC %0d pops without an output VC", v))
    `WORMSIM_ASSERT(a_drop_not_tail, !(pop_i[v] && drop_q[v] && front_type_o[v][1]),
                    ("%m: VC %0d leaves a tail behind at the ejection", v))
    `WORMSIM_ASSERT(a_grant_needs_idle, !grant_i[v] || !active_q[v],
                    ("%m: VC %0d granted twice", v))
  end
  `WORMSIM_ASSERT(a_vc_exists, !flit_valid_i || (32'(flit_vc_i) < NumVcs),
                  ("%m: flit on VC %0d", flit_vc_i))
  `WORMSIM_ASSERT_ONEHOT0(a_one_pop, pop_i)
`endif
endmodule
