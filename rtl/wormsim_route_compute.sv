// wormsim_route_compute: for the front flit of every input VC, read as a
// head: is this router its destination, does a worm fork here, which
// destination comes next, and the output port and allowed VCs toward the
// destination (rc_*) and toward the next one (fw_*). Only values for a head
// at the front of an idle VC are used (by the VC allocator).
// Head flit header, LSB first (docs/microarchitecture.md §3):
//   dst [NodeIdW] | kind [2] | cls [1] | dir [DirW] | last [NodeIdW] | payload
// Next destination: range worms the Hamiltonian successor (class 0) or
// predecessor (class 1), line worms the node behind port dir, list worms the
// id in slot dir of the address flit right behind the head (Ipf ids of
// NodeIdW bits per address flit, slot 0 in the LSBs). A list fork waits
// (ready_o low) until that flit is in the buffer; when it consumes the last
// id that flit holds (slot Ipf-1, or the id is the worm's last destination)
// the forwarded copy leaves the flit behind (drop_o) and its head restarts
// at slot 0, else the head's slot advances (next_dir_o). The route unit is a
// routing-table memory (RouteTable), dimension order on a mesh or torus, or
// the 3PT routing 3pt-dor, the latter two from this router's coordinates.
module wormsim_route_compute #(
  parameter int unsigned NumNetPorts = 4,   ///< router-to-router ports
  parameter int unsigned NumIvc      = 10,  ///< input VCs
  parameter int unsigned NumVcs      = 2,   ///< VCs per port
  parameter int unsigned NumNodes    = 16,  ///< routing-table entries
  parameter int unsigned NodeIdW     = 16,  ///< bits of a node id
  parameter int unsigned FlitW       = 64,  ///< flit data bits
  parameter int unsigned PortW       = 3,   ///< bits of a port index
  parameter wormsim_pkg::route_algo_e RouteAlgo = wormsim_pkg::RouteTable,  ///< route unit
  parameter int unsigned DimX        = 4,   ///< mesh/torus size in X; 3PT: m
  parameter int unsigned DimY        = 4,   ///< mesh/torus size in Y; 3PT: n
  parameter int unsigned DimZ        = 4    ///< mesh/torus size in Z; 3PT: l
) (
  input  logic                                 clk_i,          ///< clock (table writes, assertions)
  input  logic                                 rst_ni,         ///< asynchronous reset, active low
  /// configuration: this router's node id
  input  logic [NodeIdW-1:0]                   router_id_i,
  /// configuration: its {p, z, y, x}, 16 bits each (p: 3PT vertex)
  input  logic [63:0]                          coord_i,
  /// configuration: Hamiltonian successor
  input  logic [NodeIdW-1:0]                   hp_next_i,
  /// configuration: Hamiltonian predecessor
  input  logic [NodeIdW-1:0]                   hp_prev_i,
  /// configuration: node behind each network port
  input  logic [NumNetPorts-1:0][NodeIdW-1:0]  neighbor_id_i,
  /// configuration: write a routing-table entry
  input  logic                                 table_we_i,
  input  logic [NodeIdW-1:0]                   table_dst_i,    ///< configuration: its destination
  input  logic [PortW-1:0]                     table_port_i,   ///< configuration: its output port
  input  logic [NumVcs-1:0]                    table_vcs_i,    ///< configuration: its allowed VCs
  input  logic [NumIvc-1:0][FlitW-1:0]         front_data_i,   ///< front flit per input VC
  input  logic [NumIvc-1:0][FlitW-1:0]         second_data_i,  ///< the flit behind it per input VC
  input  logic [NumIvc-1:0]                    has_second_i,   ///< that flit is there
  output logic [NumIvc-1:0]                    at_dest_o,      ///< its destination is this router
  /// a worm at one of its destinations with more to go
  output logic [NumIvc-1:0]                    forks_o,
  /// worm kind (wormsim_pkg::worm_kind_e)
  output logic [NumIvc-1:0][1:0]               kind_o,
  output logic [NumIvc-1:0]                    cls_o,          ///< worm class
  output logic [NumIvc-1:0][NodeIdW-1:0]       next_dst_o,     ///< fork: the next destination
  /// fork: the forwarded head's dir field
  output logic [NumIvc-1:0][wormsim_pkg::DirW-1:0] next_dir_o,
  /// the head may ask for VCs (a list fork: its address flit is here)
  output logic [NumIvc-1:0]                    ready_o,
  /// a list fork leaves its first address flit behind
  output logic [NumIvc-1:0]                    drop_o,
  output logic [NumIvc-1:0][PortW-1:0]         rc_port_o,      ///< port toward the destination
  output logic [NumIvc-1:0][NumVcs-1:0]        rc_vcs_o,       ///< VCs allowed there
  /// fork: port toward the next destination
  output logic [NumIvc-1:0][PortW-1:0]         fw_port_o,
  output logic [NumIvc-1:0][NumVcs-1:0]        fw_vcs_o        ///< fork: VCs allowed there
);
  localparam int unsigned DirW    = wormsim_pkg::DirW;
  localparam int unsigned KindLsb = NodeIdW;
  localparam int unsigned ClsLsb  = NodeIdW + 2;
  localparam int unsigned DirLsb  = NodeIdW + 3;
  localparam int unsigned LastLsb = NodeIdW + 3 + DirW;
  localparam int unsigned HeaderW = LastLsb + NodeIdW;
  /// Destination ids per address flit (at most 2^DirW: the slot is in dir).
  localparam int unsigned Ipf     = (FlitW / NodeIdW > (1 << DirW)) ? (1 << DirW) : FlitW / NodeIdW;

  initial begin
    if (HeaderW > FlitW) $fatal(1,
        "wormsim_route_compute: the head flit header (%0d bits) exceeds FlitW", HeaderW);
    if (NumNetPorts > (1 << DirW)) $fatal(1,
        "wormsim_route_compute: NumNetPorts does not fit the header's dir field");
  end

  logic [NumIvc-1:0][NodeIdW-1:0] dst, last;
  logic [NumIvc-1:0][DirW-1:0]    dir;

  for (genvar i = 0; i < NumIvc; i++) begin : gen_header
    logic [NodeIdW-1:0] line_next, list_next;
    // the flit behind the head, as one vector (Yosys-safe part selects)
    logic [FlitW-1:0]   addr_flit;
    logic               is_list;
    assign dst[i]    = front_data_i[i][NodeIdW-1:0];
    assign kind_o[i] = front_data_i[i][KindLsb+1:KindLsb];
    assign cls_o[i]  = front_data_i[i][ClsLsb];
    assign dir[i]    = front_data_i[i][DirLsb+DirW-1:DirLsb];
    assign last[i]   = front_data_i[i][LastLsb+NodeIdW-1:LastLsb];
    always_comb begin
      line_next = '0;
      for (int unsigned q = 0; q < NumNetPorts; q++)
        if (dir[i] == DirW'(q)) line_next = neighbor_id_i[q];
    end
    assign addr_flit = second_data_i[i];
    always_comb begin
      list_next = '0;
      for (int unsigned q = 0; q < Ipf; q++)
        if (dir[i] == DirW'(q)) list_next = addr_flit[q*NodeIdW +: NodeIdW];
    end
    assign is_list       = (kind_o[i] == wormsim_pkg::WkList);
    assign next_dst_o[i] = (kind_o[i] == wormsim_pkg::WkRange) ? (cls_o[i] ? hp_prev_i : hp_next_i)
                         : (kind_o[i] == wormsim_pkg::WkLine)  ? line_next
                         : is_list                              ? list_next : dst[i];
    assign at_dest_o[i]  = (dst[i] == router_id_i);
    assign forks_o[i]    = (kind_o[i] != wormsim_pkg::WkUnicast) && at_dest_o[i] &&
                           (dst[i] != last[i]);
    assign ready_o[i]    = !(is_list && forks_o[i] && !has_second_i[i]);
    assign drop_o[i]     = is_list && forks_o[i] && (dir[i] == DirW'(Ipf - 1) ||
                           list_next == last[i]);
    assign next_dir_o[i] = !is_list ? dir[i] : drop_o[i] ? '0 : dir[i] + 1'b1;
  end

  // Every input VC looks up two routes: toward its destination (rc_*) and
  // toward a fork's next destination (fw_*); lookup k < NumIvc is rc of VC k,
  // lookup NumIvc + k is fw of VC k.
  logic [2*NumIvc-1:0][NodeIdW-1:0] lookup_dst;
  logic [2*NumIvc-1:0][PortW-1:0]   lookup_port;
  logic [2*NumIvc-1:0][NumVcs-1:0]  lookup_vcs;
  assign lookup_dst             = {next_dst_o, dst};
  assign {fw_port_o, rc_port_o} = lookup_port;
  assign {fw_vcs_o, rc_vcs_o}   = lookup_vcs;

  if (RouteAlgo == wormsim_pkg::RouteTable) begin : gen_table
    logic unused_coord;
    assign unused_coord = ^coord_i;
    wormsim_route_table #(.NumNodes(NumNodes), .NodeIdW(NodeIdW), .PortW(PortW), .NumVcs(NumVcs),
                          .NumRead(2 * NumIvc)) i_table (
      .clk_i,
      .rst_ni,
      .we_i   (table_we_i),
      .waddr_i(table_dst_i),
      .wport_i(table_port_i),
      .wvcs_i (table_vcs_i),
      .raddr_i(lookup_dst),
      .rport_o(lookup_port),
      .rvcs_o (lookup_vcs)
    );
  end else if (RouteAlgo == wormsim_pkg::Route3pt) begin : gen_3pt
    logic unused_table;
    assign unused_table = ^{table_we_i, table_dst_i, table_port_i, table_vcs_i, clk_i, rst_ni,
                          coord_i[63:52]};
    for (genvar k = 0; k < 2 * NumIvc; k++) begin : gen_lookup
      wormsim_route_3pt #(.DimZ(DimZ), .DimX(DimX), .DimY(DimY), .NumVcs(NumVcs), .PortW(PortW),
                          .NodeIdW(NodeIdW)) i_3pt (
        .here_z_i(coord_i[47:32]),
        .here_x_i(coord_i[15:0]),
        .here_y_i(coord_i[31:16]),
        .here_p_i(coord_i[51:48]),
        .dst_i   (lookup_dst[k]),
        .port_o  (lookup_port[k]),
        .vcs_o   (lookup_vcs[k])
      );
    end
  end else begin : gen_dor
    logic unused_table;
    assign unused_table = ^{table_we_i, table_dst_i, table_port_i, table_vcs_i, clk_i, rst_ni,
                          coord_i[63:48]};
    for (genvar k = 0; k < 2 * NumIvc; k++) begin : gen_lookup
      wormsim_route_dor #(.DimX(DimX), .DimY(DimY), .DimZ(DimZ),
                          .Torus(RouteAlgo == wormsim_pkg::RouteDorTorus), .NumVcs(NumVcs),
                          .PortW(PortW), .NodeIdW(NodeIdW)) i_dor (
        .here_x_i(coord_i[15:0]),
        .here_y_i(coord_i[31:16]),
        .here_z_i(coord_i[47:32]),
        .dst_i   (lookup_dst[k]),
        .port_o  (lookup_port[k]),
        .vcs_o   (lookup_vcs[k])
      );
    end
  end

endmodule
