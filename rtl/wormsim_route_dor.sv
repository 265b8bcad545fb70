// wormsim_route_dor: dimension-order (X, then Y, then Z) route computation
// on a DimX x DimY x DimZ mesh or torus, as the model's dimension-order
// routing does it. Node ids are x + DimX * (y + DimY * z); the network ports
// exist only for dimensions of size > 1, in the order x+, x-, y+, y-, z+, z-.
// This router's coordinates come in as configuration (here_*_i), so only the
// destination is decomposed, by constants. On a torus the packet goes the
// shorter way round (ties: +) and takes the lower half of the VCs while the
// wrap link is still ahead of it in this dimension, the upper half after
// (datelines by position). Combinational; the caller handles
// destination == this router (ejection) itself.
module wormsim_route_dor #(
  parameter int unsigned DimX     = 4,  ///< size in X
  parameter int unsigned DimY     = 4,  ///< size in Y
  parameter int unsigned DimZ     = 4,  ///< size in Z
  parameter bit          Torus    = 0,  ///< wrap links and dateline VC classes
  parameter int unsigned NumVcs   = 2,  ///< VCs (a torus needs at least 2)
  parameter int unsigned PortW    = 3,  ///< bits of a port index
  parameter int unsigned NodeIdW  = 16, ///< bits of a node id
  localparam int unsigned CW = 16       ///< coordinate bits
) (
  input  logic [CW-1:0]      here_x_i,  ///< this router's X (configuration)
  input  logic [CW-1:0]      here_y_i,  ///< this router's Y (configuration)
  input  logic [CW-1:0]      here_z_i,  ///< this router's Z (configuration)
  input  logic [NodeIdW-1:0] dst_i,     ///< destination (not this router)
  output logic [PortW-1:0]   port_o,    ///< output port toward dst_i
  output logic [NumVcs-1:0]  vcs_o      ///< VCs allowed there
);
  localparam int unsigned PortXp = 0;
  localparam int unsigned PortYp = (DimX > 1) ? 2 : 0;
  localparam int unsigned PortZp = PortYp + ((DimY > 1) ? 2 : 0);
  localparam logic [NumVcs-1:0] AllVcs = '1;
  localparam logic [NumVcs-1:0] Class0 = AllVcs >> (NumVcs - NumVcs / 2);  // lower half
  localparam logic [NumVcs-1:0] Class1 = AllVcs & ~Class0;

  initial begin
    if (DimX < 1 || DimY < 1 || DimZ < 1) $fatal(1,
        "wormsim_route_dor: every dimension must be at least 1");
    if (Torus && NumVcs < 2) $fatal(1, "wormsim_route_dor: a torus needs at least 2 VCs");
  end

  logic [CW-1:0] dst_x, dst_y, dst_z;
  assign dst_x = CW'(dst_i % NodeIdW'(DimX));
  assign dst_y = CW'((dst_i / NodeIdW'(DimX)) % NodeIdW'(DimY));
  assign dst_z = CW'(dst_i / NodeIdW'(DimX * DimY));

  // One dimension: direction (1 = +) and whether the wrap link lies ahead.
  function automatic logic [1:0] step(input logic [CW-1:0] cur, input logic [CW-1:0] dst,
                                      input logic [CW-1:0] k);
    logic [CW-1:0] ahead;
    logic positive;
    ahead    = (dst >= cur) ? dst - cur : dst + k - cur;
    positive = Torus ? (ahead <= k - ahead) : (dst > cur);
    step     = {positive, Torus && (positive ? (cur > dst) : (cur < dst))};
  endfunction

  logic [1:0] sx, sy, sz, s;
  logic [PortW-1:0] base;
  assign sx = step(here_x_i, dst_x, CW'(DimX));
  assign sy = step(here_y_i, dst_y, CW'(DimY));
  assign sz = step(here_z_i, dst_z, CW'(DimZ));

  always_comb begin
    if (dst_x != here_x_i) begin
      s = sx; base = PortW'(PortXp);
    end else if (dst_y != here_y_i) begin
      s = sy; base = PortW'(PortYp);
    end else begin
      s = sz; base = PortW'(PortZp);
    end
    port_o = s[1] ? base : base + 1'b1;
    vcs_o  = !Torus ? AllVcs : (s[0] ? Class0 : Class1);
  end
endmodule
