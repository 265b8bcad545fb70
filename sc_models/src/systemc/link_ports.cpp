#include <wormsim/systemc/link_ports.h>

#include <stdexcept>

namespace wormsim::systemc {
namespace {

template <class Port>
auto named(const std::vector<std::string>& labels, const char* prefix, const char* suffix) {
  return [&labels, prefix, suffix](const char*, std::size_t i) {
    return new Port((std::string(prefix) + labels[i] + suffix).c_str());
  };
}

}  // namespace

LinkPorts::LinkPorts(const sc_core::sc_module_name& name, std::vector<std::string> labels)
    : sc_core::sc_module(name), clk("clk"), rst_n("rst_n"), in("in"), in_credit("in_credit"), out("out"),
      out_credit("out_credit"), labels_(std::move(labels)) {
  const std::size_t n = labels_.size();
  in.init(n, named<sc_core::sc_in<FlitSlot>>(labels_, "in_", ""));
  in_credit.init(n, named<sc_core::sc_out<CreditSlot>>(labels_, "in_", "_credit"));
  out.init(n, named<sc_core::sc_out<FlitSlot>>(labels_, "out_", ""));
  out_credit.init(n, named<sc_core::sc_in<CreditSlot>>(labels_, "out_", "_credit"));
}

void trace_ports(sc_core::sc_trace_file* tf, const LinkPorts& m, const std::string& prefix) {
  const auto& labels = m.port_labels();
  for (std::size_t p = 0; p < labels.size(); ++p) {
    sc_core::sc_trace(tf, m.in[p], prefix + ".in_" + labels[p]);
    sc_core::sc_trace(tf, m.in_credit[p], prefix + ".in_" + labels[p] + "_credit");
    sc_core::sc_trace(tf, m.out[p], prefix + ".out_" + labels[p]);
    sc_core::sc_trace(tf, m.out_credit[p], prefix + ".out_" + labels[p] + "_credit");
  }
}

LinkPortModule::LinkPortModule(const sc_core::sc_module_name& name, std::vector<std::string> labels)
    : LinkPorts(name, std::move(labels)) {
  const std::size_t n = port_labels().size();
  driving_flit_.assign(n, 0);
  driving_credit_.assign(n, 0);
  SC_HAS_PROCESS(LinkPortModule);
  SC_METHOD(on_clock);
  sensitive << clk.pos();
  dont_initialize();
}

void LinkPortModule::end_of_elaboration() {
  if (port_labels().size() > 64) throw std::invalid_argument(std::string(name()) + ": more than 64 ports");
  rst_if_ = dynamic_cast<const sc_core::sc_signal_in_if<bool>*>(rst_n.get_interface());
  for (std::size_t p = 0; p < port_labels().size(); ++p) {
    in_if_.push_back(dynamic_cast<const sc_core::sc_signal_in_if<FlitSlot>*>(in[p].get_interface()));
    out_credit_if_.push_back(dynamic_cast<const sc_core::sc_signal_in_if<CreditSlot>*>(out_credit[p].get_interface()));
    out_if_.push_back(dynamic_cast<sc_core::sc_signal_inout_if<FlitSlot>*>(out[p].get_interface()));
    in_credit_if_.push_back(dynamic_cast<sc_core::sc_signal_inout_if<CreditSlot>*>(in_credit[p].get_interface()));
    const std::uint64_t bit = std::uint64_t{1} << p;
    if (auto* s = dynamic_cast<LinkSignal<FlitSlot>*>(in[p].get_interface()))
      s->notify_reader(&arrived_flits_, static_cast<unsigned>(p));
    else
      polled_flits_ |= bit;
    if (auto* s = dynamic_cast<LinkSignal<CreditSlot>*>(out_credit[p].get_interface()))
      s->notify_reader(&arrived_credits_, static_cast<unsigned>(p));
    else
      polled_credits_ |= bit;
  }
}

void LinkPortModule::start() {
  bridge_ = std::make_unique<LinkBridge>(static_cast<unsigned>(port_labels().size()));
  build(*bridge_);
}

void LinkPortModule::reset() {
  cycle_ = 0;
  arrived_flits_ = arrived_credits_ = 0;
  if (!used_) return;
  used_ = false;
  start();
  for (std::size_t p = 0; p < port_labels().size(); ++p) {
    if (driving_flit_[p]) out_if_[p]->write(FlitSlot{});
    if (driving_credit_[p]) in_credit_if_[p]->write(CreditSlot{});
    driving_flit_[p] = driving_credit_[p] = 0;
  }
}

void LinkPortModule::on_clock() {
  if (!rst_if_->read()) {
    reset();
    return;
  }
  used_ = true;
  LinkBridge& b = *bridge_;
  const std::size_t n = port_labels().size();
  for (std::uint64_t m = arrived_flits_ | polled_flits_; m != 0; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(__builtin_ctzll(m));
    const FlitSlot& f = in_if_[p]->read();
    if (f.valid) b.in(p).send_flit(f.flit);
  }
  for (std::uint64_t m = arrived_credits_ | polled_credits_; m != 0; m &= m - 1) {
    const unsigned p = static_cast<unsigned>(__builtin_ctzll(m));
    const CreditSlot& c = out_credit_if_[p]->read();
    if (!c.valid) continue;
    b.out(p).send_credit(c.vc);
    for (unsigned more = c.more; more != 0; more &= more - 1)  // an input speedup's further credits
      b.out(p).send_credit_merged(static_cast<VcId>(__builtin_ctz(more)));
  }
  arrived_flits_ = arrived_credits_ = 0;
  before_evaluate();
  if (!b.quiet()) {
    b.edge();
    b.evaluate(cycle_);
    b.edge();
    for (std::size_t p = 0; p < n; ++p) {
      const FlitSlot& f = b.out(static_cast<unsigned>(p)).flit();
      if (f.valid || driving_flit_[p]) out_if_[p]->write(f);
      driving_flit_[p] = f.valid;
      const CreditSlot& c = b.in(static_cast<unsigned>(p)).credit();
      if (c.valid || driving_credit_[p]) in_credit_if_[p]->write(c);
      driving_credit_[p] = c.valid;
    }
  }
  ++cycle_;
}

}  // namespace wormsim::systemc
