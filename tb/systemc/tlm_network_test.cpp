// TLM-2.0 network interfaces on the port-level fabric: zero-load round trips
// take exactly the fabric's zero-load latency T0(H, L) = 3H + L + 4 for the
// request, the memory's delay and T0 for the response, data written across the network reads back (b_transport and
// nb_transport with a memory manager), and bad transactions get TLM error
// responses instead of crashing.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <iostream>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <wormsim/systemc/fabric.h>
#include <wormsim/systemc/tlm_network.h>

namespace wormsim::test {
namespace {

const sc_core::sc_time kCycle(1, sc_core::SC_NS);
constexpr unsigned kMemLatency = 10;

struct Ram : sc_core::sc_module {
  tlm_utils::simple_target_socket<Ram> socket{"socket"};
  std::vector<unsigned char> bytes = std::vector<unsigned char>(4096, 0);
  unsigned accesses = 0;
  explicit Ram(const sc_core::sc_module_name& n) : sc_core::sc_module(n) {
    socket.register_b_transport(this, &Ram::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    ++accesses;
    const std::uint64_t a = gp.get_address();
    if (a + gp.get_data_length() > bytes.size()) {
      gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    if (gp.is_write()) std::memcpy(&bytes[a], gp.get_data_ptr(), gp.get_data_length());
    else std::memcpy(gp.get_data_ptr(), &bytes[a], gp.get_data_length());
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    delay += kMemLatency * kCycle;
  }
};

void prepare(tlm::tlm_generic_payload& gp, tlm::tlm_command cmd, std::uint64_t address, unsigned char* data,
             unsigned len) {
  gp.set_command(cmd);
  gp.set_address(address);
  gp.set_data_ptr(data);
  gp.set_data_length(len);
  gp.set_streaming_width(len);
  gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
}

/// One payload with a memory manager (for nb_transport).
struct Managed : tlm::tlm_mm_interface {
  tlm::tlm_generic_payload gp;
  int refs_freed = 0;
  Managed() { gp.set_mm(this); }
  void free(tlm::tlm_generic_payload*) override { ++refs_freed; }
};

/// A 4x4 mesh with RAMs at nodes 1, 5 and 15 and an initiator at node 0
/// whose thread runs `script`, then stops the simulation.
struct Platform : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Platform> socket{"socket"};
  sc_core::sc_clock clk{"clk", kCycle};
  sc_core::sc_signal<bool> rst_n{"rst_n", false};
  systemc::Fabric fabric;
  systemc::TlmNetwork tlm;
  Ram ram1{"ram1"}, ram5{"ram5"}, ram15{"ram15"};
  std::function<void(Platform&)> script;
  Managed* waiting = nullptr;
  sc_core::sc_event response;

  Platform(const sc_core::sc_module_name& n, std::function<void(Platform&)> s, systemc::TlmConfig cfg = {})
      : sc_core::sc_module(n), fabric("fabric", scenario()), tlm("tlm", fabric, cfg), script(std::move(s)) {
    fabric.clk(clk);
    fabric.rst_n(rst_n);
    tlm.ni(1).initiator.bind(ram1.socket);
    tlm.ni(5).initiator.bind(ram5.socket);
    tlm.ni(15).initiator.bind(ram15.socket);
    socket.bind(tlm.ni(0).target);
    socket.register_nb_transport_bw(this, &Platform::nb_transport_bw);
    SC_HAS_PROCESS(Platform);
    SC_THREAD(run);
  }

  static Scenario scenario() {
    Scenario s;
    s.topology = "mesh:4x4";
    s.routing = "dor";
    s.buffer = 4;
    return s;
  }

  void run() {
    sc_core::wait(2.5 * kCycle);
    rst_n.write(true);
    sc_core::wait(9.5 * kCycle);  // the script starts at a rising edge
    script(*this);
    sc_core::sc_stop();
  }

  /// b_transport of `len` bytes at (node, offset); returns the cycles it took.
  double blocking(tlm::tlm_command cmd, NodeId node, unsigned offset, unsigned char* data, unsigned len,
                  tlm::tlm_response_status* status = nullptr) {
    tlm::tlm_generic_payload gp;
    prepare(gp, cmd, tlm.address(node, offset), data, len);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    const sc_core::sc_time start = sc_core::sc_time_stamp();
    socket->b_transport(gp, delay);
    if (status != nullptr) *status = gp.get_response_status();
    return (sc_core::sc_time_stamp() + delay - start) / kCycle;
  }

  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time&) {
    EXPECT_EQ(phase, tlm::BEGIN_RESP);
    EXPECT_TRUE(waiting != nullptr && &waiting->gp == &gp);
    response.notify(sc_core::SC_ZERO_TIME);
    phase = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
  }
};

void run(std::function<void(Platform&)> script, systemc::TlmConfig cfg = {}) {
  Platform p("platform", std::move(script), cfg);
  sc_core::sc_start();
}

// Node 0 is 1 hop from node 1 and 6 hops from node 15. A read of 8 bytes is
// a 1-flit request and a 2-flit response; a write of 64 bytes a 9-flit
// request and a 1-flit response.
TEST(TlmNetwork, ZeroLoadRoundTripsFollowTheLatencyFormula) {
  run([](Platform& p) {
    std::vector<unsigned char> buf(64, 7);
    auto t0 = [](unsigned hops, unsigned flits) { return 3.0 * hops + flits + 4; };
    const double near_read = p.blocking(tlm::TLM_READ_COMMAND, 1, 0, buf.data(), 8);
    const double far_read = p.blocking(tlm::TLM_READ_COMMAND, 15, 0, buf.data(), 8);
    const double far_write8 = p.blocking(tlm::TLM_WRITE_COMMAND, 15, 0, buf.data(), 8);
    const double far_write64 = p.blocking(tlm::TLM_WRITE_COMMAND, 15, 0, buf.data(), 64);
    const double formula_near = t0(1, 1) + kMemLatency + t0(1, 2);
    const double formula_far = t0(6, 1) + kMemLatency + t0(6, 2);
    std::cout << "read 8 B: 1 hop " << near_read << " cycles (formula " << formula_near << "), 6 hops " << far_read
              << " (formula " << formula_far << "); write 8 B " << far_write8 << ", 64 B " << far_write64 << "\n";
    // A request sent at a rising edge counts as created in that cycle; its
    // response leaves at the rising edge the memory's delay ends on.
    EXPECT_EQ(near_read, formula_near);
    EXPECT_EQ(far_read, formula_far);
    EXPECT_EQ(far_write8, t0(6, 2) + kMemLatency + t0(6, 1));
    EXPECT_EQ(far_write64 - far_write8, 7.0) << "7 more data flits, one cycle each";
  });
}

TEST(TlmNetwork, WritesReadBackAcrossTheNetworkBlockingAndNonBlocking) {
  run([](Platform& p) {
    std::vector<unsigned char> out(48), in(48, 0);
    for (unsigned i = 0; i < out.size(); ++i) out[i] = static_cast<unsigned char>(3 * i + 1);
    tlm::tlm_response_status s{};
    p.blocking(tlm::TLM_WRITE_COMMAND, 15, 100, out.data(), 48, &s);
    EXPECT_EQ(s, tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(std::memcmp(&p.ram15.bytes[100], out.data(), 48), 0) << "the write reached the memory at the offset";
    // nb read of the same bytes, with a memory manager
    Managed m;
    prepare(m.gp, tlm::TLM_READ_COMMAND, p.tlm.address(15, 100), in.data(), 48);
    m.gp.acquire();
    p.waiting = &m;
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    EXPECT_EQ(p.socket->nb_transport_fw(m.gp, phase, delay), tlm::TLM_UPDATED);
    EXPECT_EQ(phase, tlm::END_REQ);
    sc_core::wait(p.response);
    EXPECT_EQ(m.gp.get_response_status(), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(in, out);
    m.gp.release();
    EXPECT_EQ(m.refs_freed, 1) << "the interface released what it acquired";
    EXPECT_EQ(p.tlm.packets_sent(), 4u);
  });
}

TEST(TlmNetwork, BadTransactionsGetTlmErrorResponses) {
  systemc::TlmConfig cfg;
  cfg.max_bytes = 64;
  run(
      [](Platform& p) {
        std::vector<unsigned char> buf(128, 0);
        tlm::tlm_response_status s{};
        p.blocking(tlm::TLM_READ_COMMAND, 16, 0, buf.data(), 8, &s);  // no node 16 in a 4x4 mesh
        EXPECT_EQ(s, tlm::TLM_ADDRESS_ERROR_RESPONSE);
        p.blocking(tlm::TLM_READ_COMMAND, 3, 0, buf.data(), 8, &s);  // node 3 has no target bound
        EXPECT_EQ(s, tlm::TLM_ADDRESS_ERROR_RESPONSE);
        p.blocking(tlm::TLM_WRITE_COMMAND, 15, 0, buf.data(), 128, &s);  // longer than max_bytes
        EXPECT_EQ(s, tlm::TLM_BURST_ERROR_RESPONSE);
        p.blocking(tlm::TLM_READ_COMMAND, 15, 4090, buf.data(), 16, &s);  // the memory's own error comes back
        EXPECT_EQ(s, tlm::TLM_ADDRESS_ERROR_RESPONSE);
        Managed m;
        prepare(m.gp, tlm::TLM_READ_COMMAND, p.tlm.address(1000, 0), buf.data(), 8);
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        EXPECT_EQ(p.socket->nb_transport_fw(m.gp, phase, delay), tlm::TLM_COMPLETED);
        EXPECT_EQ(m.gp.get_response_status(), tlm::TLM_ADDRESS_ERROR_RESPONSE);
        EXPECT_EQ(p.tlm.packets_sent(), 2u) << "only the request and response that reached the memory";
        EXPECT_EQ(p.ram15.accesses, 1u);
      },
      cfg);
}

// A read the memory fails comes back as a header alone: no data flits for
// data that was never read. Its round trip is T0 of a 1-flit request and of a
// 1-flit response (the memory adds no delay to an error), whatever the length
// asked for.
TEST(TlmNetwork, AFailedReadsResponseCarriesNoData) {
  run([](Platform& p) {
    std::vector<unsigned char> buf(64, 0);
    auto t0 = [](unsigned hops, unsigned flits) { return 3.0 * hops + flits + 4; };
    tlm::tlm_response_status s{};
    const double failed64 = p.blocking(tlm::TLM_READ_COMMAND, 15, 4090, buf.data(), 64, &s);
    EXPECT_EQ(s, tlm::TLM_ADDRESS_ERROR_RESPONSE);
    const double failed8 = p.blocking(tlm::TLM_READ_COMMAND, 15, 4095, buf.data(), 8, &s);
    EXPECT_EQ(s, tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(failed64, t0(6, 1) + t0(6, 1)) << "request and response are one header flit each";
    EXPECT_EQ(failed8, failed64) << "the length asked for does not travel back";
    const double ok64 = p.blocking(tlm::TLM_READ_COMMAND, 15, 0, buf.data(), 64, &s);
    EXPECT_EQ(s, tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(ok64, t0(6, 1) + kMemLatency + t0(6, 9)) << "a good 64-byte read brings 8 data flits back";
  });
}

}  // namespace
}  // namespace wormsim::test
