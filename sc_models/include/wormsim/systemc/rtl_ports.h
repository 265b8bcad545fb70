// The verilated wormsim_router (rtl/wormsim_router.sv) seen from SystemC:
// its hardware flit format (HwFlitFormat: FlitW data bits, the header in a
// head's low bits, payload only in body flits), field access on the values
// of its ports as Verilator types them (bool, uint32_t, uint64_t, or
// sc_bv<W> of 32-bit words for wider ports), the conversion of model flits
// to that format and back (FlitCodec, which carries a packet tag in the
// payload bits and keeps the model's metadata in its own side table), and
// the bundle of signals that binds its ports.
// Header-only and templated on the verilated class, so the library needs no
// Verilator; see rtl_router.h for the module that puts it in a Fabric.
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>
#include <utility>

#include <systemc>

#include <wormsim/core/flit.h>
#include <wormsim/multicast/hamiltonian.h>
#include <wormsim/multicast/worm.h>
#include <wormsim/topology/grid.h>
#include <wormsim/topology/petersen_torus.h>
#include <wormsim/topology/topology.h>

namespace wormsim::systemc::rtl {

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

/// The hardware flit format of wormsim_router (docs/microarchitecture.md §3):
/// a head's data holds dst | kind (2) | cls (1) | dir (4) | last, LSB first,
/// node ids node_bits wide; the bits above are payload. Must match the
/// router's FlitW and NodeIdW parameters.
struct HwFlitFormat {
  unsigned flit_bits = 64;  ///< FlitW
  unsigned node_bits = 16;  ///< NodeIdW
  static constexpr unsigned kDirBits = 4;

  int kind_lsb() const { return static_cast<int>(node_bits); }
  int cls_lsb() const { return static_cast<int>(node_bits) + 2; }
  int dir_lsb() const { return static_cast<int>(node_bits) + 3; }
  int last_lsb() const { return static_cast<int>(node_bits + 3 + kDirBits); }
  unsigned header_bits() const { return 2 * node_bits + 3 + kDirBits; }
};

/// Converts model flits to the hardware format and back, for one RTL router.
/// The model's per-flit metadata (packet id, source, sequence number,
/// creation cycle, worm index) is not in the hardware format: the codec
/// writes a packet tag (the packet id's low tag_bits) into the payload bits
/// (above the header in a head; above a 16-bit sequence number in a body
/// flit) and keeps the metadata of every packet it encoded in a side table
/// keyed by that tag. A router only sends flits it received, so decoding its
/// outputs finds every tag there. Body flits take dst and the worm header
/// from the last head sent on the same output port and VC. A packet's entry
/// is dropped once its tail has left (at the next encode, so both copies of
/// a fork decode first): the table holds only the packets inside the router.
class FlitCodec {
 public:
  FlitCodec(HwFlitFormat fmt, unsigned ports, unsigned vcs) : fmt_(fmt), vcs_(vcs), heads_(ports * vcs) {
    const unsigned room = std::min(fmt.flit_bits - std::min(fmt.flit_bits, fmt.header_bits()), fmt.flit_bits - 16);
    tag_bits_ = std::min(32u, room);
    if (fmt.flit_bits > 64 * 64 || fmt.node_bits > 32 || tag_bits_ < 16)
      throw std::invalid_argument("RTL flit format: FlitW " + std::to_string(fmt.flit_bits) + " with NodeIdW " +
                                  std::to_string(fmt.node_bits) +
                                  " leaves fewer than 16 payload bits in a head for the packet tag");
  }

  const HwFlitFormat& format() const { return fmt_; }
  unsigned tag_bits() const { return tag_bits_; }

