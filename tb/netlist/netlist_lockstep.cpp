// Netlist lockstep: the RTL router and the Yosys netlist synthesised from it
// (netlist_pair.sv) get the same random legal stimulus every cycle (packets
// of 1..5 flits on random VCs of every input, unicast heads and list, range
// and line worm heads that fork here (a list worm has at least 3 flits: its
// head, an address flit of random node ids and a payload flit; its head's slot
// field names one of the address flit's slots), random credit return on every output, a random
// routing table written through the configuration port while reset is
// held) and every output is compared every cycle (flit valid, and when
// valid its VC, type and data; credit valid, and when valid its VC). A
// mis-synthesis shows up as the first differing output; exit 1 with cycle,
// port and both values. Parameters come in as -D macros from
// tb/scripts/netlist_lockstep.sh (the configuration of rtl/configs.txt).
// Usage: netlist_lockstep SEED CYCLES   (NETLIST_VCD=FILE: waves of both)
//        netlist_lockstep 0 0 STIM PHASES replay IN
// replay: the inputs come from IN, a stimulus in the Recorder's format
// (tb/netlist/fabric_stimulus.cpp writes one per router of a fabric run):
// every cycle the RTL's outputs must equal the ones IN records, so the
// router alone sees exactly what it saw in the fabric.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <verilated.h>
#include <verilated_vcd_c.h>

#include "Vnetlist_pair.h"

namespace {

#ifndef ROUTE_ALGO
#define ROUTE_ALGO 0
#endif
constexpr unsigned kNet = NP, kPorts = NP + 1, kVcs = NV, kDepth = DEPTH, kFlitW = FW, kNodeW = NW, kNodes = NODES;
/// Dimension order on a mesh (wormsim_pkg::RouteDorMesh) routes from the router's coordinates.
constexpr bool kMeshDor = ROUTE_ALGO == 1;
constexpr unsigned index_width(unsigned n) { return n > 1 ? 32 - __builtin_clz(n - 1) : 1; }
constexpr unsigned kVcW = index_width(kVcs), kPortW = index_width(kPorts);

template <class T>
void setb(T& v, unsigned lsb, unsigned w, std::uint64_t x) {
  const std::uint64_t m = (w >= 64 ? ~0ull : (1ull << w) - 1) << lsb;
  v = static_cast<T>((static_cast<std::uint64_t>(v) & ~m) | ((x << lsb) & m));
}
template <std::size_t N>
void setb(VlWide<N>& v, unsigned lsb, unsigned w, std::uint64_t x) {
  for (unsigned i = 0; i < w; ++i) {
    const unsigned b = lsb + i;
    const std::uint32_t bit = 1u << (b % 32);
    if ((x >> i) & 1u) v[b / 32] |= bit; else v[b / 32] &= ~bit;
  }
}
template <class T>
std::uint64_t getb(const T& v, unsigned lsb, unsigned w) {
  const std::uint64_t x = static_cast<std::uint64_t>(v) >> lsb;
  return w >= 64 ? x : x & ((1ull << w) - 1);
}
template <std::size_t N>
std::uint64_t getb(const VlWide<N>& v, unsigned lsb, unsigned w) {
  std::uint64_t x = 0;
  for (unsigned i = 0; i < w; ++i) x |= std::uint64_t((v[(lsb + i) / 32] >> ((lsb + i) % 32)) & 1u) << i;
  return x;
}

struct InVc {
  unsigned credits = kDepth, remaining = 0, length = 0, seq = 0, kind = 0;
};

// A stimulus record: the inputs applied in one cycle and the RTL's outputs
// after its rising edge, one line of hex fields per cycle (scripts/energy
// replays it on the gate-level netlist, tb/netlist/gate_tb.v).
class Recorder {
 public:
  Recorder(const char* path, const char* phases) {
    if (path) f_ = std::fopen(path, "w");
    if (phases) p_ = std::fopen(phases, "w");
    if ((path && !f_) || (phases && !p_)) {
      std::fprintf(stderr, "netlist_lockstep: cannot write %s\n", path);
      std::exit(2);
    }
  }
  ~Recorder() {
    if (f_) std::fclose(f_);
    if (p_) std::fclose(p_);
  }
  bool on() const { return f_ != nullptr; }
  template <class T>
  void field(const T& v, unsigned width) {
    if (!f_) return;
    std::fputc(' ', f_);
    for (int n = static_cast<int>((width + 3) / 4) - 1; n >= 0; --n) {
      const unsigned lsb = static_cast<unsigned>(n) * 4;
      std::fputc("0123456789abcdef"[getb(v, lsb, std::min(4u, width - lsb))], f_);
    }
  }
  void end_line() {
    if (f_) std::fputc('\n', f_);
    ++lines_;
  }
  unsigned long lines() const { return lines_; }
  void begin(const char* name) { name_ = name, first_ = lines_; }
  void end() {
    if (p_) std::fprintf(p_, "%s %lu %lu\n", name_, first_, lines_ - 1);
  }

