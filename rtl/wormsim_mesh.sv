// wormsim_mesh: a DimX x DimY x DimZ mesh of wormsim_router with dimension-
// order routing (RouteAlgo=1), the routers' network ports joined to their
// neighbours inside and only the local ports (one per router) at the top,
// for a network interface per node. Router n sits at x = n mod DimX,
// y = (n / DimX) mod DimY, z = n / (DimX DimY), its id and coordinates are
// constants here; its network ports follow the model's numbering: for each
// dimension of size > 1 in the order x, y, z, the + port then the - port.
// Ports at the mesh's faces see no flits and no credits. The Hamiltonian
// neighbours (range worms) stay configuration inputs.
// Local port vectors are indexed by node: [n] is router n's local port.
module wormsim_mesh #(
  parameter int unsigned DimX        = 4,   ///< routers in X
  parameter int unsigned DimY        = 4,   ///< routers in Y
  parameter int unsigned DimZ        = 4,   ///< routers in Z
  parameter int unsigned NumVcs      = 2,   ///< virtual channels per port
  parameter int unsigned BufDepth    = 4,   ///< flits per VC buffer (at least 2)
  parameter int unsigned FlitW       = 64,  ///< flit data bits
  parameter int unsigned NodeIdW     = 16,  ///< bits of a node id in the header
  parameter int unsigned Consumption = 1,   ///< worms' ejection VCs: 0 shared, 1 per class
  localparam int unsigned NumNodes = DimX * DimY * DimZ,
  localparam int unsigned NumNet   = 2 * ((DimX > 1 ? 1 : 0) + (DimY > 1 ? 1 : 0) +
                                          (DimZ > 1 ? 1 : 0)),
  localparam int unsigned VcIdxW   = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic                                clk_i,                 ///< clock
  /// asynchronous reset, active low
  input  logic                                rst_ni,
  /// configuration: Hamiltonian successor per router
  input  logic [NumNodes-1:0][NodeIdW-1:0]    hp_next_i,
  /// configuration: Hamiltonian predecessor per router
  input  logic [NumNodes-1:0][NodeIdW-1:0]    hp_prev_i,
  input  logic [NumNodes-1:0]                 local_flit_valid_i,    ///< injection: flit present
  input  logic [NumNodes-1:0][VcIdxW-1:0]     local_flit_vc_i,       ///< injection: its VC
  input  logic [NumNodes-1:0][1:0]            local_flit_type_i,     ///< injection: its type
  input  logic [NumNodes-1:0][FlitW-1:0]      local_flit_data_i,     ///< injection: its data
  /// injection: credit back to the interface
  output logic [NumNodes-1:0]                 local_credit_valid_o,
  output logic [NumNodes-1:0][VcIdxW-1:0]     local_credit_vc_o,     ///< injection: its VC
  output logic [NumNodes-1:0]                 local_flit_valid_o,    ///< ejection: flit present
  output logic [NumNodes-1:0][VcIdxW-1:0]     local_flit_vc_o,       ///< ejection: its VC
  output logic [NumNodes-1:0][1:0]            local_flit_type_o,     ///< ejection: its type
  output logic [NumNodes-1:0][FlitW-1:0]      local_flit_data_o,     ///< ejection: its data
  /// ejection: credit from the interface
  input  logic [NumNodes-1:0]                 local_credit_valid_i,
  input  logic [NumNodes-1:0][VcIdxW-1:0]     local_credit_vc_i      ///< ejection: its VC
);
  localparam int unsigned NumPorts = NumNet + 1;

  initial if (NumNodes > (1 << NodeIdW)) $fatal(1,
      "wormsim_mesh: NodeIdW too narrow for the node count");

  // every router's output links, read by its neighbours; flat vectors,
  // router n's port p at [(n*NumPorts + p)*W +: W] (Yosys reads slices of these)
  localparam int unsigned Links = NumNodes * NumPorts;
  logic [Links-1:0]        out_valid, cr_valid;
  logic [Links*VcIdxW-1:0] out_vc, cr_vc;
  logic [Links*2-1:0]      out_type;
  logic [Links*FlitW-1:0]  out_data;

  for (genvar n = 0; n < NumNodes; n++) begin : gen_node
    localparam int unsigned X = n % DimX;
    localparam int unsigned Y = (n / DimX) % DimY;
    localparam int unsigned Z = n / (DimX * DimY);

    // flat vectors (port p at [p*W +: W]): Yosys reads slices of these
    logic [NumPorts-1:0]          in_valid, in_cr_valid;
    logic [NumPorts*VcIdxW-1:0]   in_vc, in_cr_vc;
    logic [NumPorts*2-1:0]        in_type;
    logic [NumPorts*FlitW-1:0]    in_data;
    logic [NumNet*NodeIdW-1:0]    neighbor_id;

    // network ports: port P of dimension D (+ then -) sees the neighbour's opposite port
    for (genvar d = 0; d < 3; d++) begin : gen_dim
      localparam int unsigned Size   = (d == 0) ? DimX : (d == 1) ? DimY : DimZ;
      localparam int unsigned Pos    = (d == 0) ? X : (d == 1) ? Y : Z;
      localparam int unsigned Stride = (d == 0) ? 1 : (d == 1) ? DimX : DimX * DimY;
      if (Size > 1) begin : gen_used
        localparam int unsigned Base = 2 * ((d > 0 && DimX > 1 ? 1 : 0) +
                                            (d > 1 && DimY > 1 ? 1 : 0));
        for (genvar s = 0; s < 2; s++) begin : gen_side  // s = 0: + port, s = 1: - port
          localparam int unsigned P = Base + s;
          localparam int unsigned Opp = Base + 1 - s;
          localparam bit Exists = (s == 0) ? (Pos + 1 < Size) : (Pos > 0);
          localparam int unsigned Nb = Exists ? ((s == 0) ? n + Stride : n - Stride) : n;
          if (Exists) begin : gen_link
            assign in_valid[P] = out_valid[Nb*NumPorts + Opp];
            assign in_vc[P*VcIdxW +: VcIdxW] = out_vc[(Nb*NumPorts + Opp)*VcIdxW +: VcIdxW];
            assign in_type[P*2 +: 2] = out_type[(Nb*NumPorts + Opp)*2 +: 2];
            assign in_data[P*FlitW +: FlitW] = out_data[(Nb*NumPorts + Opp)*FlitW +: FlitW];
            assign in_cr_valid[P] = cr_valid[Nb*NumPorts + Opp];
            assign in_cr_vc[P*VcIdxW +: VcIdxW] = cr_vc[(Nb*NumPorts + Opp)*VcIdxW +: VcIdxW];
            assign neighbor_id[P*NodeIdW +: NodeIdW] = NodeIdW'(Nb);
          end else begin : gen_face
            assign in_valid[P] = 1'b0;
            assign in_vc[P*VcIdxW +: VcIdxW] = '0;
            assign in_type[P*2 +: 2] = '0;
            assign in_data[P*FlitW +: FlitW] = '0;
            assign in_cr_valid[P] = 1'b0;
            assign in_cr_vc[P*VcIdxW +: VcIdxW] = '0;
            assign neighbor_id[P*NodeIdW +: NodeIdW] = NodeIdW'(n);
            logic unused_face;  // this router's outputs at the face go nowhere
            assign unused_face = ^{out_valid[n*NumPorts + P],
                                   out_vc[(n*NumPorts + P)*VcIdxW +: VcIdxW],
                                   out_type[(n*NumPorts + P)*2 +: 2],
                                   out_data[(n*NumPorts + P)*FlitW +: FlitW],
                                   cr_valid[n*NumPorts + P],
                                   cr_vc[(n*NumPorts + P)*VcIdxW +: VcIdxW]};
          end
        end
      end
    end

    // the local port: the network interface's links
    assign in_valid[NumNet] = local_flit_valid_i[n];
    assign in_vc[NumNet*VcIdxW +: VcIdxW] = local_flit_vc_i[n];
    assign in_type[NumNet*2 +: 2] = local_flit_type_i[n];
    assign in_data[NumNet*FlitW +: FlitW] = local_flit_data_i[n];
    assign in_cr_valid[NumNet] = local_credit_valid_i[n];
    assign in_cr_vc[NumNet*VcIdxW +: VcIdxW] = local_credit_vc_i[n];
    assign local_flit_valid_o[n] = out_valid[n*NumPorts + NumNet];
    assign local_flit_vc_o[n] = out_vc[(n*NumPorts + NumNet)*VcIdxW +: VcIdxW];
    assign local_flit_type_o[n] = out_type[(n*NumPorts + NumNet)*2 +: 2];
    assign local_flit_data_o[n] = out_data[(n*NumPorts + NumNet)*FlitW +: FlitW];
    assign local_credit_valid_o[n] = cr_valid[n*NumPorts + NumNet];
    assign local_credit_vc_o[n] = cr_vc[(n*NumPorts + NumNet)*VcIdxW +: VcIdxW];

    wormsim_router #(
      .NumNetPorts(NumNet), .NumLocal(1), .NumVcs(NumVcs), .BufDepth(BufDepth), .FlitW(FlitW),
      .NodeIdW(NodeIdW), .NumNodes(NumNodes), .RouteAlgo(32'(wormsim_pkg::RouteDorMesh)),
      .DimX(DimX), .DimY(DimY), .DimZ(DimZ), .Consumption(Consumption)
    ) i_router (
      .clk_i,
      .rst_ni,
      .router_id_i   (NodeIdW'(n)),
      .coord_i       ({16'd0, 16'(Z), 16'(Y), 16'(X)}),
      .hp_next_i     (hp_next_i[n]),
      .hp_prev_i     (hp_prev_i[n]),
      .neighbor_id_i (neighbor_id),
      .table_we_i    (1'b0),
      .table_dst_i   ('0),
      .table_port_i  ('0),
      .table_vcs_i   ('0),
      .flit_valid_i  (in_valid),
      .flit_vc_i     (in_vc),
      .flit_type_i   (in_type),
      .flit_data_i   (in_data),
      .credit_valid_o(cr_valid[n*NumPorts +: NumPorts]),
      .credit_vc_o   (cr_vc[n*NumPorts*VcIdxW +: NumPorts*VcIdxW]),
      .flit_valid_o  (out_valid[n*NumPorts +: NumPorts]),
      .flit_vc_o     (out_vc[n*NumPorts*VcIdxW +: NumPorts*VcIdxW]),
      .flit_type_o   (out_type[n*NumPorts*2 +: NumPorts*2]),
      .flit_data_o   (out_data[n*NumPorts*FlitW +: NumPorts*FlitW]),
      .credit_valid_i(in_cr_valid),
      .credit_vc_i   (in_cr_vc)
    );
  end
endmodule