  /// `f` as link fields (type, data) at port p of port vectors `type`, `data`.
  /// List worms are refused (their address flits are not read by the RTL).
  template <class T, class D>
  void encode(T& type, D& data, unsigned p, const Flit& f, NodeId router) {
    if (f.mc.kind == 1)
      throw std::runtime_error("RTL router " + std::to_string(router) +
                               ": list worms are not supported by the RTL (it does not read address flits)");
    for (std::uint64_t t : left_) packets_.erase(t);
    left_.clear();
    const int base = static_cast<int>(p * fmt_.flit_bits);
    const std::uint64_t tag = f.packet & mask(tag_bits_);
    set_field(type, static_cast<int>(2 * p), 2, static_cast<std::uint64_t>(f.type));
    clear(data, base);
    if (is_head(f.type)) {
      set_field(data, base, static_cast<int>(fmt_.node_bits), f.dst);
      set_field(data, base + fmt_.kind_lsb(), 2, f.mc.kind);
      set_field(data, base + fmt_.cls_lsb(), 1, f.mc.cls);
      set_field(data, base + fmt_.dir_lsb(), HwFlitFormat::kDirBits, f.mc.dir);
      set_field(data, base + fmt_.last_lsb(), static_cast<int>(fmt_.node_bits), f.mc.last);
      set_field(data, base + static_cast<int>(fmt_.header_bits()), static_cast<int>(tag_bits_), tag);
    } else {
      set_field(data, base, 16, f.seq);
      set_field(data, base + 16, static_cast<int>(tag_bits_), tag);
    }
    Flit meta = f;
    meta.vc = 0;
    meta.type = FlitType::Body;
    packets_[tag] = meta;
  }

  /// The flit at port p of the RTL's output vectors, with its metadata back.
  template <class T, class D>
  Flit decode(const T& type, const D& data, unsigned p, VcId vc, NodeId router) {
    const int base = static_cast<int>(p * fmt_.flit_bits);
    const auto ft = static_cast<FlitType>(get_field(type, static_cast<int>(2 * p), 2));
    const std::uint64_t tag = is_head(ft) ? get_field(data, base + static_cast<int>(fmt_.header_bits()),
                                                      static_cast<int>(tag_bits_))
                                          : get_field(data, base + 16, static_cast<int>(tag_bits_));
    const auto it = packets_.find(tag);
    if (it == packets_.end())
      throw std::logic_error("RTL router " + std::to_string(router) + " port " + std::to_string(p) +
                             ": a flit with packet tag " + std::to_string(tag) + " it never received");
    Flit f = it->second;
    f.type = ft;
    f.vc = vc;
    Flit& head = heads_.at(p * vcs_ + vc);
    if (is_head(ft)) {
      f.seq = 0;
      f.dst = static_cast<NodeId>(get_field(data, base, static_cast<int>(fmt_.node_bits)));
      f.mc.kind = static_cast<std::uint8_t>(get_field(data, base + fmt_.kind_lsb(), 2));
      f.mc.cls = static_cast<std::uint8_t>(get_field(data, base + fmt_.cls_lsb(), 1));
      f.mc.dir = static_cast<std::uint8_t>(get_field(data, base + fmt_.dir_lsb(), HwFlitFormat::kDirBits));
      f.mc.last = static_cast<NodeId>(get_field(data, base + fmt_.last_lsb(), static_cast<int>(fmt_.node_bits)));
      head = f;
    } else {
      f.seq = static_cast<std::uint16_t>(get_field(data, base, 16));
      f.dst = head.dst;
      f.mc = head.mc;
    }
    if (is_tail(ft)) left_.push_back(tag);
    return f;
  }

 private:
  static std::uint64_t mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }
  template <class D>
  void clear(D& data, int base) const {
    for (unsigned done = 0; done < fmt_.flit_bits; done += 32)
      set_field(data, base + static_cast<int>(done), static_cast<int>(std::min(32u, fmt_.flit_bits - done)), 0);
  }

  HwFlitFormat fmt_;
  unsigned vcs_;
  unsigned tag_bits_ = 0;
  std::vector<Flit> heads_;
  std::unordered_map<std::uint64_t, Flit> packets_;
  std::vector<std::uint64_t> left_;  ///< tags whose tail left since the last encode
};

template <class Rtl>
struct RtlRouterSignals {
  template <class Port>
  using signal = sc_core::sc_signal<port_value_t<Port>>;

