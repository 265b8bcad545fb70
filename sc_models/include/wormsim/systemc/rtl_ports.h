// The verilated wormsim_router (rtl/wormsim_router.sv) seen from SystemC:
// the bit layout of its flit (wormsim_pkg::flit_t, LSB first), field access
// on the values of its ports as Verilator types them (bool, uint32_t,
// uint64_t, or sc_bv<W> of 32-bit words for wider ports), the flit
// conversions both ways, and the bundle of signals that binds its ports.
// Header-only and templated on the verilated class, so the library needs no
// Verilator; see rtl_router.h for the module that puts it in a Fabric.
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <systemc>

#include <wormsim/core/flit.h>
#include <wormsim/multicast/hamiltonian.h>
#include <wormsim/multicast/worm.h>
#include <wormsim/topology/topology.h>

namespace wormsim::systemc::rtl {

/// Field layout of wormsim_pkg::flit_t (LSB first).
struct FlitLayout {
  static constexpr int kWidth = 321;
  static constexpr int kType = 0, kVc = 2, kSeq = 10, kDst = 26, kSrc = 58, kPacket = 90;
  static constexpr int kMcLast = 154, kMcDir = 186, kMcCls = 190, kMcKind = 191;  ///< worm header
  static constexpr int kMcList = 193, kListN = 4;  ///< list worms: the next kListN destinations, 32 bits each
};

template <class T>
std::uint64_t get_field(const T& v, int lsb, int width) {
  static_assert(std::is_integral_v<T>);
  const std::uint64_t x = static_cast<std::uint64_t>(v) >> lsb;
  return width >= 64 ? x : x & ((1ull << width) - 1);
}

template <int W>
std::uint64_t get_field(const sc_dt::sc_bv<W>& v, int lsb, int width) {
  std::uint64_t out = 0;
  int done = 0;
  while (done < width) {
    const int bit = lsb + done;
    const int shift = bit % 32;
    const int take = std::min(32 - shift, width - done);
    const std::uint64_t word = static_cast<std::uint32_t>(v.get_word(bit / 32)) >> shift;
    out |= (word & ((1ull << take) - 1)) << done;
    done += take;
  }
  return out;
}

template <class T>
void set_field(T& v, int lsb, int width, std::uint64_t value) {
  static_assert(std::is_integral_v<T>);
  if constexpr (std::is_same_v<T, bool>) {
    v = (value & 1u) != 0;
  } else {
    const std::uint64_t mask = (width >= 64 ? ~0ull : (1ull << width) - 1) << lsb;
    const std::uint64_t x = (static_cast<std::uint64_t>(v) & ~mask) | ((value << lsb) & mask);
    v = static_cast<T>(x);
  }
}

template <int W>
void set_field(sc_dt::sc_bv<W>& v, int lsb, int width, std::uint64_t value) {
  int done = 0;
  while (done < width) {
    const int bit = lsb + done;
    const int shift = bit % 32;
    const int take = std::min(32 - shift, width - done);
    const std::uint32_t mask = static_cast<std::uint32_t>(((1ull << take) - 1) << shift);
    const std::uint32_t old = static_cast<std::uint32_t>(v.get_word(bit / 32));
    const std::uint32_t part = static_cast<std::uint32_t>(((value >> done) << shift)) & mask;
    v.set_word(bit / 32, static_cast<sc_dt::sc_digit>((old & ~mask) | part));
    done += take;
  }
}

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

