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

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: netlist_lockstep SEED CYCLES\n");
    return 2;
  }
  const unsigned long seed = std::strtoul(argv[1], nullptr, 10);
  const unsigned long cycles = std::strtoul(argv[2], nullptr, 10);
  std::printf("netlist lockstep: seed %lu, %u+1 ports, %u VCs, depth %u, FlitW %u\n", seed, kNet, kVcs, kDepth, kFlitW);
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
  unsigned long flits = 0, forks_seen = 0;
  constexpr unsigned kHeaderW = 2 * kNodeW + 7;
  for (unsigned long cycle = 0; cycle < cycles; ++cycle) {
    // stimulus
    top->flit_valid_i = 0;
    top->credit_valid_i = 0;
    for (unsigned p = 0; p < kPorts; ++p) {
      if (!chance(0.7)) continue;
      std::vector<unsigned> ready;
      for (unsigned v = 0; v < kVcs; ++v)
        if (in[p * kVcs + v].credits > 0) ready.push_back(v);
      if (ready.empty()) continue;
      const unsigned v = ready[below(ready.size())];
      InVc& s = in[p * kVcs + v];
      if (s.remaining == 0) {
        s.kind = chance(0.75) ? 0u : 1u + static_cast<unsigned>(below(3));
        s.length = 1 + static_cast<unsigned>(below(5));
        if (s.kind == 1 && s.length < 3) s.length = 3;
        s.remaining = s.length;
        s.seq = 0;
      }
      const unsigned type = (s.seq == 0 ? 1u : 0u) | (s.remaining == 1 ? 2u : 0u);
      setb(top->flit_valid_i, p, 1, 1);
      setb(top->flit_vc_i, p * kVcW, kVcW, v);
      setb(top->flit_type_i, p * 2, 2, type);
      for (unsigned w = 0; w < kFlitW; w += 32) setb(top->flit_data_i, p * kFlitW + w, std::min(32u, kFlitW - w), rng());
      if (s.kind == 1 && s.seq == 1)  // a list worm's address flit: node ids (the routing table has kNodes entries)
        for (unsigned q = 0; q < kFlitW / kNodeW; ++q) setb(top->flit_data_i, p * kFlitW + q * kNodeW, kNodeW, below(kNodes));
      if (type & 1u) {
        const unsigned b = p * kFlitW;
        const unsigned kind = s.kind;
        const unsigned dst = chance(0.25) ? here : static_cast<unsigned>(below(kNodes));
        setb(top->flit_data_i, b, kNodeW, dst);
        setb(top->flit_data_i, b + kNodeW, 2, kind);
        setb(top->flit_data_i, b + kNodeW + 3, 4, kind == 1 ? below(kFlitW / kNodeW) : below(kNet));
        setb(top->flit_data_i, b + kNodeW + 7, kNodeW, chance(0.5) ? dst : static_cast<unsigned>(below(kNodes)));
        if (kind != 0 && dst == here) ++forks_seen;
        static_assert(kHeaderW <= kFlitW, "header must fit the flit");
      }
      ++s.seq;
      --s.remaining;
      --s.credits;
    }
    for (unsigned o = 0; o < kPorts; ++o) {
      if (!chance(0.6)) continue;
      std::vector<unsigned> vs;
      for (unsigned v = 0; v < kVcs; ++v)
        if (owed[o * kVcs + v] > 0) vs.push_back(v);
      if (vs.empty()) continue;
      const unsigned v = vs[below(vs.size())];
      --owed[o * kVcs + v];
      setb(top->credit_valid_i, o, 1, 1);
      setb(top->credit_vc_i, o * kVcW, kVcW, v);
    }
    edge();
    // compare: [0] RTL, [1] netlist
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
  }
  top->final();
  std::printf("netlist lockstep: %lu cycles equal, %lu flits out, %lu worm heads at a destination\n", cycles, flits,
              forks_seen);
  if (flits < cycles / 4) {
    std::printf("netlist lockstep: too little traffic crossed (%lu flits)\n", flits);
    return 1;
  }
  return 0;
}
