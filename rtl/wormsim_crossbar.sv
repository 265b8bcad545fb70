// wormsim_crossbar: switch traversal and the link register. Each output
// port takes the front flit of the input VC the switch allocator chose
// (st_port_i, in_vc_i) onto the output VC it chose (st_vc_i); a fork's
// forwarded head gets the next destination written into its dst field and
// its dir field (a list worm's slot; unchanged for the other kinds).
// Every output is a register; the data register has no reset (flit_valid_o
// qualifies it).
module wormsim_crossbar #(
  parameter int unsigned NumPorts = 5,   ///< ports
  parameter int unsigned NumVcs   = 2,   ///< VCs per port
  parameter int unsigned FlitW    = 64,  ///< flit data bits
  parameter int unsigned NodeIdW  = 16,  ///< bits of the head's dst field (its LSBs)
  localparam int unsigned NumIvc = NumPorts * NumVcs,
  localparam int unsigned PortW  = (NumPorts > 1) ? $clog2(NumPorts) : 1,
  localparam int unsigned VcIdxW = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic                            clk_i,          ///< clock
  input  logic                            rst_ni,         ///< asynchronous reset, active low
  input  logic [NumPorts-1:0]             st_valid_i,     ///< a flit crosses to output o
  input  logic [NumPorts-1:0]             st_forward_i,   ///< a fork's forwarded copy
  input  logic [NumPorts-1:0][PortW-1:0]  st_port_i,      ///< from this input port
  input  logic [NumPorts-1:0][VcIdxW-1:0] st_vc_i,        ///< onto this output VC
  input  logic [NumPorts-1:0][VcIdxW-1:0] in_vc_i,        ///< input port p's chosen VC
  input  logic [NumIvc-1:0][1:0]          front_type_i,   ///< front flit type per input VC
  input  logic [NumIvc-1:0][FlitW-1:0]    front_data_i,   ///< front flit data per input VC
  input  logic [NumIvc-1:0][NodeIdW-1:0]  next_dst_i,     ///< fork: next destination per input VC
  /// fork: the forwarded head's dir field
  input  logic [NumIvc-1:0][wormsim_pkg::DirW-1:0] next_dir_i,
  output logic [NumPorts-1:0]             flit_valid_o,   ///< link: flit present
  output logic [NumPorts-1:0][VcIdxW-1:0] flit_vc_o,      ///< link: its VC
  output logic [NumPorts-1:0][1:0]        flit_type_o,    ///< link: its type
  output logic [NumPorts-1:0][FlitW-1:0]  flit_data_o     ///< link: its data
);
  localparam int unsigned DirLsb = NodeIdW + 3;  ///< dst | kind (2) | cls (1) | dir
  logic [NumPorts-1:0][1:0]       type_d;
  logic [NumPorts-1:0][FlitW-1:0] data_d;

  // Two levels: each input port's chosen VC (in_vc_i) first, then each
  // output's input port: NumVcs:1 per input and NumPorts:1 per output
  // instead of one (NumPorts x NumVcs):1 multiplexer per output.
  logic [NumPorts-1:0][1:0]       in_type;
  logic [NumPorts-1:0][FlitW-1:0] in_data, in_fwd;  // in_fwd: a forwarded head's rewrite
  for (genvar p = 0; p < NumPorts; p++) begin : gen_in
    logic [FlitW-1:0] data;
    assign in_type[p] = front_type_i[p * NumVcs + 32'(in_vc_i[p])];
    assign data       = front_data_i[p * NumVcs + 32'(in_vc_i[p])];
    assign in_data[p] = data;
    assign in_fwd[p]  = {data[FlitW-1:DirLsb+wormsim_pkg::DirW],
                         next_dir_i[p * NumVcs + 32'(in_vc_i[p])],
                         data[DirLsb-1:NodeIdW], next_dst_i[p * NumVcs + 32'(in_vc_i[p])]};
  end
  for (genvar o = 0; o < NumPorts; o++) begin : gen_out
    assign type_d[o] = in_type[st_port_i[o]];
    assign data_d[o] = (st_forward_i[o] && type_d[o][0]) ? in_fwd[st_port_i[o]] :
                       in_data[st_port_i[o]];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) flit_valid_o <= '0;
    else         flit_valid_o <= st_valid_i;
  end

  // The output registers load only with a flit (their own clock gate per
  // output): an idle link's VC, type and data hold still, as does its wire.
  for (genvar o = 0; o < NumPorts; o++) begin : gen_out_reg
    logic                      clk_out;
    logic [VcIdxW-1:0]         vc_q;
    logic [1:0]                type_q;
    logic [FlitW-1:0]          data_q;
    wormsim_clock_gate i_cg (.clk_i, .en_i(st_valid_i[o]), .clk_o(clk_out));
    always_ff @(posedge clk_out) begin
      vc_q   <= st_vc_i[o];
      type_q <= type_d[o];
      data_q <= data_d[o];
    end
    assign flit_vc_o[o]   = vc_q;
    assign flit_type_o[o] = type_q;
    assign flit_data_o[o] = data_q;
  end
endmodule
