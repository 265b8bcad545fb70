// The link payload types in SystemC signals: a flit slot and a credit slot
// carried by sc_signal between two modules on a clock, compared, printed,
// and traced into a VCD under the port names the fabric uses.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <vector>

#include <systemc>

#include <wormsim/systemc/link_payload.h>

namespace wormsim::test {
namespace {

SC_MODULE(Sender) {
  sc_core::sc_in<bool> clk;
  sc_core::sc_out<FlitSlot> flit_o;
  sc_core::sc_in<CreditSlot> credit_i;
  std::vector<CreditSlot> credits;
  unsigned cycle = 0;

  SC_CTOR(Sender) {
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
  }
  void tick() {
    credits.push_back(credit_i.read());
    FlitSlot f;
    f.valid = cycle % 2 == 0;
    f.flit.packet = 100 + cycle;
    f.flit.src = 3;
    f.flit.dst = 7;
    f.flit.seq = static_cast<std::uint16_t>(cycle);
    f.flit.vc = static_cast<VcId>(cycle % 2);
    f.flit.type = FlitType::HeadTail;
    flit_o.write(f);
    ++cycle;
  }
};

SC_MODULE(Receiver) {
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<FlitSlot> flit_i;
  sc_core::sc_out<CreditSlot> credit_o;
  std::vector<FlitSlot> seen;

  SC_CTOR(Receiver) {
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
  }
  void tick() {
    const FlitSlot f = flit_i.read();
    seen.push_back(f);
    CreditSlot c;
    c.valid = f.valid;
    c.vc = f.flit.vc;
    credit_o.write(c);
  }
};

TEST(LinkPayload, TravelsThroughSignalsOneCycleEachWayAndTracesByName) {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  sc_core::sc_signal<FlitSlot> flit("flit");
  sc_core::sc_signal<CreditSlot> credit("credit");
  Sender s("s");
  Receiver r("r");
  s.clk(clk);
  r.clk(clk);
  s.flit_o(flit);
  r.flit_i(flit);
  r.credit_o(credit);
  s.credit_i(credit);
  const std::string vcd = ::testing::TempDir() + "wormsim_link_payload";
  sc_core::sc_trace_file* tf = sc_core::sc_create_vcd_trace_file(vcd.c_str());
  sc_trace(tf, flit, "top.r.in_xp");
  sc_trace(tf, credit, "top.r.out_xp");
  sc_core::sc_start(8, sc_core::SC_NS);
  sc_core::sc_close_vcd_trace_file(tf);

  // The receiver sees the sender's flit of cycle k at cycle k+1: a registered link.
  ASSERT_GE(r.seen.size(), 7u);
  EXPECT_FALSE(r.seen[0].valid);
  for (unsigned k = 0; k + 1 < r.seen.size(); ++k) {
    EXPECT_EQ(r.seen[k + 1].valid, k % 2 == 0) << k;
    if (r.seen[k + 1].valid) {
      EXPECT_EQ(r.seen[k + 1].flit.packet, 100u + k);
    }
  }
  // And the credit for it comes back one cycle later.
  for (unsigned k = 0; k + 2 < s.credits.size(); ++k) EXPECT_EQ(s.credits[k + 2].valid, k % 2 == 0) << k;

  std::ifstream in(vcd + ".vcd");
  std::stringstream text;
  text << in.rdbuf();
  for (const char* name : {"flit_valid", "flit_type", "flit_src", "flit_dst", "flit_vc", "flit_packet", "flit_seq",
                           "credit_valid", "credit_vc"})
    EXPECT_NE(text.str().find(name), std::string::npos) << name;
  EXPECT_NE(text.str().find("in_xp"), std::string::npos);
}

TEST(LinkPayload, EqualityAndPrinting) {
  FlitSlot a, b;
  EXPECT_EQ(a, b);
  a.flit.packet = 5;  // idle slots are equal whatever they hold
  EXPECT_EQ(a, b);
  a.valid = b.valid = true;
  EXPECT_NE(a, b);
  b.flit.packet = 5;
  EXPECT_EQ(a, b);
  b.flit.created = 9;
  EXPECT_NE(a, b);
  std::ostringstream os;
  FlitSlot f;
  f.valid = true;
  f.flit.packet = 12;
  f.flit.seq = 1;
  f.flit.src = 2;
  f.flit.dst = 9;
  f.flit.vc = 1;
  f.flit.type = FlitType::Head;
  os << f << " | " << FlitSlot{} << " | " << CreditSlot{true, 3};
  EXPECT_EQ(os.str(), "p12.1 head 2->9 vc1 | - | credit vc3");
  EXPECT_EQ((CreditSlot{true, 1}), (CreditSlot{true, 1}));
  EXPECT_NE((CreditSlot{true, 1}), (CreditSlot{true, 2}));
  EXPECT_EQ((CreditSlot{false, 1}), (CreditSlot{false, 2}));
}

}  // namespace
}  // namespace wormsim::test
