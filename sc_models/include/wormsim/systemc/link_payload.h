// The link payload for SystemC signals and ports: a flit slot (valid + flit)
// one way and a credit slot (valid + VC) the other, the same types the fast
// engine's links carry (core/link.h). With the equality, stream output and
// sc_trace below they go straight into sc_signal / sc_in / sc_out, and a
// traced port shows in a VCD as <name>.flit_valid, .flit_type, .flit_src,
// .flit_dst, .flit_vc, .flit_packet, .flit_seq, or <name>.credit_valid,
// .credit_vc, the names the fabric's own waves use.
#pragma once
#include <ostream>
#include <string>

#include <systemc>

#include <wormsim/core/link.h>

namespace wormsim {

/// Field by field, every field of the flit (an idle slot equals any idle slot).
bool operator==(const FlitSlot& a, const FlitSlot& b);
inline bool operator!=(const FlitSlot& a, const FlitSlot& b) { return !(a == b); }
bool operator==(const CreditSlot& a, const CreditSlot& b);
inline bool operator!=(const CreditSlot& a, const CreditSlot& b) { return !(a == b); }

/// "-" when idle, else "p<packet>.<seq> <type> <src>-><dst> vc<vc>" / "credit vc<vc>".
std::ostream& operator<<(std::ostream& os, const FlitSlot& f);
std::ostream& operator<<(std::ostream& os, const CreditSlot& c);

void sc_trace(sc_core::sc_trace_file* tf, const FlitSlot& f, const std::string& name);
void sc_trace(sc_core::sc_trace_file* tf, const CreditSlot& c, const std::string& name);

}  // namespace wormsim
