// wormsim::systemc::RtlRouter<Rtl>: the verilated RTL router (the SystemC
// model Verilator makes of rtl/wormsim_router.sv, class Rtl) with the port
// bundle of a fabric router (link_ports.h), to stand in for a model router
// of a Fabric:
//
//   wormsim::systemc::Fabric fabric("fabric", scenario, {5});  // router 5 left out
//   wormsim::systemc::RtlRouter<Vwormsim_router> r5("rtl_r5", fabric, 5);
//   r5.clk(clk); r5.rst_n(rst_n);
//   fabric.bind(5, r5);
//
// The RTL is clocked by the same clock and reset as the fabric; it samples
// at the rising edge what its neighbours drove at the one before and its
// registered outputs are converted to the link payload within the same
// time step (delta cycles), so the fabric's timing is unchanged: a fabric
// with any set of routers in RTL delivers every packet in the same cycle as
// the all-model fabric (tested in tb/rtl/port_rtl_fabric_test.cpp).
//
// The RTL must be verilated for this fabric (NumNetPorts and NumLocal equal
// to the router's ports, NumVcs, BufDepth, NumNodes; FlitW and NodeIdW as
// the format passed here, 64 and 16 by default) and compute its own routes
// (RouteAlgo=1 with DimX/DimY/DimZ: dimension order on a 3D mesh). It gets
// its node id, coordinates, Hamiltonian neighbours (when the topology has a
// Hamiltonian path; dual-path worms need them) and the ids behind its ports
// here. Flits cross in the hardware format (rtl::FlitCodec keeps the model's
// metadata); flits it sends carry no worm-table index, Fabric::resolve_worm
// restores it for the model routers downstream. List worms' address flits
// carry the fabric's destination lists in the hardware format (NodeIdW 16).
#pragma once
#include <string>

#include <systemc>

#include <wormsim/systemc/fabric.h>
#include <wormsim/systemc/link_ports.h>
#include <wormsim/systemc/rtl_ports.h>

namespace wormsim::systemc {

template <class Rtl>
class RtlRouter : public LinkPorts {
 public:
  RtlRouter(const sc_core::sc_module_name& name, const Fabric& fabric, NodeId node, rtl::HwFlitFormat fmt = {})
      : LinkPorts(name, router_port_labels(fabric.topology(), fabric.router_config().local_ports)),
        fabric_(fabric), node_(node), vcs_(fabric.router_config().vcs),
        codec_(fmt, static_cast<unsigned>(in.size()), fabric.router_config().vcs, &fabric.worms()),
        rtl_("rtl") {
    sig_.bind(rtl_, clk, rst_n);
    sig_.configure(fabric.topology(), node, fmt);

    SC_HAS_PROCESS(RtlRouter);
    SC_METHOD(to_rtl);
    for (std::size_t p = 0; p < in.size(); ++p) sensitive << in[p] << out_credit[p];
    SC_METHOD(from_rtl);
    sensitive << sig_.flit_valid_out << sig_.flit_vc_out << sig_.flit_type_out << sig_.flit_data_out
              << sig_.credit_valid_out << sig_.credit_vc_out;
  }

  Rtl& rtl() { return rtl_; }

 private:
  /// The link payloads at the inputs -> the RTL's input vectors.
  void to_rtl() {
    using rtl::port_value_t;
    port_value_t<decltype(Rtl::flit_valid_i)> fv{};
    port_value_t<decltype(Rtl::flit_vc_i)> fvc{};
    port_value_t<decltype(Rtl::flit_type_i)> ft{};
    port_value_t<decltype(Rtl::flit_data_i)> fd{};
    port_value_t<decltype(Rtl::credit_valid_i)> cv{};
    port_value_t<decltype(Rtl::credit_vc_i)> cvc{};
    const int vc_w = rtl::index_width(vcs_);
    for (std::size_t p = 0; p < in.size(); ++p) {
      const int i = static_cast<int>(p);
      const FlitSlot& f = in[p].read();
      if (f.valid) {
        rtl::set_field(fv, i, 1, 1);
        rtl::set_field(fvc, i * vc_w, vc_w, f.flit.vc);
        codec_.encode(ft, fd, p, f.flit, node_);
      }
      const CreditSlot& c = out_credit[p].read();
      if (c.valid) {
        rtl::set_field(cv, i, 1, 1);
        rtl::set_field(cvc, i * vc_w, vc_w, c.vc);
      }
    }
    sig_.flit_valid_in.write(fv);
    sig_.flit_vc_in.write(fvc);
    sig_.flit_type_in.write(ft);
    sig_.flit_data_in.write(fd);
    sig_.credit_valid_in.write(cv);
    sig_.credit_vc_in.write(cvc);
  }

  /// The RTL's registered outputs -> the link payloads at the outputs.
  void from_rtl() {
    const auto fv = sig_.flit_valid_out.read();
    const auto fvc = sig_.flit_vc_out.read();
    const auto ft = sig_.flit_type_out.read();
    const auto& fd = sig_.flit_data_out.read();
    const auto cv = sig_.credit_valid_out.read();
    const auto cvc = sig_.credit_vc_out.read();
    const int vc_w = rtl::index_width(vcs_);
    for (std::size_t p = 0; p < out.size(); ++p) {
      const int i = static_cast<int>(p);
      FlitSlot f;
      if (rtl::get_field(fv, i, 1)) {
        f.valid = true;
        f.flit = codec_.decode(ft, fd, p, static_cast<VcId>(rtl::get_field(fvc, i * vc_w, vc_w)), node_);
        if (f.flit.mc.kind != 0) fabric_.resolve_worm(f.flit);
      }
      out[p].write(f);
      CreditSlot c;
      if (rtl::get_field(cv, i, 1)) {
        c.valid = true;
        c.vc = static_cast<VcId>(rtl::get_field(cvc, i * vc_w, vc_w));
      }
      in_credit[p].write(c);
    }
  }

  const Fabric& fabric_;
  NodeId node_;
  unsigned vcs_;
  rtl::FlitCodec codec_;
  rtl::RtlRouterSignals<Rtl> sig_;
  Rtl rtl_;
};

}  // namespace wormsim::systemc
