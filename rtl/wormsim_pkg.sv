// wormsim_pkg: the flit format and shared types of the wormsim router
// (docs/microarchitecture.md, section 3). Field widths match the SystemC model
// so the two can be compared bit for bit.
package wormsim_pkg;

  localparam int unsigned NodeW   = 32;  ///< node id width
  localparam int unsigned SeqW    = 16;  ///< flit index within its packet
  localparam int unsigned PacketW = 64;  ///< packet id width
  localparam int unsigned VcW     = 8;   ///< VC field width on the link
  localparam int unsigned DirW    = 4;   ///< port index of a line worm's direction
  localparam int unsigned ListN   = 4;   ///< list worms: destinations after dst carried in the flit

  /// Multi-destination worm header forms (docs/microarchitecture.md §11).
  /// The RTL computes the next destination of Range and Line worms itself
  /// and takes a List worm's from mc_list (so at most 1 + ListN destinations).
  localparam logic [1:0] McUnicast = 2'd0;
  localparam logic [1:0] McList    = 2'd1;  ///< next = mc_list[0]; the forwarded copy shifts the list
  localparam logic [1:0] McRange   = 2'd2;  ///< next = this router's Hamiltonian successor (class 0) or predecessor (1)
  localparam logic [1:0] McLine    = 2'd3;  ///< next = this router's neighbour through port mc_dir

  /// Flit on a link. ftype bit 0 = head, bit 1 = tail.
  typedef struct packed {
    logic [ListN-1:0][NodeW-1:0] mc_list;  ///< list worms: the destinations after dst, in order
    logic [1:0]         mc_kind;  ///< McUnicast or a worm's header form
    logic               mc_cls;   ///< worm class: 0 high, 1 low channel network
    logic [DirW-1:0]    mc_dir;   ///< line worms: the port they leave every router by
    logic [NodeW-1:0]   mc_last;  ///< worms: the last destination
    logic [PacketW-1:0] packet;
    logic [NodeW-1:0]   src;
    logic [NodeW-1:0]   dst;
    logic [SeqW-1:0]    seq;
    logic [VcW-1:0]     vc;
    logic [1:0]         ftype;
  } flit_t;

  localparam int unsigned FlitW = $bits(flit_t);

endpackage
