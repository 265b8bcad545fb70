// wormsim_route_dor: dimension-order (X, then Y, then Z) route computation for
// the 3D mesh, as the SystemC model's DimensionOrderRouting does it on a mesh.
// Node ids are x + DimX * (y + DimY * z). The network ports exist only for
// dimensions of size > 1, in the order x+, x-, y+, y-, z+, z- (so a 4x4x4
// mesh has ports 0..5 and a 4x4x1 mesh ports 0..3). Combinational; the
// caller handles destination == this router (local ejection) itself.
module wormsim_route_dor #(
  parameter int unsigned DimX     = 4,  ///< mesh size in X
  parameter int unsigned DimY     = 4,  ///< mesh size in Y
  parameter int unsigned DimZ     = 4,  ///< mesh size in Z
  parameter int unsigned NumPorts = 7,  ///< router ports (sets the width of port_o)
  parameter int unsigned IdW      = 32, ///< node id width
  localparam int unsigned PortW = (NumPorts > 1) ? $clog2(NumPorts) : 1
) (
  input  logic [IdW-1:0] here_i,  ///< this router's node id
  input  logic [IdW-1:0] dst_i,   ///< destination node id (not equal to here_i)
  output logic [PortW-1:0] port_o   ///< output port toward dst_i
);
  localparam int unsigned PortXp = 0;
  localparam int unsigned PortYp = (DimX > 1) ? 2 : 0;
  localparam int unsigned PortZp = PortYp + ((DimY > 1) ? 2 : 0);

  initial begin
    if (DimX < 1 || DimY < 1 || DimZ < 1) $fatal(1, "wormsim_route_dor: every dimension must be at least 1");
    if (NumPorts < PortZp + ((DimZ > 1) ? 2 : 0)) $fatal(1, "wormsim_route_dor: NumPorts too small for the mesh");
  end

  logic [IdW-1:0] here_x, here_y, here_z, dst_x, dst_y, dst_z;
  assign here_x = here_i % DimX;
  assign here_y = (here_i / DimX) % DimY;
  assign here_z = here_i / (DimX * DimY);
  assign dst_x  = dst_i % DimX;
  assign dst_y  = (dst_i / DimX) % DimY;
  assign dst_z  = dst_i / (DimX * DimY);

  always_comb begin
    if (dst_x != here_x)      port_o = PortW'(PortXp + ((dst_x > here_x) ? 0 : 1));
    else if (dst_y != here_y) port_o = PortW'(PortYp + ((dst_y > here_y) ? 0 : 1));
    else                      port_o = PortW'(PortZp + ((dst_z > here_z) ? 0 : 1));
  end
endmodule
