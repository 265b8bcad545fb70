#include <wormsim/systemc/waves.h>

#include <wormsim/systemc/link_payload.h>

namespace wormsim {

sc_core::sc_trace_file* trace_links(const std::string& path, const Network& network) {
  std::string base = path;
  if (base.size() > 4 && base.compare(base.size() - 4, 4, ".vcd") == 0)
    base.resize(base.size() - 4);
  sc_core::sc_trace_file* tf = sc_core::sc_create_vcd_trace_file(base.c_str());
  // The clock also falls mid-cycle; a finer unit keeps those instants exact.
  tf->set_time_unit(100, sc_core::SC_PS);
  for (const auto& link : network.links()) {
    const std::string n = "wormsim." + link->name();
    sc_trace(tf, link->flit(), n);
    sc_trace(tf, link->credit(), n);
  }
  return tf;
}

}  // namespace wormsim
