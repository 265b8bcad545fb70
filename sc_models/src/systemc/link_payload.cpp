#include <wormsim/systemc/link_payload.h>

namespace wormsim {
namespace {

const char* type_name(FlitType t) {
  switch (t) {
    case FlitType::Body: return "body";
    case FlitType::Head: return "head";
    case FlitType::Tail: return "tail";
    case FlitType::HeadTail: return "head+tail";
  }
  return "?";
}

}  // namespace

bool operator==(const FlitSlot& a, const FlitSlot& b) {
  if (a.valid != b.valid) return false;
  if (!a.valid) return true;
  const Flit& x = a.flit;
  const Flit& y = b.flit;
  return x.packet == y.packet && x.src == y.src && x.dst == y.dst && x.seq == y.seq && x.vc == y.vc &&
         x.type == y.type && x.worm == y.worm && x.hop == y.hop && x.mc.kind == y.mc.kind && x.mc.cls == y.mc.cls &&
         x.mc.dir == y.mc.dir && x.mc.last == y.mc.last && x.created == y.created;
}

bool operator==(const CreditSlot& a, const CreditSlot& b) {
  return a.valid == b.valid && (!a.valid || (a.vc == b.vc && a.more == b.more));
}

std::ostream& operator<<(std::ostream& os, const FlitSlot& f) {
  if (!f.valid) return os << "-";
  return os << "p" << f.flit.packet << "." << f.flit.seq << " " << type_name(f.flit.type) << " " << f.flit.src
            << "->" << f.flit.dst << " vc" << unsigned{f.flit.vc};
}

std::ostream& operator<<(std::ostream& os, const CreditSlot& c) {
  if (!c.valid) return os << "-";
  return os << "credit vc" << unsigned{c.vc};
}

void sc_trace(sc_core::sc_trace_file* tf, const FlitSlot& f, const std::string& name) {
  const std::string n = name + ".";
  sc_core::sc_trace(tf, f.valid, n + "flit_valid");
  sc_core::sc_trace(tf, reinterpret_cast<const unsigned char&>(f.flit.type), n + "flit_type", 2);
  sc_core::sc_trace(tf, f.flit.src, n + "flit_src");
  sc_core::sc_trace(tf, f.flit.dst, n + "flit_dst");
  sc_core::sc_trace(tf, f.flit.vc, n + "flit_vc", 4);
  sc_core::sc_trace(tf, f.flit.packet, n + "flit_packet");
  sc_core::sc_trace(tf, f.flit.seq, n + "flit_seq");
  sc_core::sc_trace(tf, f.flit.mc.kind, n + "flit_worm_kind", 2);
}

void sc_trace(sc_core::sc_trace_file* tf, const CreditSlot& c, const std::string& name) {
  const std::string n = name + ".";
  sc_core::sc_trace(tf, c.valid, n + "credit_valid");
  sc_core::sc_trace(tf, c.vc, n + "credit_vc", 4);
}

}  // namespace wormsim
