// fabric_stimulus: what every router of a fabric run sees and does, cycle
// by cycle, written as one stimulus per router in the format of
// tb/netlist/netlist_lockstep.cpp's Recorder, so that the router's netlist
// can be fed exactly its fabric traffic alone (netlist_lockstep ... replay)
// and priced gate by gate (scripts/energy --fabric).
//
//   fabric_stimulus OUTDIR TOPOLOGY ROUTING RATE CYCLES SEED
//
// The run is `wormsim run --topology TOPOLOGY --routing ROUTING --vcs 1
// --buffer 4 --flit-bits 32 --packet 4 --rate RATE --warmup 0 --cycles
// CYCLES --seed SEED` (the configuration s3pt_v1_b4_w32: 32-bit flits,
// 12-bit node ids, an 80-entry routing table, one VC, depth 4), simulated by
// the fast engine. Per router n (OUTDIR/r<n>.stim):
//  - a header: its id, coordinates, Hamiltonian neighbours and neighbour ids;
//  - reset held while its routing table is written, one destination per
//    line: the port the run's routing gives a head for it (the routing must
//    name one port per router and destination, as a table does: every head
//    seen leaving is checked against it);
//  - one line per cycle k < CYCLES: its inputs (the flits on its input links
//    and the credits on its output links after the clock edge of cycle k)
//    and its outputs of the next edge (its output links' flits and its input
//    links' credits after edge k + 1).
// A flit's data is the RTL's: a head holds its destination in the low 12
// bits and kind 0 (unicast) above them; every other bit is a hash of the
// packet id and the flit's index (random payload, the same at every router).
// Prints the window's flits in and out over all routers.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <wormsim/routing/registry.h>
#include <wormsim/sim/simulation.h>
#include <wormsim/systemc/rtl_ports.h>
#include <wormsim/topology/topology.h>

namespace {

using namespace wormsim;

constexpr unsigned kNodeW = 12, kFlitW = 32, kTableNodes = 80, kVcW = 1;

std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

std::uint32_t flit_data(const Flit& f) {
  const std::uint32_t payload = static_cast<std::uint32_t>(mix(f.packet * 65536 + f.seq));
  if (!is_head(f.type)) return payload;
  // destination, kind 0 (unicast), the rest payload
  return (payload & ~((1u << (kNodeW + 2)) - 1u)) | (f.dst & ((1u << kNodeW) - 1u));
}

/// A field of `width` bits as hex digits, most significant first.
class Bits {
 public:
  explicit Bits(unsigned width) : width_(width), v_((width + 63) / 64, 0) {}
  void set(unsigned lsb, unsigned w, std::uint64_t x) {
    for (unsigned i = 0; i < w; ++i)
      if ((x >> i) & 1u) v_[(lsb + i) / 64] |= 1ull << ((lsb + i) % 64);
  }
  std::string hex() const {
    std::string s;
    for (int n = static_cast<int>((width_ + 3) / 4) - 1; n >= 0; --n) {
      unsigned d = 0;
      for (unsigned b = 0; b < 4; ++b) {
        const unsigned bit = static_cast<unsigned>(n) * 4 + b;
        if (bit < width_ && ((v_[bit / 64] >> (bit % 64)) & 1u)) d |= 1u << b;
      }
      s += "0123456789abcdef"[d];
    }
    return s;
  }

 private:
  unsigned width_;
  std::vector<std::uint64_t> v_;
};

/// One side of a router's ports in one cycle: flits (valid, VC, type, data)
/// and credits (valid, VC) per port.
struct PortsState {
  std::vector<FlitSlot> flits;
  std::vector<CreditSlot> credits;
};

}  // namespace

