// wormsim_crossbar: switch traversal and the link register. Each output
// port takes the front flit of the input VC the switch allocator chose
// (st_port_i, in_vc_i) onto the output VC it chose (st_vc_i); a fork's
// forwarded head gets the next destination written into its dst field.
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
  output logic [NumPorts-1:0]             flit_valid_o,   ///< link: flit present
  output logic [NumPorts-1:0][VcIdxW-1:0] flit_vc_o,      ///< link: its VC
  output logic [NumPorts-1:0][1:0]        flit_type_o,    ///< link: its type
  output logic [NumPorts-1:0][FlitW-1:0]  flit_data_o     ///< link: its data
);
  logic [NumPorts-1:0][1:0]       type_d;
  logic [NumPorts-1:0][FlitW-1:0] data_d;

  always_comb begin
    for (int unsigned o = 0; o < NumPorts; o++) begin
      type_d[o] = front_type_i[32'(st_port_i[o]) * NumVcs + 32'(in_vc_i[st_port_i[o]])];
      data_d[o] = front_data_i[32'(st_port_i[o]) * NumVcs + 32'(in_vc_i[st_port_i[o]])];
      if (st_forward_i[o] && type_d[o][0])
        data_d[o][NodeIdW-1:0] = next_dst_i[32'(st_port_i[o]) * NumVcs + 32'(in_vc_i[st_port_i[o]])];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) flit_valid_o <= '0;
    else         flit_valid_o <= st_valid_i;
  end

  always_ff @(posedge clk_i) begin
    flit_vc_o   <= st_vc_i;
    flit_type_o <= type_d;
    flit_data_o <= data_d;
  end
endmodule
