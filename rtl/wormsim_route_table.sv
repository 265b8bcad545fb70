// wormsim_route_table: the routing table of one router as a memory of
// NumNodes entries, each an output port and a mask of the VCs a packet may
// take there. Written through the configuration port, one entry per cycle
// (at reset-time configuration: the entries have no reset and are not
// written while traffic flows); read combinationally by NumRead ports.
// Storage: NumNodes x (PortW + NumVcs) bits, each entry clocked through its
// own clock gate, enabled only when the entry is written, so the table draws
// no clock while traffic flows.
`include "wormsim_assert.svh"
module wormsim_route_table #(
  parameter int unsigned NumNodes = 16,  ///< entries: destinations 0..NumNodes-1
  parameter int unsigned NodeIdW  = 16,  ///< bits of a node id
  parameter int unsigned PortW    = 3,   ///< bits of an output port
  parameter int unsigned NumVcs   = 2,   ///< bits of a VC mask
  parameter int unsigned NumRead  = 2    ///< read ports
) (
  input  logic                             clk_i,       ///< clock
  /// asynchronous reset, active low (assertions only)
  input  logic                             rst_ni,
  input  logic                             we_i,        ///< configuration: write one entry
  input  logic [NodeIdW-1:0]               waddr_i,     ///< configuration: destination written
  input  logic [PortW-1:0]                 wport_i,     ///< configuration: its output port
  input  logic [NumVcs-1:0]                wvcs_i,      ///< configuration: its allowed VCs
  input  logic [NumRead-1:0][NodeIdW-1:0]  raddr_i,     ///< destination per read port
  output logic [NumRead-1:0][PortW-1:0]    rport_o,     ///< its output port
  output logic [NumRead-1:0][NumVcs-1:0]   rvcs_o       ///< its allowed VCs
);
  localparam int unsigned EntryW = PortW + NumVcs;
  localparam int unsigned AddrW  = (NumNodes > 1) ? $clog2(NumNodes) : 1;

  initial if (NumNodes > (1 << NodeIdW)) $fatal(1,
      "wormsim_route_table: NumNodes exceeds the node id width");

  logic [NumNodes-1:0][EntryW-1:0] mem_q;  // the entries' registers (gen_entry)

  for (genvar k = 0; k < NumNodes; k++) begin : gen_entry
    logic              clk_entry;
    logic [EntryW-1:0] entry_q;
    wormsim_clock_gate i_cg (.clk_i, .en_i(we_i && waddr_i[AddrW-1:0] == AddrW'(k)),
        .clk_o(clk_entry));
    always_ff @(posedge clk_entry) entry_q <= {wport_i, wvcs_i};
    assign mem_q[k] = entry_q;
  end

  for (genvar r = 0; r < NumRead; r++) begin : gen_read
    logic [EntryW-1:0] entry;
    assign entry      = mem_q[raddr_i[r][AddrW-1:0]];
    assign rport_o[r] = entry[EntryW-1:NumVcs];
    assign rvcs_o[r]  = entry[NumVcs-1:0];
  end

`ifndef SYNTHESIS
  `WORMSIM_ASSERT(a_write_in_range, !we_i || (32'(waddr_i) < NumNodes),
                  ("%m: entry %0d written", waddr_i))
`endif
endmodule
