// wormsim_link_pipe: the register stages that make a router-to-router link
// Latency cycles long. The sending router's output registers are the link's
// first stage; this module adds the other Latency - 1 in each direction:
// flits (valid, VC, type, data) forward from the upstream router's outputs
// to the downstream router's inputs, credits (valid, VC) back from the
// downstream router to the upstream one. One flit and one credit per cycle
// at every stage, as the model's Link of latency Latency (core/link.h).
// Only the valid bits are reset; a stage's payload registers load only when
// the flit entering it is valid (the valid bit says whether they mean
// anything), so an idle link draws no payload clock.
module wormsim_link_pipe #(
  parameter int unsigned Latency = 2,   ///< link cycles, at least 2
  parameter int unsigned NumVcs  = 2,   ///< virtual channels
  parameter int unsigned FlitW   = 64,  ///< flit data bits
  localparam int unsigned Stages = Latency - 1,
  localparam int unsigned VcIdxW = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic              clk_i,           ///< clock
  input  logic              rst_ni,          ///< asynchronous reset, active low
  input  logic              flit_valid_i,    ///< from the upstream router's output
  input  logic [VcIdxW-1:0] flit_vc_i,
  input  logic [1:0]        flit_type_i,
  input  logic [FlitW-1:0]  flit_data_i,
  output logic              flit_valid_o,    ///< to the downstream router's input
  output logic [VcIdxW-1:0] flit_vc_o,
  output logic [1:0]        flit_type_o,
  output logic [FlitW-1:0]  flit_data_o,
  input  logic              credit_valid_i,  ///< from the downstream router
  input  logic [VcIdxW-1:0] credit_vc_i,
  output logic              credit_valid_o,  ///< to the upstream router
  output logic [VcIdxW-1:0] credit_vc_o
);
  // stage s (0 .. Stages-1) registers what stage s-1 (or the input) held
  logic [Stages-1:0]             fv_q, cv_q;
  logic [Stages-1:0][VcIdxW-1:0] fvc_q, cvc_q;
  logic [Stages-1:0][1:0]        ftype_q;
  logic [Stages-1:0][FlitW-1:0]  fdata_q;

  for (genvar s = 0; s < Stages; s++) begin : gen_stage
    logic              fv_d, cv_d;
    logic [VcIdxW-1:0] fvc_d, cvc_d;
    logic [1:0]        ftype_d;
    logic [FlitW-1:0]  fdata_d;
    if (s == 0) begin : gen_first
      assign {fv_d, fvc_d, ftype_d, fdata_d} = {flit_valid_i, flit_vc_i, flit_type_i, flit_data_i};
      assign {cv_d, cvc_d} = {credit_valid_i, credit_vc_i};
    end else begin : gen_next
      assign {fv_d, fvc_d, ftype_d, fdata_d} = {fv_q[s-1], fvc_q[s-1], ftype_q[s-1], fdata_q[s-1]};
      assign {cv_d, cvc_d} = {cv_q[s-1], cvc_q[s-1]};
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        fv_q[s] <= 1'b0;
        cv_q[s] <= 1'b0;
      end else begin
        fv_q[s] <= fv_d;
        cv_q[s] <= cv_d;
      end
    end
    always_ff @(posedge clk_i) begin
      if (fv_d) begin
        fvc_q[s]   <= fvc_d;
        ftype_q[s] <= ftype_d;
        fdata_q[s] <= fdata_d;
      end
      if (cv_d) cvc_q[s] <= cvc_d;
    end
  end

  assign flit_valid_o   = fv_q[Stages-1];
  assign flit_vc_o      = fvc_q[Stages-1];
  assign flit_type_o    = ftype_q[Stages-1];
  assign flit_data_o    = fdata_q[Stages-1];
  assign credit_valid_o = cv_q[Stages-1];
  assign credit_vc_o    = cvc_q[Stages-1];
endmodule
