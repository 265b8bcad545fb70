// Lockstep bench: the verilated RTL router and the SystemC-model router get
// the same stimulus every cycle (random legal flit streams on every input:
// random packet lengths, destinations, VCs and idle gaps, and list worms
// (multicast with their destinations in address flits, arriving at a random
// hop, so that many fork here, wait for their address flit and leave one
// behind); random credit return on every output) and every output (flit
// valid, VC, type and every data bit
// against the model's flit in the hardware format; credit valid and VC) is
// compared every cycle. Before cycle 0 the RTL's routing-table memory is
// written through its configuration port, one entry per cycle, while reset
// is held. The first mismatch stops the run and reports cycle, port, both
// values and the seed.
#pragma once
#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <systemc>

#include <wormsim/core/rng.h>
#include <wormsim/multicast/worm.h>

#include "router/router_harness.h"
#include "rtl/bits.h"
#include <wormsim/systemc/rtl_ports.h>

namespace wormsim::test {

using namespace wormsim::systemc::rtl;

struct LockstepConfig {
  unsigned net_ports = 4, local_ports = 1, vcs = 2, depth = 4, nodes = 16;
  NodeId router_id = 5;
  std::uint64_t seed = 1;
  std::uint64_t cycles = 100000;
  double idle = 0.3;          ///< chance an input sends nothing in a cycle
  double credit_rate = 0.7;   ///< chance an output returns a pending credit in a cycle
  double worm_share = 0.2;    ///< chance a new packet is a list worm
  bool perturb_credit_delay = false;  ///< test-only: model sees output credits one cycle late
};

struct LockstepResult {
  bool ok = true;
  std::uint64_t cycles = 0, flits_out = 0;
  std::string mismatch;
};


template <class Rtl>
class LockstepBench : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;

  LockstepBench(const sc_core::sc_module_name& name, const LockstepConfig& cfg)
      : sc_core::sc_module(name), clk("clk"), cfg_(cfg), rng_(cfg.seed, 77),
        ports_(cfg.net_ports + cfg.local_ports), in_codec_(HwFlitFormat{}, ports_, cfg.vcs, &worms_),
        expect_codec_(HwFlitFormat{}, ports_, cfg.vcs, &worms_), rtl_("rtl") {
    // routing table: random network port and random non-empty VC mask
    table_.resize(cfg.nodes);
    masks_.resize(cfg.nodes);
    for (unsigned d = 0; d < cfg.nodes; ++d) {
      table_[d] = static_cast<PortId>(rng_.below(cfg.net_ports));
      masks_[d] = static_cast<std::uint32_t>(1 + rng_.below((1u << cfg.vcs) - 1));
    }
    RouterConfig rc;
    rc.network_ports = cfg.net_ports;
    rc.local_ports = cfg.local_ports;
    rc.vcs = cfg.vcs;
    rc.buffer_depth = cfg.depth;
    model_ = std::make_unique<RouterHarness>(rc, table_, cfg.router_id, masks_, &worms_);
    inputs_.assign(ports_ * cfg.vcs, InputVc{});
    for (auto& in : inputs_) in.credits = cfg.depth;
    pending_.assign(ports_ * cfg.vcs, 0);
    bind();
    SC_HAS_PROCESS(LockstepBench);
    SC_METHOD(on_negedge);
    sensitive << clk.neg();
    dont_initialize();
  }

  Rtl& rtl() { return rtl_; }
  const LockstepResult& result() const { return result_; }

 private:
  struct InputVc {
    unsigned credits = 0;
    unsigned remaining = 0;  ///< flits of the current packet still to send
    unsigned seq = 0, length = 0;
    NodeId dst = 0, src = 0;
    std::uint64_t packet = 0;
    std::uint32_t worm = 0;       ///< list worm (WormTable index) or 0
    unsigned hop = 0;             ///< the worm copy heads for destinations[hop]
    std::vector<unsigned> seqs;   ///< the worm copy's flits (consumed address flits left out)
  };

  // A list worm copy as it arrives here: 2 to 9 distinct destinations, the
  // current one this router half of the time, arriving at a random hop with
  // the address flits the forks before it left behind, 1 to 4 payload flits.
  void start_worm(InputVc& in) {
    const unsigned n = 2 + static_cast<unsigned>(rng_.below(8));
    std::vector<NodeId> d;
    while (d.size() < n) {
      const NodeId x = static_cast<NodeId>(rng_.below(cfg_.nodes));
      if (std::find(d.begin(), d.end(), x) == d.end()) d.push_back(x);
    }
    in.hop = static_cast<unsigned>(rng_.below(n));
    if (rng_.bernoulli(0.5)) {  // make this router the destination it heads for
      const auto here = std::find(d.begin(), d.end(), cfg_.router_id);
      if (here != d.end()) std::swap(*here, d[in.hop]);
      else d[in.hop] = cfg_.router_id;
    }
    const unsigned address = header_flits(HeaderForm::List, n, kDefaultFlitBits);
    const unsigned payload = 1 + static_cast<unsigned>(rng_.below(4));
    in.length = 1 + address + payload;
    in.seqs.assign(1, 0);
    for (unsigned s = 1 + address_flits_dropped(n, in.hop, kDefaultFlitBits); s < in.length; ++s) in.seqs.push_back(s);
    in.remaining = static_cast<unsigned>(in.seqs.size());
    in.dst = d[in.hop];
    in.worm = worms_.add(WormRoute{std::move(d), HeaderForm::List, static_cast<WormClass>(rng_.below(2))});
  }

