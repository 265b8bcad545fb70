// wormsim_pkg: the flit format and shared types of the wormsim router
// (docs/microarchitecture.md, section 3). Field widths match the SystemC model
// so the two can be compared bit for bit.
package wormsim_pkg;

  localparam int unsigned NodeW   = 32;  ///< node id width
  localparam int unsigned SeqW    = 16;  ///< flit index within its packet
  localparam int unsigned PacketW = 64;  ///< packet id width
  localparam int unsigned VcW     = 8;   ///< VC field width on the link

  /// Flit on a link. ftype bit 0 = head, bit 1 = tail.
  typedef struct packed {
    logic [PacketW-1:0] packet;
    logic [NodeW-1:0]   src;
    logic [NodeW-1:0]   dst;
    logic [SeqW-1:0]    seq;
    logic [VcW-1:0]     vc;
    logic [1:0]         ftype;
  } flit_t;

  localparam int unsigned FlitW = $bits(flit_t);

endpackage