 private:
  std::FILE* f_ = nullptr;
  std::FILE* p_ = nullptr;
  unsigned long lines_ = 0, first_ = 0;
  const char* name_ = "";
};


// The router's constants, the header line of a stimulus.
void record_header(Recorder& rec, const Vnetlist_pair& top) {
  rec.field(top.router_id_i, kNodeW);
  rec.field(top.coord_i, 64);
  rec.field(top.hp_next_i, kNodeW);
  rec.field(top.hp_prev_i, kNodeW);
  rec.field(top.neighbor_id_i, kNet * kNodeW);
  rec.end_line();
}

// One cycle's line: the inputs applied and the RTL's outputs after the edge
// ([0] of each pair: its low bits).
void record_cycle(Recorder& rec, const Vnetlist_pair& top) {
  rec.field(top.rst_ni, 1);
  rec.field(top.table_we_i, 1);
  rec.field(top.table_dst_i, kNodeW);
  rec.field(top.table_port_i, kPortW);
  rec.field(top.table_vcs_i, kVcs);
  rec.field(top.flit_valid_i, kPorts);
  rec.field(top.flit_vc_i, kPorts * kVcW);
  rec.field(top.flit_type_i, kPorts * 2);
  rec.field(top.flit_data_i, kPorts * kFlitW);
  rec.field(top.credit_valid_i, kPorts);
  rec.field(top.credit_vc_i, kPorts * kVcW);
  rec.field(top.credit_valid_o, kPorts);
  rec.field(top.credit_vc_o, kPorts * kVcW);
  rec.field(top.flit_valid_o, kPorts);
  rec.field(top.flit_vc_o, kPorts * kVcW);
  rec.field(top.flit_type_o, kPorts * 2);
  rec.field(top.flit_data_o, kPorts * kFlitW);
  rec.end_line();
}

// Waves of both copies when NETLIST_VCD names a file (else null).
std::unique_ptr<VerilatedVcdC> open_waves(VerilatedContext& ctx, Vnetlist_pair& top) {
  const char* path = std::getenv("NETLIST_VCD");
  if (!path) return nullptr;
  ctx.traceEverOn(true);
  auto vcd = std::make_unique<VerilatedVcdC>();
  top.trace(vcd.get(), 99);
  vcd->open(path);
  return vcd;
}

// One clock cycle, low then high, dumped at t and t + 5 (10 units a cycle).
void clock_cycle(Vnetlist_pair& top, VerilatedVcdC* vcd, std::uint64_t& t) {
  top.clk_i = 0;
  top.eval();
  if (vcd) vcd->dump(t);
  top.clk_i = 1;
  top.eval();
  if (vcd) vcd->dump(t + 5);
  t += 10;
}

// Sets the field of WIDTH bits from its hex digits (most significant first).
template <class T>
void set_hex(T& v, const std::string& hex, unsigned width) {
  const std::size_t n = hex.size();
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned lsb = static_cast<unsigned>(i) * 4;
    if (lsb >= width) break;
    const char c = hex[n - 1 - i];
    const unsigned d = static_cast<unsigned>(c <= '9' ? c - '0' : c - 'a' + 10);
    setb(v, lsb, std::min(4u, width - lsb), d);
  }
}

// A recorded field compared with the RTL's output (its low copy).
template <class T>
bool same_hex(const T& v, const std::string& hex, unsigned lsb0, unsigned width) {
  for (unsigned b = 0; b < width; b += 4) {
    const unsigned w = std::min(4u, width - b);
    const std::size_t at = hex.size() - 1 - b / 4;
    const char c = hex[at];
    const unsigned d = static_cast<unsigned>(c <= '9' ? c - '0' : c - 'a' + 10);
    if (getb(v, lsb0 + b, w) != d) return false;
  }
  return true;
}