  void bind() {
    sig_.bind(rtl_, clk, rst_n_);
    sig_.router_id.write(cfg_.router_id);
  }

  // One routing-table entry per cycle through the configuration port.
  void write_table_entry(unsigned d) {
    sig_.table_we.write(d < cfg_.nodes);
    if (d >= cfg_.nodes) return;
    sig_.table_dst.write(static_cast<port_value_t<decltype(sig_.table_dst)>>(d));
    sig_.table_port.write(static_cast<port_value_t<decltype(sig_.table_port)>>(table_[d]));
    sig_.table_vcs.write(static_cast<port_value_t<decltype(sig_.table_vcs)>>(masks_[d]));
  }

  template <class Sig>
  void write(Sig& sig, const Bits& b) {
    port_value_t<Sig> v{};
    to_port(v, b);
    sig.write(v);
  }
  template <class Sig>
  sc_dt::sc_bv<4096> read(const Sig& sig) const {
    sc_dt::sc_bv<4096> b;
    from_port(b, sig.read());
    return b;
  }

  void on_negedge() {
    if (result_.cycles >= cfg_.cycles || !result_.ok) {
      sc_core::sc_stop();
      return;
    }
    if (reset_cycles_ < cfg_.nodes + 2) {  // reset held while the table is written, then two more edges
      write_table_entry(reset_cycles_);
      ++reset_cycles_;
      rst_n_.write(reset_cycles_ == cfg_.nodes + 2);
      return;
    }
    compare();
    if (!result_.ok) return;
    drive();
    ++result_.cycles;
  }

  // Outputs of the edge just past: RTL registers against the model's links.
  void compare() {
    const auto fv = read(sig_.flit_valid_out), fvc = read(sig_.flit_vc_out);
    const auto ft = read(sig_.flit_type_out), fd = read(sig_.flit_data_out);
    const auto cv = read(sig_.credit_valid_out), cvc = read(sig_.credit_vc_out);
    const int vc_w = index_width(cfg_.vcs);
    const int flit_w = static_cast<int>(expect_codec_.format().flit_bits);
    for (unsigned p = 0; p < ports_; ++p) {
      const FlitSlot& mf = model_->out(p).flit();
      const bool rv = fv[static_cast<int>(p)].to_bool();
      if (rv != mf.valid) return fail(p, "flit_valid", rv, mf.valid);
      if (rv) {
        ++result_.flits_out;
        sc_dt::sc_bv<4096> et, ed;  // the model's flit in the hardware format
        expect_codec_.encode(et, ed, p, mf.flit, cfg_.router_id);
        const std::uint64_t rvc = get(fvc, static_cast<int>(p) * vc_w, vc_w);
        if (rvc != mf.flit.vc) return fail(p, "flit vc", rvc, mf.flit.vc);
        const std::uint64_t rt = get(ft, static_cast<int>(2 * p), 2), mt = get(et, static_cast<int>(2 * p), 2);
        if (rt != mt) return fail(p, "flit type", rt, mt);
        for (int w = 0; w < flit_w; w += 32) {
          const int lsb = static_cast<int>(p) * flit_w + w, n = std::min(32, flit_w - w);
          const std::uint64_t r = get(fd, lsb, n), m = get(ed, lsb, n);
          if (r != m) return fail(p, ("flit data bits " + std::to_string(w) + ".." + std::to_string(w + n - 1)).c_str(), r, m);
        }
      }
      const CreditSlot& mc = model_->in(p).credit();
      const bool rc = cv[static_cast<int>(p)].to_bool();
      if (rc != mc.valid) return fail(p, "credit_valid", rc, mc.valid);
      if (rc) {
        const std::uint64_t rvc = get(cvc, static_cast<int>(p) * vc_w, vc_w);
        if (rvc != mc.vc) return fail(p, "credit_vc", rvc, mc.vc);
      }
    }
  }

  void fail(unsigned port, const std::string& what, std::uint64_t rtl_value, std::uint64_t model_value) {
    std::ostringstream os;
    os << "lockstep mismatch at cycle " << result_.cycles << ", port " << port << " ("
       << (port < cfg_.net_ports ? "network" : "local") << "), " << what << ": RTL " << rtl_value
       << ", model " << model_value << " (seed " << cfg_.seed << ", " << cfg_.net_ports << "+"
       << cfg_.local_ports << " ports, " << cfg_.vcs << " VCs, depth " << cfg_.depth << ")";
    result_.ok = false;
    result_.mismatch = os.str();
    sc_core::sc_stop();  // before another edge runs the RTL on stale inputs (its assertions would abort first)
  }

