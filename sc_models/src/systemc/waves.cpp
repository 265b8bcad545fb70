#include <wormsim/systemc/waves.h>

namespace wormsim {

sc_core::sc_trace_file* trace_links(const std::string& path, const Network& network) {
  std::string base = path;
  if (base.size() > 4 && base.compare(base.size() - 4, 4, ".vcd") == 0)
    base.resize(base.size() - 4);
  sc_core::sc_trace_file* tf = sc_core::sc_create_vcd_trace_file(base.c_str());
  // The clock also falls mid-cycle; a finer unit keeps those instants exact.
  tf->set_time_unit(100, sc_core::SC_PS);
  for (const auto& link : network.links()) {
    const std::string n = "wormsim." + link->name() + ".";
    const FlitSlot& f = link->flit();
    const CreditSlot& c = link->credit();
    sc_core::sc_trace(tf, f.valid, n + "flit_valid");
    sc_core::sc_trace(tf, reinterpret_cast<const unsigned char&>(f.flit.type), n + "flit_type", 2);
    sc_core::sc_trace(tf, f.flit.src, n + "flit_src");
    sc_core::sc_trace(tf, f.flit.dst, n + "flit_dst");
    sc_core::sc_trace(tf, f.flit.vc, n + "flit_vc", 4);
    sc_core::sc_trace(tf, f.flit.packet, n + "flit_packet");
    sc_core::sc_trace(tf, f.flit.seq, n + "flit_seq");
    sc_core::sc_trace(tf, c.valid, n + "credit_valid");
    sc_core::sc_trace(tf, c.vc, n + "credit_vc", 4);
  }
  return tf;
}

}  // namespace wormsim
