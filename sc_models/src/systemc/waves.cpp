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

sc_core::sc_trace_file* trace_links(const std::string& path, const Network& network,
                                    const std::vector<NodeId>& routers) {
  std::string base = path;
  if (base.size() > 4 && base.compare(base.size() - 4, 4, ".vcd") == 0)
    base.resize(base.size() - 4);
  sc_core::sc_trace_file* tf = sc_core::sc_create_vcd_trace_file(base.c_str());
  // The clock also falls mid-cycle; a finer unit keeps those instants exact.
  tf->set_time_unit(100, sc_core::SC_PS);
  for (const auto& link : network.links()) {
    if (!selected(*link, routers)) continue;
    const std::string n = "wormsim." + link->name();
    sc_trace(tf, link->flit(), n);
    sc_trace(tf, link->credit(), n);
  }
  return tf;
}

}  // namespace wormsim
