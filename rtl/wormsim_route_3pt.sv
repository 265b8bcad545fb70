// wormsim_route_3pt: the model's 3pt-dor routing on the 3D Petersen torus
// 3PT(DimZ, DimX, DimY) (l, m, n), from this router's coordinates and the
// head's destination: module dimension order (the z ring first, then the
// king's diagonal moves while x and y both differ, then the straight x or y
// moves, each the shorter way round, ties by the destination vertex's
// parity), Petersen hops inside a module toward the gateway vertex of the
// next external move, and the VC class of the hop: on the external port the
// lower half of the VCs while the ring's wrap link is still ahead and the
// upper half after (datelines); on a Petersen port the class of its level
// (z and diagonal 0/1, straight 2/3, the final hops 4/5), class c being the
// VCs v with v mod 6 = c. Node ids are p + 10 * (y + DimY * (x + DimX * z));
// port 0 is the external link, ports 1..3 the Petersen neighbours in
// ascending order. Needs at least 6 VCs. Combinational; the caller handles
// destination == this router itself.
module wormsim_route_3pt #(
  parameter int unsigned DimZ    = 3,   ///< l: modules along z
  parameter int unsigned DimX    = 3,   ///< m: modules along x
  parameter int unsigned DimY    = 3,   ///< n: modules along y
  parameter int unsigned NumVcs  = 6,   ///< VCs (at least 6)
  parameter int unsigned PortW   = 3,   ///< bits of a port index
  parameter int unsigned NodeIdW = 16,  ///< bits of a node id
  localparam int unsigned CW = 16       ///< coordinate bits
) (
  input  logic [CW-1:0]      here_z_i,  ///< this router's module z (configuration)
  input  logic [CW-1:0]      here_x_i,  ///< its module x (configuration)
  input  logic [CW-1:0]      here_y_i,  ///< its module y (configuration)
  input  logic [3:0]         here_p_i,  ///< its Petersen vertex 0..9 (configuration)
  input  logic [NodeIdW-1:0] dst_i,     ///< destination (not this router)
  output logic [PortW-1:0]   port_o,    ///< output port toward dst_i
  output logic [NumVcs-1:0]  vcs_o      ///< VCs allowed there
);
  localparam int unsigned Classes = 6;
  localparam logic [NumVcs-1:0] AllVcs = '1;
  localparam logic [NumVcs-1:0] Ext0   = AllVcs >> (NumVcs - NumVcs / 2);  // lower half
  localparam logic [NumVcs-1:0] Ext1   = AllVcs & ~Ext0;

  initial if (NumVcs < Classes) $fatal(1, "wormsim_route_3pt: 3pt-dor needs at least 6 VCs");

  // The Petersen graph: vertex p's three neighbours, ascending.
  function automatic logic [11:0] nb(input logic [3:0] p);
    case (p)
      4'd0: nb = {4'd5, 4'd4, 4'd1};
      4'd1: nb = {4'd8, 4'd2, 4'd0};
      4'd2: nb = {4'd6, 4'd3, 4'd1};
      4'd3: nb = {4'd9, 4'd4, 4'd2};
      4'd4: nb = {4'd7, 4'd3, 4'd0};
      4'd5: nb = {4'd9, 4'd6, 4'd0};
      4'd6: nb = {4'd7, 4'd5, 4'd2};
      4'd7: nb = {4'd8, 4'd6, 4'd4};
      4'd8: nb = {4'd9, 4'd7, 4'd1};
      default: nb = {4'd8, 4'd5, 4'd3};
    endcase
  endfunction

  function automatic logic adjacent(input logic [3:0] p, input logic [3:0] q);
    logic [11:0] n;
    n = nb(p);
    adjacent = (n[3:0] == q) || (n[7:4] == q) || (n[11:8] == q);
  endfunction

  // Next vertex from p toward g (p != g): g itself, or the unique common neighbour.
  function automatic logic [3:0] next_vertex(input logic [3:0] p, input logic [3:0] g);
    logic [11:0] n;
    n = nb(p);
    next_vertex = g;
    if (p != g && !adjacent(p, g)) begin
      if (adjacent(n[3:0], g)) next_vertex = n[3:0];
      if (adjacent(n[7:4], g)) next_vertex = n[7:4];
      if (adjacent(n[11:8], g)) next_vertex = n[11:8];
    end
  endfunction

  // Port from p to its neighbour q: 1 + q's place among p's neighbours.
  function automatic logic [1:0] port_to(input logic [3:0] p, input logic [3:0] q);
    logic [11:0] n;
    n = nb(p);
    port_to = (n[3:0] == q) ? 2'd1 : (n[7:4] == q) ? 2'd2 : (n[11:8] == q) ? 2'd3 : 2'd0;
  endfunction

  // One ring move from `from` to `to` on a ring of k: {moves, positive, wrap link ahead}.
  function automatic logic [2:0] ring(input logic [CW-1:0] from, input logic [CW-1:0] to,
                                      input logic [CW-1:0] k, input logic tie_positive);
    logic [CW-1:0] fwd, back;
    logic positive;
    fwd      = (to >= from) ? to - from : to + k - from;
    back     = k - fwd;
    positive = (fwd < back) || (fwd == back && tie_positive);
    ring     = {from != to, positive, positive ? (from > to) : (from < to)};
  endfunction

  logic [3:0]    dst_p;
  logic [CW-1:0] dst_x, dst_y, dst_z;
  logic [NodeIdW-1:0] module_id;
  assign dst_p     = 4'(dst_i % NodeIdW'(10));
  assign module_id = dst_i / NodeIdW'(10);
  assign dst_y     = CW'(module_id % NodeIdW'(DimY));
  assign dst_x     = CW'((module_id / NodeIdW'(DimY)) % NodeIdW'(DimX));
  assign dst_z     = CW'(module_id / NodeIdW'(DimY * DimX));

  logic       tie;
  logic [2:0] mz, mx, my;
  assign tie = !dst_p[0];
  assign mz  = ring(here_z_i, dst_z, CW'(DimZ), tie);
  assign mx  = ring(here_x_i, dst_x, CW'(DimX), tie);
  assign my  = ring(here_y_i, dst_y, CW'(DimY), tie);

  logic [3:0] gateway;
  logic [2:0] level;  // 0/1 z, 2/3 diagonal, 4/5 straight (dateline class), 6/7 final hops
  logic       ext1;
  logic [2:0] cls;

  always_comb begin
    gateway = dst_p;
    level   = (next_vertex(here_p_i, dst_p) == dst_p) ? 3'd7 : 3'd6;
    ext1    = 1'b0;
    if (mz[2]) begin
      gateway = mz[1] ? 4'd0 : 4'd5;
      ext1    = !mz[0];
      level   = ext1 ? 3'd1 : 3'd0;
    end else if (mx[2] && my[2]) begin
      gateway = mx[1] ? (my[1] ? 4'd2 : 4'd8) : (my[1] ? 4'd7 : 4'd3);
      ext1    = !mx[0];
      level   = ext1 ? 3'd3 : 3'd2;
    end else if (mx[2]) begin
      gateway = mx[1] ? 4'd1 : 4'd4;
      ext1    = !mx[0];
      level   = ext1 ? 3'd5 : 3'd4;
    end else if (my[2]) begin
      gateway = my[1] ? 4'd6 : 4'd9;
      ext1    = !my[0];
      level   = ext1 ? 3'd5 : 3'd4;
    end
    // level -> class: z and diagonal share 0/1, straight 2/3, final 4/5
    cls = (level < 3'd4) ? {2'b00, level[0]} :
          (level < 3'd6) ? {2'b01, level[0]} : {2'b10, level[0]};
    if (here_p_i == gateway && level < 3'd6) begin
      port_o = '0;
      vcs_o  = ext1 ? Ext1 : Ext0;
    end else begin
      port_o = PortW'(port_to(here_p_i, next_vertex(here_p_i, gateway)));
      for (int unsigned v = 0; v < NumVcs; v++) vcs_o[v] = ((v % Classes) == 32'(cls));
    end
  end
endmodule
