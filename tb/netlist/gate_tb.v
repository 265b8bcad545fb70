// gate_tb: replays a stimulus record (netlist_lockstep STIMULUS PHASES: the
// inputs of every cycle and the RTL's outputs after its rising edge) on the
// flat gate-level netlist of wormsim_router, simulated with a standard-cell
// library's own Verilog models (zero delay: iverilog ignores their specify
// blocks). Every output is compared with the RTL's every cycle (flit valid,
// and when valid its VC, type and data; credit valid, and when valid its
// VC); the first difference ends the run with "MISMATCH". The netlist's own
// nets are dumped to a VCD for scripts/energy to count toggles.
// Cycle k: inputs change at 10k, the clock rises at 10k+5 and falls at 10k+10.
// Defines: NP (network ports), NV (VCs), FW (flit bits), NW (node id bits),
// VCW and PW (VC and port index bits), STIM, VCD (paths, quoted).
`timescale 1ns/1ps
module gate_tb;
  localparam integer P = `NP + 1;
  localparam integer NV = `NV, FW = `FW, NW = `NW, VCW = `VCW, PW = `PW;

  reg clk = 1'b0;
  reg rst_n, twe;
  reg [NW-1:0] tdst;
  reg [PW-1:0] tport;
  reg [NV-1:0] tvcs;
  reg [P-1:0] fv, cv;
  reg [P*VCW-1:0] fvc, cvc;
  reg [2*P-1:0] ft;
  reg [P*FW-1:0] fd;
  reg [P-1:0] e_cv, e_fv;
  reg [P*VCW-1:0] e_cvc, e_fvc;
  reg [2*P-1:0] e_ft;
  reg [P*FW-1:0] e_fd;
  reg [NW-1:0] rid, hn, hp;
  reg [63:0] coord;
  reg [`NP*NW-1:0] nid;
  wire [P-1:0] o_cv, o_fv;
  wire [P*VCW-1:0] o_cvc, o_fvc;
  wire [2*P-1:0] o_ft;
  wire [P*FW-1:0] o_fd;

  wormsim_router dut (
    .clk_i(clk), .rst_ni(rst_n), .router_id_i(rid), .coord_i(coord), .hp_next_i(hn), .hp_prev_i(hp),
    .neighbor_id_i(nid), .table_we_i(twe), .table_dst_i(tdst), .table_port_i(tport), .table_vcs_i(tvcs),
    .flit_valid_i(fv), .flit_vc_i(fvc), .flit_type_i(ft), .flit_data_i(fd), .credit_valid_i(cv),
    .credit_vc_i(cvc), .credit_valid_o(o_cv), .credit_vc_o(o_cvc), .flit_valid_o(o_fv), .flit_vc_o(o_fvc),
    .flit_type_o(o_ft), .flit_data_o(o_fd));

  integer f, n, cyc, p;
  reg bad;
  task fail(input [8*16-1:0] what);
    begin
      $display("gate-level MISMATCH at cycle %0d, port %0d, %0s", cyc, p, what);
      bad = 1'b1;
    end
  endtask

  initial begin
    rst_n = 1'b0; twe = 1'b0; tdst = 0; tport = 0; tvcs = 0; fv = 0; cv = 0; fvc = 0; cvc = 0; ft = 0; fd = 0;
    f = $fopen(`STIM, "r");
    if (f == 0) begin
      $display("gate_tb: cannot read %0s", `STIM);
      $finish;
    end
    n = $fscanf(f, " %h %h %h %h %h", rid, coord, hn, hp, nid);
    if (n != 5) begin
      $display("gate_tb: %0s: expected a header line of 5 fields", `STIM);
      $finish;
    end
    $dumpfile(`VCD);
    $dumpvars(1, dut);
    cyc = 0;
    bad = 1'b0;
    while (!bad && $fscanf(f, " %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h", rst_n, twe, tdst, tport, tvcs,
                           fv, fvc, ft, fd, cv, cvc, e_cv, e_cvc, e_fv, e_fvc, e_ft, e_fd) == 17) begin
      #5 clk = 1'b1;
      #1;
      for (p = 0; p < P; p = p + 1) begin
        if (!bad && o_fv[p] !== e_fv[p]) fail("flit_valid");
        if (!bad && e_fv[p] && o_fvc[p*VCW +: VCW] !== e_fvc[p*VCW +: VCW]) fail("flit_vc");
        if (!bad && e_fv[p] && o_ft[p*2 +: 2] !== e_ft[p*2 +: 2]) fail("flit_type");
        if (!bad && e_fv[p] && o_fd[p*FW +: FW] !== e_fd[p*FW +: FW]) fail("flit_data");
        if (!bad && o_cv[p] !== e_cv[p]) fail("credit_valid");
        if (!bad && e_cv[p] && o_cvc[p*VCW +: VCW] !== e_cvc[p*VCW +: VCW]) fail("credit_vc");
      end
      #4 clk = 1'b0;
      cyc = cyc + 1;
    end
    if (!bad) $display("gate-level: %0d cycles equal to the RTL", cyc);
    $fclose(f);
    $finish;
  end
endmodule