int sc_main(int argc, char** argv) {  // libsystemc supplies main()
  if (argc != 7) {
    std::fprintf(stderr, "usage: fabric_stimulus OUTDIR TOPOLOGY ROUTING RATE CYCLES SEED\n");
    return 2;
  }
  const std::string out = argv[1];
  Scenario s;
  s.topology = argv[2];
  s.routing = argv[3];
  s.rate = std::strtod(argv[4], nullptr);
  s.vcs = 1;
  s.buffer = 4;
  s.flit_bits = 32;
  s.packet = 4;
  s.warmup = 0;
  s.cycles = std::strtoull(argv[5], nullptr, 10);
  s.seed = std::strtoull(argv[6], nullptr, 10);
  Simulation sim(s);
  Network& net = sim.network();
  const Topology& t = sim.topology();
  const unsigned nodes = static_cast<unsigned>(t.num_nodes());
  const unsigned ports = net.router(0).config().total_ports();
  if (t.num_ports != 4 || ports != 5 || nodes > kTableNodes) {
    std::fprintf(stderr, "fabric_stimulus: the s3pt_v1_b4_w32 router has 4+1 ports and 80 table entries; %s has %u+%u "
                         "ports and %u nodes\n", s.topology.c_str(), t.num_ports, ports - t.num_ports, nodes);
    return 2;
  }
  // After each edge: per router, its inputs (flits in, credits on its
  // output links) and its outputs (flits out, credits on its input links).
  const std::size_t cycles = static_cast<std::size_t>(s.cycles) + 1;
  std::vector<std::vector<PortsState>> in(nodes), outs(nodes);
  std::vector<std::vector<unsigned>> table(nodes, std::vector<unsigned>(kTableNodes, 0));
  const auto routing = make_routing(sim.scenario().routing, t, 1);
  for (NodeId n = 0; n < nodes; ++n)
    for (NodeId d = 0; d < nodes; ++d) {
      if (d == n) continue;
      Flit head;
      head.type = FlitType::HeadTail;
      head.dst = d;
      head.src = n;
      RouteSet r;
      routing->route(n, static_cast<PortId>(t.num_ports), 0, head, r);
      if (r.size() != 1) {
        std::fprintf(stderr, "fabric_stimulus: routing %s offers %zu ports at router %u for %u: a table holds one\n",
                     sim.scenario().routing.c_str(), r.size(), n, d);
        return 2;
      }
      table[n][d] = r[0].port;
    }
  std::uint64_t flits_in = 0, flits_out = 0;
  for (std::size_t k = 0; k < cycles; ++k) {
    sim.tick_evaluate();
    sim.tick_commit();
    for (NodeId n = 0; n < nodes; ++n) {
      PortsState a, b;
      for (PortId p = 0; p < ports; ++p) {
        const Link* i = net.router_input(n, p);
        const Link* o = net.router_output(n, p);
        a.flits.push_back(i ? i->flit() : FlitSlot{});
        a.credits.push_back(o ? o->credit() : CreditSlot{});
        b.flits.push_back(o ? o->flit() : FlitSlot{});
        b.credits.push_back(i ? i->credit() : CreditSlot{});
        if (k + 1 < cycles && a.flits.back().valid) ++flits_in;
        if (k > 0 && b.flits.back().valid) {
          ++flits_out;
          const Flit& f = b.flits.back().flit;
          if (is_head(f.type) && p < t.num_ports && table[n][f.dst] != p) {
            std::fprintf(stderr, "fabric_stimulus: router %u sent a head for %u on port %u, its table says %u\n", n,
                         f.dst, p, table[n][f.dst]);
            return 1;
          }
        }
      }
      in[n].push_back(std::move(a));
      outs[n].push_back(std::move(b));
    }
  }
  const unsigned port_w = 3;  // index_width(5)
  for (NodeId n = 0; n < nodes; ++n) {
    const std::string path = out + "/r" + std::to_string(n) + ".stim";
    std::FILE* f = std::fopen(path.c_str(), "w");
    if (!f) {
      std::fprintf(stderr, "fabric_stimulus: cannot write %s\n", path.c_str());
      return 2;
    }
    const systemc::rtl::RouterConstants c = systemc::rtl::router_constants(t, n);
    Bits id(kNodeW), coord(64), next(kNodeW), prev(kNodeW), nb(4 * kNodeW);
    id.set(0, kNodeW, n);
    coord.set(0, 64, c.coord);
    next.set(0, kNodeW, c.hp_next);
    prev.set(0, kNodeW, c.hp_prev);
    for (unsigned p = 0; p < 4; ++p) nb.set(p * kNodeW, kNodeW, c.neighbors[p]);
    std::fprintf(f, " %s %s %s %s %s\n", id.hex().c_str(), coord.hex().c_str(), next.hex().c_str(),
                 prev.hex().c_str(), nb.hex().c_str());
    auto line = [&](bool rst_n, bool we, unsigned dst, unsigned port, const PortsState* a, const PortsState* b) {
      Bits r(1), w(1), d(kNodeW), tp(port_w), tv(1), fv(ports), fvc(ports * kVcW), ft(ports * 2), fd(ports * kFlitW),
          cv(ports), cvc(ports * kVcW);
      Bits ocv(ports), ocvc(ports * kVcW), ofv(ports), ofvc(ports * kVcW), oft(ports * 2), ofd(ports * kFlitW);
      r.set(0, 1, rst_n);
      w.set(0, 1, we);
      d.set(0, kNodeW, dst);
      tp.set(0, port_w, port);
      tv.set(0, 1, we ? 1 : 0);
      auto fill = [&](const PortsState* st, Bits& v, Bits& vc, Bits& type, Bits& data, Bits& cr, Bits& crvc) {
        for (unsigned p = 0; st && p < ports; ++p) {
          if (st->flits[p].valid) {
            const Flit& x = st->flits[p].flit;
            v.set(p, 1, 1);
            vc.set(p * kVcW, kVcW, x.vc);
            type.set(p * 2, 2, static_cast<unsigned>(x.type));
            data.set(p * kFlitW, kFlitW, flit_data(x));
          }
          if (st->credits[p].valid) {
            cr.set(p, 1, 1);
            crvc.set(p * kVcW, kVcW, st->credits[p].vc);
          }
        }
      };
      fill(a, fv, fvc, ft, fd, cv, cvc);
      fill(b, ofv, ofvc, oft, ofd, ocv, ocvc);
      std::string text;
      for (const Bits* x : {&r, &w, &d, &tp, &tv, &fv, &fvc, &ft, &fd, &cv, &cvc, &ocv, &ocvc, &ofv, &ofvc, &oft, &ofd})
        text += " " + x->hex();
      std::fprintf(f, "%s\n", text.c_str());
    };
    for (unsigned dst = 0; dst < kTableNodes; ++dst) line(false, true, dst, table[n][dst], nullptr, nullptr);
    line(false, false, 0, 0, nullptr, nullptr);
    for (std::size_t k = 0; k + 1 < cycles; ++k) line(true, false, 0, 0, &in[n][k], &outs[n][k + 1]);
    std::fclose(f);
  }
  std::printf("fabric_stimulus: %s, %u routers, %llu cycles: %llu flits in, %llu flits out\n", s.topology.c_str(), nodes,
              static_cast<unsigned long long>(s.cycles), static_cast<unsigned long long>(flits_in),
              static_cast<unsigned long long>(flits_out));
  return 0;
}
