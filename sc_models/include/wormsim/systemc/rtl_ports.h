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

/// Wide ports of a Verilator C++ (non-SystemC) model: VlWide<N>, an array
/// of 32-bit words with data().
template <class T, class = void>
struct is_word_array : std::false_type {};
template <class T>
struct is_word_array<T, std::enable_if_t<std::is_same_v<decltype(std::declval<const T&>().data()), const std::uint32_t*>>>
    : std::true_type {};

template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
std::uint64_t get_field(const T& v, int lsb, int width) {
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

template <class T, std::enable_if_t<is_word_array<T>::value, int> = 0>
std::uint64_t get_field(const T& v, int lsb, int width) {
  std::uint64_t out = 0;
  for (int done = 0; done < width;) {
    const int bit = lsb + done, shift = bit % 32, take = std::min(32 - shift, width - done);
    out |= ((static_cast<std::uint64_t>(v.data()[bit / 32]) >> shift) & ((1ull << take) - 1)) << done;
    done += take;
  }
  return out;
}

template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
void set_field(T& v, int lsb, int width, std::uint64_t value) {
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

template <class T, std::enable_if_t<is_word_array<T>::value, int> = 0>
void set_field(T& v, int lsb, int width, std::uint64_t value) {
  for (int done = 0; done < width;) {
    const int bit = lsb + done, shift = bit % 32, take = std::min(32 - shift, width - done);
    const std::uint32_t mask = static_cast<std::uint32_t>(((1ull << take) - 1) << shift);
    std::uint32_t& word = v.data()[bit / 32];
    word = (word & ~mask) | (static_cast<std::uint32_t>((value >> done) << shift) & mask);
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
/// is dropped once the tails of all its passes have left (a path-based worm
/// can come back through a router; a fork's two tails leave together and
/// count once; applied at the next encode, so both copies of a fork decode
/// first): the table holds only the packets inside the router.
/// List worms (given the worm table): the head's dir field holds the slot of
/// the next destination in the address flit behind it (0 when it heads for
/// its last destination); address flits hold
/// node ids only (no tag), so a decoded address flit is identified by its
/// position behind its head (the address flits the forks before dropped,
/// multicast/worm.h) and its content is checked against the list.
class FlitCodec {
 public:
  FlitCodec(HwFlitFormat fmt, unsigned ports, unsigned vcs, const WormTable* worms = nullptr)
      : fmt_(fmt), vcs_(vcs), worms_(worms), heads_(ports * vcs), next_seq_(ports * vcs, 0) {
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
  template <class T, class D>
  void encode(T& type, D& data, unsigned p, const Flit& f, NodeId router) {
    const WormRoute* list = f.mc.kind == 1 ? list_route(f, router) : nullptr;
    std::sort(left_.begin(), left_.end());  // a fork's two tails are one pass
    left_.erase(std::unique(left_.begin(), left_.end()), left_.end());
    for (std::uint64_t t : left_)
      if (auto e = packets_.find(t); e != packets_.end() && --e->second.inside == 0) packets_.erase(e);
    left_.clear();
    const int base = static_cast<int>(p * fmt_.flit_bits);
    const std::uint64_t tag = f.packet & mask(tag_bits_);
    set_field(type, static_cast<int>(2 * p), 2, static_cast<std::uint64_t>(f.type));
    clear(data, base);
    if (is_head(f.type)) {
      set_field(data, base, static_cast<int>(fmt_.node_bits), f.dst);
      set_field(data, base + fmt_.kind_lsb(), 2, f.mc.kind);
      set_field(data, base + fmt_.cls_lsb(), 1, f.mc.cls);
      set_field(data, base + fmt_.dir_lsb(), HwFlitFormat::kDirBits,
                !list ? f.mc.dir : f.dst == f.mc.last ? 0u : next_address_slot(f.hop, fmt_.flit_bits));
      set_field(data, base + fmt_.last_lsb(), static_cast<int>(fmt_.node_bits), f.mc.last);
      set_field(data, base + static_cast<int>(fmt_.header_bits()), static_cast<int>(tag_bits_), tag);
    } else if (list && f.seq <= address_flits(*list)) {
      put_address_flit(data, base, *list, f.seq);
    } else {
      set_field(data, base, 16, f.seq);
      set_field(data, base + 16, static_cast<int>(tag_bits_), tag);
    }
    Flit meta = f;
    meta.vc = 0;
    meta.type = FlitType::Body;
    Entry& e = packets_[tag];
    e.meta = meta;
    if (is_head(f.type)) ++e.inside;
  }

  /// The flit at port p of the RTL's output vectors, with its metadata back.
  template <class T, class D>
  Flit decode(const T& type, const D& data, unsigned p, VcId vc, NodeId router) {
    const int base = static_cast<int>(p * fmt_.flit_bits);
    const auto ft = static_cast<FlitType>(get_field(type, static_cast<int>(2 * p), 2));
    const unsigned slot = p * vcs_ + vc;
    Flit& head = heads_.at(slot);
    if (!is_head(ft) && head.mc.kind == 1 && worms_ != nullptr) {  // a list worm's address flit?
      const WormRoute& route = (*worms_)[head.worm];
      if (next_seq_[slot] <= address_flits(route)) {
        const unsigned seq = next_seq_[slot]++;
        D expect{};
        put_address_flit(expect, base, route, seq);
        for (unsigned done = 0; done < fmt_.flit_bits; done += 32) {
          const int n = static_cast<int>(std::min(32u, fmt_.flit_bits - done));
          if (get_field(data, base + static_cast<int>(done), n) != get_field(expect, base + static_cast<int>(done), n))
            throw std::logic_error("RTL router " + std::to_string(router) + " port " + std::to_string(p) +
                                   ": address flit " + std::to_string(seq) + " of packet " +
                                   std::to_string(head.packet) + " (hop " + std::to_string(head.hop) + " of " +
                                   std::to_string(route.destinations.size()) + ") carries " +
                                   std::to_string(get_field(data, base, 64)) + ", expected " +
                                   std::to_string(get_field(expect, base, 64)));
        }
        Flit f = head;
        f.type = ft;
        f.vc = vc;
        f.seq = static_cast<std::uint16_t>(seq);
        if (is_tail(ft)) left_.push_back(head.packet & mask(tag_bits_));
        return f;
      }
    }
    const std::uint64_t tag = is_head(ft) ? get_field(data, base + static_cast<int>(fmt_.header_bits()),
                                                      static_cast<int>(tag_bits_))
                                          : get_field(data, base + 16, static_cast<int>(tag_bits_));
    const auto it = packets_.find(tag);
    if (it == packets_.end())
      throw std::logic_error("RTL router " + std::to_string(router) + " port " + std::to_string(p) +
                             ": a flit with packet tag " + std::to_string(tag) + " it never received");
    Flit f = it->second.meta;
    f.type = ft;
    f.vc = vc;
    if (is_head(ft)) {
      f.seq = 0;
      f.dst = static_cast<NodeId>(get_field(data, base, static_cast<int>(fmt_.node_bits)));
      f.mc.kind = static_cast<std::uint8_t>(get_field(data, base + fmt_.kind_lsb(), 2));
      f.mc.cls = static_cast<std::uint8_t>(get_field(data, base + fmt_.cls_lsb(), 1));
      f.mc.dir = static_cast<std::uint8_t>(get_field(data, base + fmt_.dir_lsb(), HwFlitFormat::kDirBits));
      f.mc.last = static_cast<NodeId>(get_field(data, base + fmt_.last_lsb(), static_cast<int>(fmt_.node_bits)));
      if (f.mc.kind == 1 && worms_ != nullptr) {  // the forwarded copy heads for the next destination
        const WormRoute& route = (*worms_)[f.worm];
        const auto at = std::find(route.destinations.begin(), route.destinations.end(), f.dst);
        if (at == route.destinations.end())
          throw std::logic_error("RTL router " + std::to_string(router) + " port " + std::to_string(p) +
                                 ": list worm " + std::to_string(f.packet) + " heads for node " +
                                 std::to_string(f.dst) + ", not one of its destinations");
        f.hop = static_cast<std::uint16_t>(at - route.destinations.begin());
        next_seq_[slot] = 1 + address_flits_dropped(route.destinations.size(), f.hop, fmt_.flit_bits);
        f.mc.dir = 0;  // the slot is hardware state; the model's list flits carry 0
      }
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

  // The route of list worm `f`, after checking the codec can encode it.
  const WormRoute* list_route(const Flit& f, NodeId router) const {
    if (worms_ == nullptr || f.worm == 0 || f.worm > worms_->size())
      throw std::runtime_error("RTL router " + std::to_string(router) +
                               ": a list worm without its worm table (FlitCodec needs it for the address flits)");
    const unsigned ipf = fmt_.flit_bits / fmt_.node_bits;
    if (fmt_.node_bits != kAddressIdBits || ipf > (1u << HwFlitFormat::kDirBits))
      throw std::runtime_error("RTL router " + std::to_string(router) + ": list worms need NodeIdW " +
                               std::to_string(kAddressIdBits) + " (the model's address ids) and FlitW <= " +
                               std::to_string(kAddressIdBits << HwFlitFormat::kDirBits) + ", got " +
                               std::to_string(fmt_.node_bits) + " and " + std::to_string(fmt_.flit_bits));
    return &(*worms_)[f.worm];
  }
  unsigned address_flits(const WormRoute& route) const {
    return header_flits(HeaderForm::List, route.destinations.size(), fmt_.flit_bits);
  }
  // Address flit `seq` (1-based) of `route`: the ids it holds, slot 0 in the LSBs.
  template <class D>
  void put_address_flit(D& data, int base, const WormRoute& route, unsigned seq) const {
    const unsigned ipf = ids_per_address_flit(fmt_.flit_bits);
    clear(data, base);
    for (unsigned q = 0; q < ipf; ++q) {
      const std::size_t k = 1 + static_cast<std::size_t>(seq - 1) * ipf + q;
      if (k < route.destinations.size())
        set_field(data, base + static_cast<int>(q * fmt_.node_bits), static_cast<int>(fmt_.node_bits),
                  route.destinations[k]);
    }
  }
  template <class D>
  void clear(D& data, int base) const {
    for (unsigned done = 0; done < fmt_.flit_bits; done += 32)
      set_field(data, base + static_cast<int>(done), static_cast<int>(std::min(32u, fmt_.flit_bits - done)), 0);
  }

  HwFlitFormat fmt_;
  unsigned vcs_;
  const WormTable* worms_;
  unsigned tag_bits_ = 0;
  std::vector<Flit> heads_;
  std::vector<unsigned> next_seq_;  ///< per output port and VC: a list worm's next address flit
  struct Entry {
    Flit meta;            ///< the packet's last flit in
    unsigned inside = 0;  ///< its passes through the router not yet left (a worm may come back)
  };
  std::unordered_map<std::uint64_t, Entry> packets_;
  std::vector<std::uint64_t> left_;  ///< tags whose tail left since the last encode
};

/// The RTL's constant inputs for router `node` of `t`: its coordinates
/// (coord_i = {p, z, y, x}, 16 bits each: grids, and 3PT with its vertex p),
/// its Hamiltonian neighbours (itself where the topology has no Hamiltonian
/// path or the path ends; dual-path worms need them) and the ids behind its
/// network ports (0 where none).
struct RouterConstants {
  std::uint64_t coord = 0;
  NodeId hp_next = 0, hp_prev = 0;
  std::vector<NodeId> neighbors;
};

inline RouterConstants router_constants(const Topology& t, NodeId node) {
  RouterConstants c;
  if (t.as<GridKind>() != nullptr) {
    const Coord g = coord_of(t.dims, node);
    c.coord = std::uint64_t{g.x} | std::uint64_t{g.y} << 16 | std::uint64_t{g.z} << 32;
  } else if (t.as<PetersenTorusKind>() != nullptr) {
    const PtCoord g = pt_coord_of(t.dims, node);
    c.coord = std::uint64_t{g.x} | std::uint64_t{g.y} << 16 | std::uint64_t{g.z} << 32 | std::uint64_t{g.p} << 48;
  }
  c.hp_next = c.hp_prev = node;
  if (std::string why; t.kind->hamiltonian_path(t, why)) {
    const HamiltonianLabeling labels = hamiltonian_labeling(t);
    const unsigned label = labels.label[node];
    if (label + 1 < labels.node_at.size()) c.hp_next = labels.node_at[label + 1];
    if (label > 0) c.hp_prev = labels.node_at[label - 1];
  }
  c.neighbors.assign(t.num_ports, 0);
  for (PortId p = 0; p < t.num_ports; ++p)
    if (t.peer[node][p]) c.neighbors[p] = t.peer[node][p]->node;
  return c;
}

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

  /// The RTL's constant inputs for router `node` of `t` (router_constants).
  void configure(const Topology& t, NodeId node, const HwFlitFormat& fmt) {
    const RouterConstants c = router_constants(t, node);
    const int nb = static_cast<int>(fmt.node_bits);
    router_id.write(static_cast<port_value_t<decltype(Rtl::router_id_i)>>(node));
    port_value_t<decltype(Rtl::coord_i)> xyz{};
    set_field(xyz, 0, 64, c.coord);
    coord.write(xyz);
    hp_next.write(static_cast<port_value_t<decltype(Rtl::hp_next_i)>>(c.hp_next));
    hp_prev.write(static_cast<port_value_t<decltype(Rtl::hp_prev_i)>>(c.hp_prev));
    port_value_t<decltype(Rtl::neighbor_id_i)> ids{};
    for (std::size_t p = 0; p < c.neighbors.size(); ++p) set_field(ids, static_cast<int>(p) * nb, nb, c.neighbors[p]);
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