  /// The RTL's constant inputs for router `node` of `t`: its id, its
  /// Hamiltonian neighbours (itself where the topology has no Hamiltonian
  /// path or the path ends; dual-path worms need them) and the ids behind
  /// its network ports.
  void configure(const Topology& t, NodeId node) {
    router_id.write(static_cast<port_value_t<decltype(Rtl::router_id_i)>>(node));
    NodeId next = node, prev = node;
    if (std::string why; t.kind->hamiltonian_path(t, why)) {
      const HamiltonianLabeling labels = hamiltonian_labeling(t);
      const unsigned label = labels.label[node];
      if (label + 1 < labels.node_at.size()) next = labels.node_at[label + 1];
      if (label > 0) prev = labels.node_at[label - 1];
    }
    hp_next.write(static_cast<port_value_t<decltype(Rtl::hp_next_i)>>(next));
    hp_prev.write(static_cast<port_value_t<decltype(Rtl::hp_prev_i)>>(prev));
    port_value_t<decltype(Rtl::neighbor_id_i)> ids{};
    for (PortId p = 0; p < t.num_ports; ++p)
      if (t.peer[node][p]) set_field(ids, p * 32, 32, t.peer[node][p]->node);
    neighbor_id.write(ids);
  }

  /// rst_n: a signal or a port.
  template <class Reset>
  void bind(Rtl& rtl, sc_core::sc_in<bool>& clk, Reset& rst_n) {
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

/// The flit at bit `base` of a verilated flit vector. The RTL carries no
/// worm-table index: a worm's flit comes back with worm = 0 (see
/// Fabric::resolve_worm).
template <class V>
Flit decode_flit(const V& v, int base) {
  Flit f;
  f.type = static_cast<FlitType>(get_field(v, base + FlitLayout::kType, 2));
  f.vc = static_cast<VcId>(get_field(v, base + FlitLayout::kVc, 8));
  f.seq = static_cast<std::uint16_t>(get_field(v, base + FlitLayout::kSeq, 16));
  f.dst = static_cast<NodeId>(get_field(v, base + FlitLayout::kDst, 32));
  f.src = static_cast<NodeId>(get_field(v, base + FlitLayout::kSrc, 32));
  f.packet = get_field(v, base + FlitLayout::kPacket, 64);
  f.mc.last = static_cast<NodeId>(get_field(v, base + FlitLayout::kMcLast, 32));
  f.mc.dir = static_cast<std::uint8_t>(get_field(v, base + FlitLayout::kMcDir, 4));
  f.mc.cls = static_cast<std::uint8_t>(get_field(v, base + FlitLayout::kMcCls, 1));
  f.mc.kind = static_cast<std::uint8_t>(get_field(v, base + FlitLayout::kMcKind, 2));
  return f;
}

/// Writes `f` at bit `base`; a list worm's next destinations (at most
/// FlitLayout::kListN after the current one) come from `worms`. Throws
/// std::runtime_error for a longer list.
template <class V>
void encode_flit(V& v, int base, const Flit& f, const WormTable* worms, NodeId router) {
  set_field(v, base + FlitLayout::kType, 2, static_cast<std::uint64_t>(f.type));
  set_field(v, base + FlitLayout::kVc, 8, f.vc);
  set_field(v, base + FlitLayout::kSeq, 16, f.seq);
  set_field(v, base + FlitLayout::kDst, 32, f.dst);
  set_field(v, base + FlitLayout::kSrc, 32, f.src);
  set_field(v, base + FlitLayout::kPacket, 64, f.packet);
  set_field(v, base + FlitLayout::kMcLast, 32, f.mc.last);
  set_field(v, base + FlitLayout::kMcDir, 4, f.mc.dir);
  set_field(v, base + FlitLayout::kMcCls, 1, f.mc.cls);
  set_field(v, base + FlitLayout::kMcKind, 2, f.mc.kind);
  if (f.mc.kind == 1 && worms != nullptr) {  // list worm: the destinations after dst
    const std::vector<NodeId>& d = (*worms)[f.worm].destinations;
    if (d.size() > f.hop + 1u + FlitLayout::kListN)
      throw std::runtime_error("RTL router " + std::to_string(router) + ": a list worm carries at most " +
                               std::to_string(FlitLayout::kListN) + " destinations after the current one");
    for (int i = 0; i < FlitLayout::kListN; ++i) {
      const std::size_t k = f.hop + 1u + static_cast<unsigned>(i);
      set_field(v, base + FlitLayout::kMcList + 32 * i, 32, k < d.size() ? d[k] : 0);
    }
  }
}

}  // namespace wormsim::systemc::rtl
