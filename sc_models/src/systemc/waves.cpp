#include <wormsim/systemc/waves.h>

#include <algorithm>

#include <wormsim/systemc/link_payload.h>

namespace wormsim {

namespace {

bool selected(const Link& link, const std::vector<NodeId>& routers) {
  if (routers.empty()) return true;
  for (NodeId r : routers)
    if (link.upstream().node == r || link.downstream().node == r) return true;
  return false;
}

}  // namespace

std::size_t traced_links(const Network& network, const std::vector<NodeId>& routers) {
  std::size_t n = 0;
  for (const auto& link : network.links()) n += selected(*link, routers);
  return n;
}

double vcd_bytes_estimate(std::size_t links, Cycle cycles, double rate) {
  const double per_link = std::min(110.0, 6.0 + 60.0 * rate);
  return (per_link * static_cast<double>(links) + 24.0) * static_cast<double>(cycles);
}

LinkTrace::LinkTrace(const std::string& path, Network& network, const std::vector<NodeId>& routers)
    : network_(network) {
  std::string base = path;
  if (base.size() > 4 && base.compare(base.size() - 4, 4, ".vcd") == 0)
    base.resize(base.size() - 4);
  for (const auto& link : network.links())
    if (selected(*link, routers)) links_.push_back(link.get());
  // The traced values live here: SystemC reads them by reference at every
  // time step, so they must not move once traced.
  flits_.resize(links_.size());
  credits_.resize(links_.size());
  refresh();
  tf_ = sc_core::sc_create_vcd_trace_file(base.c_str());
  // The clock also falls mid-cycle; a finer unit keeps those instants exact.
  tf_->set_time_unit(100, sc_core::SC_PS);
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const std::string n = "wormsim." + links_[i]->name();
    sc_trace(tf_, flits_[i], n);
    sc_trace(tf_, credits_[i], n);
  }
  network_.set_edge_listener([this] { refresh(); });
}

LinkTrace::~LinkTrace() { close(); }

void LinkTrace::close() {
  if (tf_ == nullptr) return;
  network_.set_edge_listener({});
  sc_core::sc_close_vcd_trace_file(tf_);
  tf_ = nullptr;
}

void LinkTrace::refresh() {
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const FlitSlot f = links_[i]->flit();
    flits_[i].valid = f.valid;
    if (f.valid) flits_[i].flit = f.flit;
    const CreditSlot c = links_[i]->credit();
    credits_[i].valid = c.valid;
    if (c.valid) credits_[i] = c;
  }
}

}  // namespace wormsim
