// VCD waveform of every link: flit valid, type, source, destination, VC and
// packet id, and the credit valid and VC flowing back, under
// <top>.<router>.<link>.<signal> (for example wormsim.r1_2_3.out_xp.flit_valid).
#pragma once
#include <string>

#include <systemc>

#include <wormsim/network/network.h>

namespace wormsim {

/// Opens `path` (".vcd" is appended by SystemC if missing) and registers every
/// link of `network`. Close with sc_core::sc_close_vcd_trace_file.
sc_core::sc_trace_file* trace_links(const std::string& path, const Network& network);

}  // namespace wormsim
