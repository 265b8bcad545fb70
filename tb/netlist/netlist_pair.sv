// netlist_pair: the RTL router and its Yosys netlist (module
// wormsim_router_netlist, synthesised with the same parameters) side by
// side on the same inputs, for tb/netlist/netlist_lockstep.cpp to compare
// their outputs every cycle.
module netlist_pair #(
  parameter int unsigned NumNetPorts = 4,
  parameter int unsigned NumLocal    = 1,
  parameter int unsigned NumVcs      = 2,
  parameter int unsigned BufDepth    = 8,
  parameter int unsigned FlitW       = 64,
  parameter int unsigned NodeIdW     = 16,
  parameter int unsigned NumNodes    = 16,
  parameter int unsigned RouteAlgo   = 0,
  parameter int unsigned DimX        = 4,
  parameter int unsigned DimY        = 4,
  parameter int unsigned DimZ        = 4,
  parameter int unsigned Consumption = 1,
  localparam int unsigned NumPorts = NumNetPorts + NumLocal,
  localparam int unsigned PortW    = (NumPorts > 1) ? $clog2(NumPorts) : 1,
  localparam int unsigned VcIdxW   = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,
  input  logic [NodeIdW-1:0]                  router_id_i,
  input  logic [63:0]                         coord_i,
  input  logic [NodeIdW-1:0]                  hp_next_i,
  input  logic [NodeIdW-1:0]                  hp_prev_i,
  input  logic [NumNetPorts-1:0][NodeIdW-1:0] neighbor_id_i,
  input  logic                                table_we_i,
  input  logic [NodeIdW-1:0]                  table_dst_i,
  input  logic [PortW-1:0]                    table_port_i,
  input  logic [NumVcs-1:0]                   table_vcs_i,
  input  logic [NumPorts-1:0]                 flit_valid_i,
  input  logic [NumPorts-1:0][VcIdxW-1:0]     flit_vc_i,
  input  logic [NumPorts-1:0][1:0]            flit_type_i,
  input  logic [NumPorts-1:0][FlitW-1:0]      flit_data_i,
  input  logic [NumPorts-1:0]                 credit_valid_i,
  input  logic [NumPorts-1:0][VcIdxW-1:0]     credit_vc_i,
  output logic [1:0][NumPorts-1:0]            credit_valid_o,  ///< [0] RTL, [1] netlist
  output logic [1:0][NumPorts-1:0][VcIdxW-1:0] credit_vc_o,
  output logic [1:0][NumPorts-1:0]            flit_valid_o,
  output logic [1:0][NumPorts-1:0][VcIdxW-1:0] flit_vc_o,
  output logic [1:0][NumPorts-1:0][1:0]       flit_type_o,
  output logic [1:0][NumPorts-1:0][FlitW-1:0] flit_data_o
);
  wormsim_router #(.NumNetPorts(NumNetPorts), .NumLocal(NumLocal), .NumVcs(NumVcs), .BufDepth(BufDepth),
                   .FlitW(FlitW), .NodeIdW(NodeIdW), .NumNodes(NumNodes), .RouteAlgo(RouteAlgo), .DimX(DimX),
                   .DimY(DimY), .DimZ(DimZ), .Consumption(Consumption)) i_rtl (
    .clk_i, .rst_ni, .router_id_i, .coord_i, .hp_next_i, .hp_prev_i, .neighbor_id_i, .table_we_i, .table_dst_i,
    .table_port_i, .table_vcs_i, .flit_valid_i, .flit_vc_i, .flit_type_i, .flit_data_i, .credit_valid_i,
    .credit_vc_i, .credit_valid_o(credit_valid_o[0]), .credit_vc_o(credit_vc_o[0]),
    .flit_valid_o(flit_valid_o[0]), .flit_vc_o(flit_vc_o[0]), .flit_type_o(flit_type_o[0]),
    .flit_data_o(flit_data_o[0]));
`ifdef RTL_ONLY
  // No netlist: a second copy of the RTL, so that the same bench records
  // the RTL's stimulus and outputs for a gate-level simulator to replay.
  wormsim_router #(.NumNetPorts(NumNetPorts), .NumLocal(NumLocal), .NumVcs(NumVcs), .BufDepth(BufDepth),
                   .FlitW(FlitW), .NodeIdW(NodeIdW), .NumNodes(NumNodes), .RouteAlgo(RouteAlgo), .DimX(DimX),
                   .DimY(DimY), .DimZ(DimZ), .Consumption(Consumption)) i_netlist (
`else
  wormsim_router_netlist i_netlist (
`endif
    .clk_i, .rst_ni, .router_id_i, .coord_i, .hp_next_i, .hp_prev_i, .neighbor_id_i, .table_we_i, .table_dst_i,
    .table_port_i, .table_vcs_i, .flit_valid_i, .flit_vc_i, .flit_type_i, .flit_data_i, .credit_valid_i,
    .credit_vc_i, .credit_valid_o(credit_valid_o[1]), .credit_vc_o(credit_vc_o[1]),
    .flit_valid_o(flit_valid_o[1]), .flit_vc_o(flit_vc_o[1]), .flit_type_o(flit_type_o[1]),
    .flit_data_o(flit_data_o[1]));
endmodule