int replay(const char* in_path, Recorder& rec) {
  std::FILE* in = std::fopen(in_path, "r");
  if (!in) {
    std::fprintf(stderr, "netlist_lockstep: cannot read %s\n", in_path);
    return 2;
  }
  auto ctx = std::make_unique<VerilatedContext>();
  auto top = std::make_unique<Vnetlist_pair>(ctx.get());
  const std::unique_ptr<VerilatedVcdC> vcd = open_waves(*ctx, *top);
  auto fields = [&](std::vector<std::string>& out) {
    out.clear();
    char buf[1 << 14];
    if (!std::fgets(buf, sizeof buf, in)) return false;
    std::string f;
    for (const char* c = buf; *c; ++c) {
      if (*c == ' ' || *c == '\n') {
        if (!f.empty()) out.push_back(f);
        f.clear();
      } else {
        f += *c;
      }
    }
    if (!f.empty()) out.push_back(f);
    return true;
  };
  std::vector<std::string> w;
  if (!fields(w) || w.size() != 5) {
    std::fprintf(stderr, "netlist_lockstep: %s: expected a header of 5 fields\n", in_path);
    return 2;
  }
  set_hex(top->router_id_i, w[0], kNodeW);
  set_hex(top->coord_i, w[1], 64);
  set_hex(top->hp_next_i, w[2], kNodeW);
  set_hex(top->hp_prev_i, w[3], kNodeW);
  set_hex(top->neighbor_id_i, w[4], kNet * kNodeW);
  record_header(rec, *top);
  std::uint64_t t = 0;
  unsigned long line = 1, flits = 0, traffic = 0;
  bool running = false;
  while (fields(w)) {
    ++line;
    if (w.size() != 17) {
      std::fprintf(stderr, "netlist_lockstep: %s line %lu: expected 17 fields\n", in_path, line);
      return 2;
    }
    set_hex(top->rst_ni, w[0], 1);
    set_hex(top->table_we_i, w[1], 1);
    set_hex(top->table_dst_i, w[2], kNodeW);
    set_hex(top->table_port_i, w[3], kPortW);
    set_hex(top->table_vcs_i, w[4], kVcs);
    set_hex(top->flit_valid_i, w[5], kPorts);
    set_hex(top->flit_vc_i, w[6], kPorts * kVcW);
    set_hex(top->flit_type_i, w[7], kPorts * 2);
    set_hex(top->flit_data_i, w[8], kPorts * kFlitW);
    set_hex(top->credit_valid_i, w[9], kPorts);
    set_hex(top->credit_vc_i, w[10], kPorts * kVcW);
    if (top->rst_ni && !running) {
      rec.begin("replay");
      running = true;
    }
    clock_cycle(*top, vcd.get(), t);
    record_cycle(rec, *top);
    if (!top->rst_ni) continue;
    ++traffic;
    auto fail = [&](const char* what) {
      std::printf("netlist lockstep: replay MISMATCH at line %lu: %s\n", line, what);
      if (vcd) vcd->close();
      std::exit(1);
    };
    // the netlist against the RTL, every output
    for (unsigned p = 0; p < kPorts; ++p) {
      const auto rv = getb(top->flit_valid_o, p, 1), nv = getb(top->flit_valid_o, kPorts + p, 1);
      if (rv != nv) fail("netlist flit_valid differs from the RTL");
      if (rv) {
        ++flits;
        if (getb(top->flit_vc_o, p * kVcW, kVcW) != getb(top->flit_vc_o, (kPorts + p) * kVcW, kVcW) ||
            getb(top->flit_type_o, p * 2, 2) != getb(top->flit_type_o, (kPorts + p) * 2, 2))
          fail("netlist flit differs from the RTL");
        for (unsigned b = 0; b < kFlitW; b += 32) {
          const unsigned n = std::min(32u, kFlitW - b);
          if (getb(top->flit_data_o, p * kFlitW + b, n) != getb(top->flit_data_o, (kPorts + p) * kFlitW + b, n))
            fail("netlist flit data differs from the RTL");
        }
      }
      const auto rc = getb(top->credit_valid_o, p, 1), nc = getb(top->credit_valid_o, kPorts + p, 1);
      if (rc != nc) fail("netlist credit_valid differs from the RTL");
      if (rc && getb(top->credit_vc_o, p * kVcW, kVcW) != getb(top->credit_vc_o, (kPorts + p) * kVcW, kVcW))
        fail("netlist credit VC differs from the RTL");
    }
    // the RTL against what the router did in the fabric
    if (!same_hex(top->credit_valid_o, w[11], 0, kPorts)) fail("credit_valid: the RTL differs from the fabric's router");
    if (!same_hex(top->flit_valid_o, w[13], 0, kPorts)) fail("flit_valid: the RTL differs from the fabric's router");
    for (unsigned p = 0; p < kPorts; ++p) {
      if (getb(top->credit_valid_o, p, 1)) {
        const std::string& h = w[12];
        std::string bits;  // the recorded field's VC of port p
        unsigned long long x = 0;
        for (unsigned b = 0; b < kVcW; ++b) {
          const unsigned bit = p * kVcW + b;
          const char c = h[h.size() - 1 - bit / 4];
          const unsigned d = static_cast<unsigned>(c <= '9' ? c - '0' : c - 'a' + 10);
          x |= static_cast<unsigned long long>((d >> (bit % 4)) & 1u) << b;
        }
        if (getb(top->credit_vc_o, p * kVcW, kVcW) != x) fail("credit VC: the RTL differs from the fabric's router");
      }
      if (getb(top->flit_valid_o, p, 1)) {
        auto field_bit = [&](const std::string& h, unsigned bit) {
          const char c = h[h.size() - 1 - bit / 4];
          const unsigned d = static_cast<unsigned>(c <= '9' ? c - '0' : c - 'a' + 10);
          return (d >> (bit % 4)) & 1u;
        };
        for (unsigned b = 0; b < kVcW; ++b)
          if (getb(top->flit_vc_o, p * kVcW + b, 1) != field_bit(w[14], p * kVcW + b))
            fail("flit VC: the RTL differs from the fabric's router");
        for (unsigned b = 0; b < 2; ++b)
          if (getb(top->flit_type_o, p * 2 + b, 1) != field_bit(w[15], p * 2 + b))
            fail("flit type: the RTL differs from the fabric's router");
        for (unsigned b = 0; b < kFlitW; ++b)
          if (getb(top->flit_data_o, p * kFlitW + b, 1) != field_bit(w[16], p * kFlitW + b))
            fail("flit data: the RTL differs from the fabric's router");
      }
    }
  }
  if (running) rec.end();
  std::fclose(in);
  top->final();
  if (vcd) vcd->close();
  std::printf("netlist lockstep: %lu cycles equal, %lu flits out (replay of %s, every output as in the fabric)\n",
              traffic, flits, in_path);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 7) {
    std::fprintf(stderr, "usage: netlist_lockstep SEED CYCLES [STIMULUS PHASES [random|unicast|events|replay IN]]\n");
    return 2;
  }
  const unsigned long seed = std::strtoul(argv[1], nullptr, 10);
  const unsigned long cycles = std::strtoul(argv[2], nullptr, 10);
  const std::string mode = argc > 5 ? argv[5] : "random";
  if (mode != "random" && mode != "unicast" && mode != "events" && !(mode == "replay" && argc == 7)) {
    std::fprintf(stderr, "netlist_lockstep: mode: expected random, unicast, events or replay IN, not '%s'\n", mode.c_str());
    return 2;
  }
  Recorder rec(argc > 3 ? argv[3] : nullptr, argc > 4 ? argv[4] : nullptr);
  std::printf("netlist lockstep: seed %lu, %u+1 ports, %u VCs, depth %u, FlitW %u, %s\n", seed, kNet, kVcs, kDepth,
              kFlitW, mode.c_str());
  std::mt19937_64 rng(seed);
  auto below = [&](std::uint64_t n) { return static_cast<std::uint64_t>(rng() % n); };
  auto chance = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };

  if (mode == "replay") return replay(argv[6], rec);
  auto ctx = std::make_unique<VerilatedContext>();
  auto top = std::make_unique<Vnetlist_pair>(ctx.get());

  // configuration: this router, its neighbours, its coordinates
  unsigned here = static_cast<unsigned>(below(kNodes));
  // Dimension order on a mesh never sends out of a face a router sits on, so
  // random traffic takes a router inside every dimension of 3 or more nodes:
  // then every output port, and its credit counter, is exercised.
  auto inner = [](unsigned n) {
    const unsigned dz = kNodes / (DX * DY), c[3] = {n % DX, (n / DX) % DY, n / (DX * DY)}, side[3] = {DX, DY, dz};
    for (unsigned k = 0; k < 3; ++k)
      if (side[k] >= 3 && (c[k] == 0 || c[k] == side[k] - 1)) return false;
    return true;
  };
  if (kMeshDor && mode != "events")
    while (!inner(here)) here = static_cast<unsigned>(below(kNodes));
  auto other = [&] {
    unsigned n;
    do n = static_cast<unsigned>(below(kNodes)); while (n == here);
    return n;
  };
  top->router_id_i = here;
  top->hp_next_i = other();
  top->hp_prev_i = other();
  for (unsigned q = 0; q < kNet; ++q) setb(top->neighbor_id_i, q * kNodeW, kNodeW, other());
  setb(top->coord_i, 0, 16, here % DX);
  setb(top->coord_i, 16, 16, (here / DX) % DY);
  setb(top->coord_i, 32, 16, here / (DX * DY));
  record_header(rec, *top);

  const std::unique_ptr<VerilatedVcdC> vcd = open_waves(*ctx, *top);
  std::uint64_t t = 0;
  auto edge = [&] {
    clock_cycle(*top, vcd.get(), t);
    record_cycle(rec, *top);
  };
  // reset held while the routing table is written, one entry per cycle
  top->rst_ni = 0;
  top->eval();
  for (unsigned d = 0; d < kNodes; ++d) {
    top->table_we_i = 1;
    top->table_dst_i = d;
    top->table_port_i = static_cast<unsigned>(below(kNet));
    top->table_vcs_i = static_cast<unsigned>(1 + below((1u << kVcs) - 1));
    edge();
  }
  top->table_we_i = 0;
  edge();
  top->rst_ni = 1;

  std::vector<InVc> in(kPorts * kVcs);
  std::vector<unsigned> owed(kPorts * kVcs, 0);
  unsigned long flits = 0, forks_seen = 0, cycle = 0;
  constexpr unsigned kHeaderW = 2 * kNodeW + 7;
  static_assert(kHeaderW <= kFlitW, "header must fit the flit");

  // One flit on input p, VC v this cycle: a head carries a header (dst,
  // kind, slot, second id); PAYLOAD fills every other bit at random (else 0).
  auto drive_flit = [&](unsigned p, unsigned v, unsigned type, unsigned kind, unsigned dst, bool payload) {
    setb(top->flit_valid_i, p, 1, 1);
    setb(top->flit_vc_i, p * kVcW, kVcW, v);
    setb(top->flit_type_i, p * 2, 2, type);
    for (unsigned w = 0; w < kFlitW; w += 32)
      setb(top->flit_data_i, p * kFlitW + w, std::min(32u, kFlitW - w), payload ? rng() : 0);
    if (type & 1u) {
      const unsigned b = p * kFlitW;
      setb(top->flit_data_i, b, kNodeW, dst);
      setb(top->flit_data_i, b + kNodeW, 2, kind);
      setb(top->flit_data_i, b + kNodeW + 3, 4, kind == 1 ? below(kFlitW / kNodeW) : below(kNet));
      setb(top->flit_data_i, b + kNodeW + 7, kNodeW, chance(0.5) ? dst : static_cast<unsigned>(below(kNodes)));
    }
    --in[p * kVcs + v].credits;
  };
  auto drive_credit = [&](unsigned o, unsigned v) {
    --owed[o * kVcs + v];
    setb(top->credit_valid_i, o, 1, 1);
    setb(top->credit_vc_i, o * kVcW, kVcW, v);
  };
  // One clock edge with the inputs set so far; then the outputs of the two
  // copies are compared and the credits they return are booked.
  auto step = [&] {
    edge();
    for (unsigned p = 0; p < kPorts; ++p) {
      auto fail = [&](const char* what, std::uint64_t r, std::uint64_t n) {
        std::printf("netlist lockstep MISMATCH at cycle %lu, port %u, %s: RTL %llu, netlist %llu (seed %lu)\n", cycle,
                    p, what, static_cast<unsigned long long>(r), static_cast<unsigned long long>(n), seed);
        if (vcd) vcd->close();
        std::exit(1);
      };
      const auto rv = getb(top->flit_valid_o, p, 1), nv = getb(top->flit_valid_o, kPorts + p, 1);
      if (rv != nv) fail("flit_valid", rv, nv);
      if (rv) {
        ++flits;
        const auto rvc = getb(top->flit_vc_o, p * kVcW, kVcW), nvc = getb(top->flit_vc_o, (kPorts + p) * kVcW, kVcW);
        if (rvc != nvc) fail("flit_vc", rvc, nvc);
        const auto rt = getb(top->flit_type_o, p * 2, 2), nt = getb(top->flit_type_o, (kPorts + p) * 2, 2);
        if (rt != nt) fail("flit_type", rt, nt);
        for (unsigned w = 0; w < kFlitW; w += 32) {
          const unsigned n = std::min(32u, kFlitW - w);
          const auto rd = getb(top->flit_data_o, p * kFlitW + w, n), nd = getb(top->flit_data_o, (kPorts + p) * kFlitW + w, n);
          if (rd != nd) fail("flit_data", rd, nd);
        }
        owed[p * kVcs + rvc] += 1;
      }
      const auto rc = getb(top->credit_valid_o, p, 1), nc = getb(top->credit_valid_o, kPorts + p, 1);
      if (rc != nc) fail("credit_valid", rc, nc);
      if (rc) {
        const auto rcv = getb(top->credit_vc_o, p * kVcW, kVcW), ncv = getb(top->credit_vc_o, (kPorts + p) * kVcW, kVcW);
        if (rcv != ncv) fail("credit_vc", rcv, ncv);
        ++in[p * kVcs + rcv].credits;
      }
    }
    top->flit_valid_i = 0;
    top->credit_valid_i = 0;
    ++cycle;
  };

  if (mode == "events") {
    // Directed phases, each isolating one event against idle cycles
    // (scripts/energy subtracts the idle baseline and checks that each
    // window holds only the events it is named for). Flits enter the last two
    // network ports on VC 0 toward this router's own node (the local port):
    // not port 0, which idle outputs' crossbar multiplexers select.
    const unsigned a = kNet - 2, b = kNet - 1, out = kNet;
    auto idle = [&](unsigned n) {
      for (unsigned i = 0; i < n; ++i) step();
    };
    auto owed_out = [&] { return owed[out * kVcs + 0] + (kVcs > 1 ? owed[out * kVcs + 1] : 0); };
    auto out_vc = [&] {
      for (unsigned v = 0; v < kVcs; ++v)
        if (owed[out * kVcs + v] > 0) return v;
      return 0u;
    };
    // a worm of LEN flits on input p, one per cycle while credits last
    auto worm = [&](unsigned p, unsigned len, bool payload) {
      for (unsigned i = 0; i < len;) {
        if (in[p * kVcs].credits > 0) {
          drive_flit(p, 0, (i == 0 ? 1u : 0u) | (i + 1 == len ? 2u : 0u), 0, here, payload);
          ++i;
        }
        step();
      }
    };
    auto wait_owed = [&](unsigned n) {
      for (unsigned guard = 0; owed_out() < n; ++guard) {
        if (guard > 1000) {
          std::printf("netlist_lockstep: events: the router did not deliver (owed %u of %u)\n", owed_out(), n);
          std::exit(1);
        }
        step();
      }
    };
    auto return_all = [&] {
      while (owed_out() > 0) {
        drive_credit(out, out_vc());
        step();
      }
    };
    idle(16);
    rec.begin("idle");
    idle(64);
    rec.end();
    // credits alone: D flits delivered, their credits returned one by one
    worm(a, kDepth, false);
    wait_owed(kDepth);
    idle(8);
    rec.begin("credit");
    for (unsigned i = 0; i < kDepth; ++i) {
      drive_credit(out, out_vc());
      idle(4);
    }
    rec.end();
    idle(8);
    // writes and forwards, kRounds worms each with zero and with random
    // payload: each round's D-1 body flits go back to back into a buffer
    // whose output has no credits (so they only fill it), then D credits
    // back to back let its D flits stream out as under load (which uses the
    // output's credits up again for the next round)
    constexpr unsigned kRounds = 4;
    worm(a, kDepth, false);
    wait_owed(kDepth);
    for (const bool payload : {false, true}) {
      for (unsigned r = 0; r < kRounds; ++r) {
        idle(8);
        drive_flit(b, 0, 1u, 0, here, payload);
        idle(8);
        rec.begin(payload ? "write_random" : "write");
        for (unsigned i = 1; i < kDepth; ++i) {
          drive_flit(b, 0, i + 1 == kDepth ? 2u : 0u, 0, here, payload);
          step();
        }
        idle(2);
        rec.end();
        idle(8);
        rec.begin(payload ? "forward_random" : "forward");
        for (unsigned i = 0; i < kDepth; ++i) {
          drive_credit(out, out_vc());
          step();
        }
        idle(6);
        rec.end();
      }
    }
    return_all();
    idle(8);
    // heads: single-flit worms, each routed, allocated and delivered alone
    constexpr unsigned kWorms = 8;
    rec.begin("head");
    for (unsigned i = 0; i < kWorms; ++i) {
      drive_flit(b, 0, 3u, 0, here, false);
      step();
      for (unsigned c = 0; c < 7; ++c) {
        if (owed_out() > 0) drive_credit(out, out_vc());
        step();
      }
    }
    rec.end();
    idle(8);
    // contention: two single-flit worms for the same output in one cycle
    rec.begin("contention");
    for (unsigned i = 0; i < kWorms; ++i) {
      drive_flit(a, 0, 3u, 0, here, false);
      drive_flit(b, 0, 3u, 0, here, false);
      step();
      for (unsigned c = 0; c < 11; ++c) {
        if (owed_out() > 0) drive_credit(out, out_vc());
        step();
      }
    }
    rec.end();
    idle(8);
    top->final();
    std::printf("netlist lockstep: %lu cycles equal, %lu flits out (events)\n", cycle, flits);
    return 0;
  }

  const bool unicast = mode == "unicast";
  rec.begin("random");
  for (; cycle < cycles;) {
    // stimulus
    for (unsigned p = 0; p < kPorts; ++p) {
      if (!chance(0.7)) continue;
      std::vector<unsigned> ready;
      for (unsigned v = 0; v < kVcs; ++v)
        if (in[p * kVcs + v].credits > 0) ready.push_back(v);
      if (ready.empty()) continue;
      const unsigned v = ready[below(ready.size())];
      InVc& s = in[p * kVcs + v];
      if (s.remaining == 0) {
        s.kind = chance(0.75) || unicast ? 0u : 1u + static_cast<unsigned>(below(3));
        s.length = 1 + static_cast<unsigned>(below(5));
        if (s.kind == 1 && s.length < 3) s.length = 3;
        s.remaining = s.length;
        s.seq = 0;
      }
      const unsigned type = (s.seq == 0 ? 1u : 0u) | (s.remaining == 1 ? 2u : 0u);
      const unsigned dst = chance(0.25) ? here : static_cast<unsigned>(below(kNodes));
      drive_flit(p, v, type, s.kind, dst, true);
      if (s.kind == 1 && s.seq == 1)  // a list worm's address flit: node ids (the routing table has kNodes entries)
        for (unsigned q = 0; q < kFlitW / kNodeW; ++q) setb(top->flit_data_i, p * kFlitW + q * kNodeW, kNodeW, below(kNodes));
      if ((type & 1u) && s.kind != 0 && dst == here) ++forks_seen;
      ++s.seq;
      --s.remaining;
    }
    for (unsigned o = 0; o < kPorts; ++o) {
      if (!chance(0.6)) continue;
      std::vector<unsigned> vs;
      for (unsigned v = 0; v < kVcs; ++v)
        if (owed[o * kVcs + v] > 0) vs.push_back(v);
      if (vs.empty()) continue;
      drive_credit(o, vs[below(vs.size())]);
    }
    step();
  }
  rec.end();
  top->final();
  std::printf("netlist lockstep: %lu cycles equal, %lu flits out, %lu worm heads at a destination\n", cycles, flits,
              forks_seen);
  if (flits < cycles / 4) {
    std::printf("netlist lockstep: too little traffic crossed (%lu flits)\n", flits);
    return 1;
  }
  return 0;
}
