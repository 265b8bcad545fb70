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

constexpr unsigned kNet = NP, kPorts = NP + 1, kVcs = NV, kDepth = DEPTH, kFlitW = FW, kNodeW = NW, kNodes = NODES;
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

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 6) {
    std::fprintf(stderr, "usage: netlist_lockstep SEED CYCLES [STIMULUS PHASES [random|unicast|events]]\n");
    return 2;
  }
  const unsigned long seed = std::strtoul(argv[1], nullptr, 10);
  const unsigned long cycles = std::strtoul(argv[2], nullptr, 10);
  const std::string mode = argc > 5 ? argv[5] : "random";
  if (mode != "random" && mode != "unicast" && mode != "events") {
    std::fprintf(stderr, "netlist_lockstep: mode: expected random, unicast or events, not '%s'\n", mode.c_str());
    return 2;
  }
  Recorder rec(argc > 3 ? argv[3] : nullptr, argc > 4 ? argv[4] : nullptr);
  std::printf("netlist lockstep: seed %lu, %u+1 ports, %u VCs, depth %u, FlitW %u, %s\n", seed, kNet, kVcs, kDepth,
              kFlitW, mode.c_str());
  std::mt19937_64 rng(seed);
  auto below = [&](std::uint64_t n) { return static_cast<std::uint64_t>(rng() % n); };
  auto chance = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };

  auto ctx = std::make_unique<VerilatedContext>();
  auto top = std::make_unique<Vnetlist_pair>(ctx.get());

  // configuration: this router, its neighbours, its coordinates
  const unsigned here = static_cast<unsigned>(below(kNodes));
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
  rec.field(top->router_id_i, kNodeW);
  rec.field(top->coord_i, 64);
  rec.field(top->hp_next_i, kNodeW);
  rec.field(top->hp_prev_i, kNodeW);
  rec.field(top->neighbor_id_i, kNet * kNodeW);
  rec.end_line();

  std::unique_ptr<VerilatedVcdC> vcd;
  if (const char* path = std::getenv("NETLIST_VCD")) {
    ctx->traceEverOn(true);
    vcd = std::make_unique<VerilatedVcdC>();
    top->trace(vcd.get(), 99);
    vcd->open(path);
  }
  std::uint64_t t = 0;
  auto edge = [&] {
    top->clk_i = 0;
    top->eval();
    if (vcd) vcd->dump(t);
    top->clk_i = 1;
    top->eval();
    if (vcd) vcd->dump(t + 5);
    t += 10;
    rec.field(top->rst_ni, 1);
    rec.field(top->table_we_i, 1);
    rec.field(top->table_dst_i, kNodeW);
    rec.field(top->table_port_i, kPortW);
    rec.field(top->table_vcs_i, kVcs);
    rec.field(top->flit_valid_i, kPorts);
    rec.field(top->flit_vc_i, kPorts * kVcW);
    rec.field(top->flit_type_i, kPorts * 2);
    rec.field(top->flit_data_i, kPorts * kFlitW);
    rec.field(top->credit_valid_i, kPorts);
    rec.field(top->credit_vc_i, kPorts * kVcW);
    // the RTL's outputs ([0] of each pair: its low bits)
    rec.field(top->credit_valid_o, kPorts);
    rec.field(top->credit_vc_o, kPorts * kVcW);
    rec.field(top->flit_valid_o, kPorts);
    rec.field(top->flit_vc_o, kPorts * kVcW);
    rec.field(top->flit_type_o, kPorts * 2);
    rec.field(top->flit_data_o, kPorts * kFlitW);
    rec.end_line();
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