  // Stimulus for the next edge, applied to both.
  void drive() {
    // feedback from the edge just past (the outputs matched)
    for (unsigned p = 0; p < ports_; ++p) {
      const CreditSlot& c = model_->in(p).credit();
      if (c.valid) ++inputs_[p * cfg_.vcs + c.vc].credits;
      const FlitSlot& f = model_->out(p).flit();
      if (f.valid) ++pending_[p * cfg_.vcs + f.flit.vc];
    }
    sc_dt::sc_bv<4096> fv, fvc, ft, fd, cv, cvc;
    const int vc_w = index_width(cfg_.vcs);
    for (unsigned p = 0; p < ports_; ++p) {
      if (rng_.bernoulli(cfg_.idle)) continue;
      std::vector<unsigned> ready;
      for (unsigned v = 0; v < cfg_.vcs; ++v)
        if (inputs_[p * cfg_.vcs + v].credits > 0) ready.push_back(v);
      if (ready.empty()) continue;
      const unsigned v = ready[rng_.below(ready.size())];
      InputVc& in = inputs_[p * cfg_.vcs + v];
      if (in.remaining == 0) {
        in.worm = 0;
        if (rng_.bernoulli(cfg_.worm_share)) {
          start_worm(in);
        } else {
          in.length = 1 + static_cast<unsigned>(rng_.below(6));
          in.remaining = in.length;
          in.dst = static_cast<NodeId>(rng_.below(cfg_.nodes));
        }
        in.seq = 0;
        in.src = static_cast<NodeId>(rng_.below(cfg_.nodes));
        in.packet = next_packet_++ * 1000003ull + cfg_.seed;
      }
      Flit f;
      f.packet = in.packet;
      f.src = in.src;
      f.dst = in.dst;
      f.seq = static_cast<std::uint16_t>(in.worm ? in.seqs[in.seq] : in.seq);
      f.vc = static_cast<VcId>(v);
      f.type = flit_type_for(f.seq, in.length);
      if (in.worm != 0) {
        const WormRoute& w = worms_[in.worm];
        f.worm = in.worm;
        f.hop = static_cast<std::uint16_t>(in.hop);
        f.mc.kind = 1;
        f.mc.cls = w.cls;
        f.mc.last = w.destinations.back();
      }
      ++in.seq;
      --in.remaining;
      --in.credits;
      model_->in(p).send_flit(f);
      fv[static_cast<int>(p)] = true;
      put(fvc, static_cast<int>(p) * vc_w, vc_w, f.vc);
      in_codec_.encode(ft, fd, p, f, cfg_.router_id);
    }
    for (unsigned o = 0; o < ports_; ++o) {
      if (!rng_.bernoulli(cfg_.credit_rate)) continue;
      std::vector<unsigned> owed;
      for (unsigned v = 0; v < cfg_.vcs; ++v)
        if (pending_[o * cfg_.vcs + v] > 0) owed.push_back(v);
      if (owed.empty()) continue;
      const unsigned v = owed[rng_.below(owed.size())];
      --pending_[o * cfg_.vcs + v];
      cv[static_cast<int>(o)] = true;
      put(cvc, static_cast<int>(o) * vc_w, vc_w, v);
      if (cfg_.perturb_credit_delay) {
        delayed_.push_back({o, v});
      } else {
        model_->out(o).send_credit(static_cast<VcId>(v));
      }
    }
    if (cfg_.perturb_credit_delay) {  // deliver last cycle's credits to the model now
      for (auto [o, v] : late_) model_->out(o).send_credit(static_cast<VcId>(v));
      late_.swap(delayed_);
      delayed_.clear();
    }
    write(sig_.flit_valid_in, fv);
    write(sig_.flit_vc_in, fvc);
    write(sig_.flit_type_in, ft);
    write(sig_.flit_data_in, fd);
    write(sig_.credit_valid_in, cv);
    write(sig_.credit_vc_in, cvc);
    model_->edge();
  }

  LockstepConfig cfg_;
  Rng rng_;
  WormTable worms_;  // before the codecs and the model, which keep a pointer to it
  unsigned ports_;
  FlitCodec in_codec_, expect_codec_;
  Rtl rtl_;
  std::vector<PortId> table_;
  std::vector<std::uint32_t> masks_;
  std::unique_ptr<RouterHarness> model_;
  std::vector<InputVc> inputs_;
  std::vector<unsigned> pending_;
  std::vector<std::pair<unsigned, unsigned>> delayed_, late_;
  std::uint64_t next_packet_ = 1;
  unsigned reset_cycles_ = 0;
  LockstepResult result_;

  sc_core::sc_signal<bool> rst_n_{"rst_n", false};
  RtlRouterSignals<Rtl> sig_;
};

}  // namespace wormsim::test