  signal<decltype(Rtl::router_id_i)> router_id{"router_id"};
  signal<decltype(Rtl::coord_i)> coord{"coord"};
  signal<decltype(Rtl::hp_next_i)> hp_next{"hp_next"};
  signal<decltype(Rtl::hp_prev_i)> hp_prev{"hp_prev"};
  signal<decltype(Rtl::neighbor_id_i)> neighbor_id{"neighbor_id"};
  signal<decltype(Rtl::table_we_i)> table_we{"table_we"};
  signal<decltype(Rtl::table_dst_i)> table_dst{"table_dst"};
  signal<decltype(Rtl::table_port_i)> table_port{"table_port"};
  signal<decltype(Rtl::table_vcs_i)> table_vcs{"table_vcs"};
  signal<decltype(Rtl::flit_valid_i)> flit_valid_in{"flit_valid_in"};
  signal<decltype(Rtl::flit_vc_i)> flit_vc_in{"flit_vc_in"};
  signal<decltype(Rtl::flit_type_i)> flit_type_in{"flit_type_in"};
  signal<decltype(Rtl::flit_data_i)> flit_data_in{"flit_data_in"};
  signal<decltype(Rtl::credit_valid_o)> credit_valid_out{"credit_valid_out"};
  signal<decltype(Rtl::credit_vc_o)> credit_vc_out{"credit_vc_out"};
  signal<decltype(Rtl::flit_valid_o)> flit_valid_out{"flit_valid_out"};
  signal<decltype(Rtl::flit_vc_o)> flit_vc_out{"flit_vc_out"};
  signal<decltype(Rtl::flit_type_o)> flit_type_out{"flit_type_out"};
  signal<decltype(Rtl::flit_data_o)> flit_data_out{"flit_data_out"};
  signal<decltype(Rtl::credit_valid_i)> credit_valid_in{"credit_valid_in"};
  signal<decltype(Rtl::credit_vc_i)> credit_vc_in{"credit_vc_in"};

  /// The RTL's constant inputs for router `node` of `t`: its id, its
  /// coordinates (coord_i = {p, z, y, x}: grids, and 3PT with its vertex p), its Hamiltonian neighbours (itself where the
  /// topology has no Hamiltonian path or the path ends; dual-path worms
  /// need them) and the ids behind its network ports.
  void configure(const Topology& t, NodeId node, const HwFlitFormat& fmt) {
    const int nb = static_cast<int>(fmt.node_bits);
    router_id.write(static_cast<port_value_t<decltype(Rtl::router_id_i)>>(node));
    port_value_t<decltype(Rtl::coord_i)> xyz{};
    if (t.as<GridKind>() != nullptr) {
      const Coord c = coord_of(t.dims, node);
      set_field(xyz, 0, 16, c.x);
      set_field(xyz, 16, 16, c.y);
      set_field(xyz, 32, 16, c.z);
    } else if (t.as<PetersenTorusKind>() != nullptr) {
      const PtCoord c = pt_coord_of(t.dims, node);
      set_field(xyz, 0, 16, c.x);
      set_field(xyz, 16, 16, c.y);
      set_field(xyz, 32, 16, c.z);
      set_field(xyz, 48, 16, c.p);
    }
    coord.write(xyz);
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
      if (t.peer[node][p]) set_field(ids, p * nb, nb, t.peer[node][p]->node);
    neighbor_id.write(ids);
  }

  /// rst_n: a signal or a port.
  template <class Reset>
  void bind(Rtl& rtl, sc_core::sc_in<bool>& clk, Reset& rst_n) {
    rtl.clk_i(clk);
    rtl.rst_ni(rst_n);
    rtl.router_id_i(router_id);
    rtl.coord_i(coord);
    rtl.hp_next_i(hp_next);
    rtl.hp_prev_i(hp_prev);
    rtl.neighbor_id_i(neighbor_id);
    rtl.table_we_i(table_we);
    rtl.table_dst_i(table_dst);
    rtl.table_port_i(table_port);
    rtl.table_vcs_i(table_vcs);
    rtl.flit_valid_i(flit_valid_in);
    rtl.flit_vc_i(flit_vc_in);
    rtl.flit_type_i(flit_type_in);
    rtl.flit_data_i(flit_data_in);
    rtl.credit_valid_o(credit_valid_out);
    rtl.credit_vc_o(credit_vc_out);
    rtl.flit_valid_o(flit_valid_out);
    rtl.flit_vc_o(flit_vc_out);
    rtl.flit_type_o(flit_type_out);
    rtl.flit_data_o(flit_data_out);
    rtl.credit_valid_i(credit_valid_in);
    rtl.credit_vc_i(credit_vc_in);
  }
};

}  // namespace wormsim::systemc::rtl
