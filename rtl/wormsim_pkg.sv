// wormsim_pkg: the encoded fields shared by the router's stages
// (docs/microarchitecture.md, section 3). The flit itself is a plain vector
// of FlitW bits; where its header fields sit depends on the router's
// parameters, so each module derives those offsets as localparams.
// Kept to what Yosys reads: no structs, no $bits of package types.
package wormsim_pkg;

  /// Flit type on a link: bit 0 marks a head, bit 1 a tail.
  typedef enum logic [1:0] {
    FtBody     = 2'd0,
    FtHead     = 2'd1,
    FtTail     = 2'd2,
    FtHeadTail = 2'd3
  } flit_type_e;

  /// How a head names its destinations (docs/microarchitecture.md §11).
  typedef enum logic [1:0] {
    WkUnicast = 2'd0,  ///< one destination
    WkList    = 2'd1,  ///< explicit list (the model's list form)
    WkRange   = 2'd2,  ///< next = this router's Hamiltonian successor (class 0) or predecessor (1)
    WkLine    = 2'd3   ///< next = the neighbour behind port dir
  } worm_kind_e;

  /// How the route unit finds the output port.
  typedef enum logic [1:0] {
    RouteTable   = 2'd0,  ///< routing-table memory, written through the configuration port
    RouteDorMesh = 2'd1,  ///< dimension order on a DimX x DimY x DimZ mesh
    RouteDorTorus = 2'd2, ///< dimension order on a torus, dateline VC classes
    Route3pt     = 2'd3   ///< the model's 3pt-dor on 3PT(DimZ, DimX, DimY)
  } route_algo_e;

  localparam int unsigned DirW = 4;  ///< header field: a line worm's port

endpackage
