// The signals a testbench binds to a verilated wormsim_router (SystemC
// wrapper), one per port, typed as Verilator types them (bool, uint32_t,
// uint64_t or sc_bv<W>), and the binding itself.
#pragma once
#include <type_traits>

#include <systemc>

namespace wormsim::test {

/// The C++ type a verilated SystemC port carries.
template <class Port>
using port_value_t = typename std::decay_t<decltype(std::declval<Port&>().read())>;

/// Bits of an index into n things (at least 1), as the RTL's localparams.
inline int index_width(unsigned n) {
  int w = 1;
  while ((1u << w) < n) ++w;
  return w;
}

template <class Rtl>
struct RtlRouterSignals {
  template <class Port>
  using signal = sc_core::sc_signal<port_value_t<Port>>;

  signal<decltype(Rtl::router_id_i)> router_id{"router_id"};
  signal<decltype(Rtl::route_port_i)> route_port{"route_port"};
  signal<decltype(Rtl::route_vcs_i)> route_vcs{"route_vcs"};
  signal<decltype(Rtl::hp_next_i)> hp_next{"hp_next"};
  signal<decltype(Rtl::hp_prev_i)> hp_prev{"hp_prev"};
  signal<decltype(Rtl::neighbor_id_i)> neighbor_id{"neighbor_id"};
  signal<decltype(Rtl::flit_valid_i)> flit_valid_in{"flit_valid_in"};
  signal<decltype(Rtl::flit_i)> flit_in{"flit_in"};
  signal<decltype(Rtl::credit_valid_o)> credit_valid_out{"credit_valid_out"};
  signal<decltype(Rtl::credit_vc_o)> credit_vc_out{"credit_vc_out"};
  signal<decltype(Rtl::flit_valid_o)> flit_valid_out{"flit_valid_out"};
  signal<decltype(Rtl::flit_o)> flit_out{"flit_out"};
  signal<decltype(Rtl::credit_valid_i)> credit_valid_in{"credit_valid_in"};
  signal<decltype(Rtl::credit_vc_i)> credit_vc_in{"credit_vc_in"};

  void bind(Rtl& rtl, sc_core::sc_in<bool>& clk, sc_core::sc_signal<bool>& rst_n) {
    rtl.clk_i(clk);
    rtl.rst_ni(rst_n);
    rtl.router_id_i(router_id);
    rtl.route_port_i(route_port);
    rtl.route_vcs_i(route_vcs);
    rtl.hp_next_i(hp_next);
    rtl.hp_prev_i(hp_prev);
    rtl.neighbor_id_i(neighbor_id);
    rtl.flit_valid_i(flit_valid_in);
    rtl.flit_i(flit_in);
    rtl.credit_valid_o(credit_valid_out);
    rtl.credit_vc_o(credit_vc_out);
    rtl.flit_valid_o(flit_valid_out);
    rtl.flit_o(flit_out);
    rtl.credit_valid_i(credit_valid_in);
    rtl.credit_vc_i(credit_vc_in);
  }
};

}  // namespace wormsim::test
