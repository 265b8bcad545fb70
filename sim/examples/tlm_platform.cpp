// Example virtual platform: 16 processor models issue random reads and writes
// through TLM-2.0 sockets to 4 memories across a cycle-accurate wormsim
// network (a port-level Fabric with a TlmNetwork on top). Even-numbered
// processors use b_transport (one transaction at a time), odd-numbered ones
// the base protocol's nb_transport with up to 4 outstanding. A scoreboard
// checks that every read returns what the processor last wrote there; each
// processor's latency and throughput are printed; --vcd writes the ports of
// one router.
//
//   tlm_platform [--topology mesh:4x4] [--transactions 300] [--seed 1] [--vcd file.vcd]
//
// Exit 0 when every read matched, 1 if any did not, 2 on bad arguments.
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <wormsim/core/config_error.h>
#include <wormsim/core/rng.h>
#include <wormsim/systemc/fabric.h>
#include <wormsim/systemc/tlm_network.h>

namespace {

using wormsim::NodeId;

constexpr unsigned kMemoryBytes = 64 * 1024;
constexpr unsigned kRegionBytes = 1024;  ///< each processor's own region in every memory
const sc_core::sc_time kNocCycle(1, sc_core::SC_NS);

/// A memory with a fixed access latency (annotated, not waited).
struct Memory : sc_core::sc_module {
  tlm_utils::simple_target_socket<Memory> socket;
  std::vector<unsigned char> bytes = std::vector<unsigned char>(kMemoryBytes, 0);
  sc_core::sc_time latency;

  Memory(const sc_core::sc_module_name& n, sc_core::sc_time lat) : sc_core::sc_module(n), socket("socket"), latency(lat) {
    socket.register_b_transport(this, &Memory::b_transport);
    socket.register_transport_dbg(this, &Memory::transport_dbg);
  }

  bool access(tlm::tlm_generic_payload& gp) {
    const std::uint64_t a = gp.get_address();
    const unsigned len = gp.get_data_length();
    if (a + len > bytes.size()) {
      gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return false;
    }
    if (gp.get_byte_enable_ptr() != nullptr) {
      gp.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
      return false;
    }
    if (gp.is_write()) std::memcpy(&bytes[a], gp.get_data_ptr(), len);
    else if (gp.is_read()) std::memcpy(gp.get_data_ptr(), &bytes[a], len);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return true;
  }
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    if (access(gp)) delay += latency;
  }
  unsigned transport_dbg(tlm::tlm_generic_payload& gp) { return access(gp) ? gp.get_data_length() : 0; }
};

/// One outstanding transaction of a processor: payload, data, and what a read must return.
struct Access : tlm::tlm_mm_interface {
  tlm::tlm_generic_payload gp;
  std::vector<unsigned char> data, expect;
  unsigned memory = 0, offset = 0;
  sc_core::sc_time issued;
  std::vector<Access*>* free_list = nullptr;
  Access() { gp.set_mm(this); }
  void free(tlm::tlm_generic_payload*) override { free_list->push_back(this); }
};

struct Processor : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Processor> socket;
  unsigned index;
  bool blocking;
  unsigned transactions;
  wormsim::Rng rng;
  const wormsim::systemc::TlmNetwork& net;
  std::vector<NodeId> memories;
  std::vector<std::vector<unsigned char>> shadow;  ///< [memory] this processor's region as it last wrote it
  std::vector<std::unique_ptr<Access>> pool;
  std::vector<Access*> free_list, outstanding;
  sc_core::sc_event completed;
  unsigned reads_checked = 0, mismatches = 0, errors = 0, done = 0;
  std::uint64_t bytes = 0;
  sc_core::sc_time latency_sum, finished;

  Processor(const sc_core::sc_module_name& n, unsigned i, bool b, unsigned count, std::uint64_t seed,
            const wormsim::systemc::TlmNetwork& tlm, std::vector<NodeId> mems)
      : sc_core::sc_module(n), socket("socket"), index(i), blocking(b), transactions(count), rng(seed, 1000 + i),
        net(tlm), memories(std::move(mems)), shadow(memories.size(), std::vector<unsigned char>(kRegionBytes, 0)) {
    socket.register_nb_transport_bw(this, &Processor::nb_transport_bw);
    SC_HAS_PROCESS(Processor);
    SC_THREAD(run);
  }

  Access* next_access() {
    if (free_list.empty()) {
      pool.push_back(std::make_unique<Access>());
      pool.back()->free_list = &free_list;
      free_list.push_back(pool.back().get());
    }
    Access* a = free_list.back();
    free_list.pop_back();
    return a;
  }

  bool overlaps(unsigned m, unsigned off, unsigned len) const {
    for (const Access* o : outstanding)
      if (o->memory == m && off < o->offset + o->data.size() && o->offset < off + len) return true;
    return false;
  }

  void check(Access& a) {
    latency_sum += sc_core::sc_time_stamp() - a.issued;
    bytes += a.data.size();
    ++done;
    if (!a.gp.is_response_ok()) {
      ++errors;
      return;
    }
    if (a.gp.is_read()) {
      ++reads_checked;
      if (a.data != a.expect) ++mismatches;
    }
  }

  void run() {
    sc_core::wait(5 * kNocCycle);  // past the network's reset
    for (unsigned k = 0; k < transactions; ++k) {
      const unsigned m = static_cast<unsigned>(rng.below(memories.size()));
      const unsigned len = 8 * (1 + static_cast<unsigned>(rng.below(8)));
      const unsigned off = 8 * static_cast<unsigned>(rng.below((kRegionBytes - len) / 8 + 1));
      const bool write = rng.below(2) == 0;
      while (!blocking && (outstanding.size() >= 4 || overlaps(m, off, len))) sc_core::wait(completed);
      Access* a = next_access();
      a->memory = m;
      a->offset = off;
      a->data.assign(len, 0);
      a->expect.assign(shadow[m].begin() + off, shadow[m].begin() + off + len);
      if (write) {
        for (auto& byte : a->data) byte = static_cast<unsigned char>(rng.below(256));
        std::copy(a->data.begin(), a->data.end(), shadow[m].begin() + off);
      }
      tlm::tlm_generic_payload& gp = a->gp;
      gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
      gp.set_address(net.address(memories[m], index * kRegionBytes + off));
      gp.set_data_ptr(a->data.data());
      gp.set_data_length(len);
      gp.set_streaming_width(len);
      gp.set_byte_enable_ptr(nullptr);
      gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
      a->issued = sc_core::sc_time_stamp();
      if (blocking) {
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->b_transport(gp, delay);
        check(*a);
        free_list.push_back(a);
      } else {
        gp.acquire();
        outstanding.push_back(a);
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        if (socket->nb_transport_fw(gp, phase, delay) == tlm::TLM_COMPLETED) complete(*a);
      }
      sc_core::wait(kNocCycle * static_cast<double>(rng.below(20)));  // think time
    }
    while (!outstanding.empty()) sc_core::wait(completed);
    finished = sc_core::sc_time_stamp();
  }

  void complete(Access& a) {
    check(a);
    outstanding.erase(std::find(outstanding.begin(), outstanding.end(), &a));
    a.gp.release();
    completed.notify(sc_core::SC_ZERO_TIME);
  }

  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time&) {
    if (phase == tlm::BEGIN_RESP) {
      for (Access* a : outstanding)
        if (&a->gp == &gp) {
          complete(*a);
          break;
        }
      phase = tlm::END_RESP;
      return tlm::TLM_COMPLETED;
    }
    return tlm::TLM_ACCEPTED;
  }
};

struct Options {
  std::string topology = "mesh:4x4";
  unsigned transactions = 300;
  std::uint64_t seed = 1;
  std::string vcd;
};

[[noreturn]] void bad(const std::string& field, const std::string& what) {
  std::cerr << "tlm_platform: " << field << ": " << what << "\n";
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) bad(arg, "expected --topology, --transactions, --seed or --vcd with a value");
    const std::string v = argv[++i];
    if (arg == "--topology") o.topology = v;
    else if (arg == "--vcd") o.vcd = v;
    else if (arg == "--transactions" || arg == "--seed") {
      char* end = nullptr;
      const unsigned long long x = std::strtoull(v.c_str(), &end, 10);
      if (v.empty() || *end != '\0' || (arg == "--transactions" && (x < 1 || x > 1000000)))
        bad(arg.substr(2), arg == "--seed" ? "expected a non-negative integer" : "expected 1 to 1000000");
      if (arg == "--seed") o.seed = x;
      else o.transactions = static_cast<unsigned>(x);
    } else {
      bad(arg, "unknown option (expected --topology, --transactions, --seed or --vcd)");
    }
  }
  if (!o.vcd.empty()) {
    struct stat st {};
    if (stat(o.vcd.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) bad("vcd", "'" + o.vcd + "' exists and is not a regular file");
    if (o.vcd.size() < 5 || o.vcd.substr(o.vcd.size() - 4) != ".vcd") bad("vcd", "expected a file name ending in .vcd");
  }
  return o;
}

}  // namespace

int sc_main(int argc, char** argv) {
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  const Options opt = parse(argc, argv);
  wormsim::Scenario s;
  s.topology = opt.topology;
  s.vcs = 0;
  s.seed = opt.seed;
  std::unique_ptr<wormsim::systemc::Fabric> fabric;
  try {
    fabric = std::make_unique<wormsim::systemc::Fabric>("fabric", s);
  } catch (const wormsim::ConfigError& e) {
    std::cerr << "tlm_platform: " << e.what() << "\n";
    return 2;
  }
  const NodeId n = static_cast<NodeId>(fabric->num_nodes());
  if (n < 16) bad("topology", "expected at least 16 nodes, " + opt.topology + " has " + std::to_string(n));
  sc_core::sc_clock clk("clk", kNocCycle);
  sc_core::sc_signal<bool> rst_n("rst_n", false);
  fabric->clk(clk);
  fabric->rst_n(rst_n);
  wormsim::systemc::TlmNetwork tlm("tlm", *fabric);

  std::vector<NodeId> memory_nodes;
  std::vector<std::unique_ptr<Memory>> memories;
  for (unsigned k = 0; k < 4; ++k) {
    const NodeId at = static_cast<NodeId>((2 * k + 1) * n / 8);
    memory_nodes.push_back(at);
    memories.push_back(std::make_unique<Memory>(("mem" + std::to_string(k)).c_str(), 10 * kNocCycle));
    tlm.ni(at).initiator.bind(memories.back()->socket);
  }
  std::vector<std::unique_ptr<Processor>> cpus;
  for (unsigned i = 0; i < 16; ++i) {
    const NodeId at = static_cast<NodeId>(i * n / 16);
    cpus.push_back(std::make_unique<Processor>(("cpu" + std::to_string(i)).c_str(), i, i % 2 == 0, opt.transactions,
                                               opt.seed, tlm, memory_nodes));
    cpus.back()->socket.bind(tlm.ni(at).target);
  }

  sc_core::sc_trace_file* tf = nullptr;
  const NodeId traced = memory_nodes.front();
  if (!opt.vcd.empty()) {
    tf = sc_core::sc_create_vcd_trace_file(opt.vcd.substr(0, opt.vcd.size() - 4).c_str());
    tf->set_time_unit(100, sc_core::SC_PS);  // the processors act between clock edges
    const std::string r = wormsim::node_name(fabric->topology(), traced);
    wormsim::systemc::trace_ports(tf, *fabric->router(traced), "fabric." + r);
  }

  sc_core::sc_start(2.5 * kNocCycle);  // two rising edges in reset
  rst_n.write(true);
  for (;;) {
    sc_core::sc_start(1000 * kNocCycle);
    bool all = true;
    for (const auto& c : cpus) all = all && c->done == c->transactions;
    if (all) break;
  }
  if (tf != nullptr) sc_core::sc_close_vcd_trace_file(tf);

  unsigned reads = 0, mismatches = 0, errors = 0;
  std::cout << "wormsim TLM platform on " << fabric->topology().spec << " (" << n << " nodes, "
            << fabric->scenario().routing << ", " << fabric->router_config().vcs << " VCs), seed " << opt.seed
            << "; memories at";
  for (NodeId m : memory_nodes) std::cout << " " << wormsim::node_name(fabric->topology(), m);
  std::cout << "\n";
  for (const auto& c : cpus) {
    const double cycles = (c->finished - sc_core::sc_time(5, sc_core::SC_NS)) / kNocCycle;
    std::cout << std::left << std::setw(6) << c->name() << std::setw(10)
              << wormsim::node_name(fabric->topology(), static_cast<NodeId>(c->index * n / 16))
              << (c->blocking ? "b_transport " : "nb (4 out.) ") << std::right << std::setw(5) << c->done
              << " transactions, " << std::setw(4) << c->reads_checked << " reads checked, mean latency "
              << std::fixed << std::setprecision(1) << std::setw(6) << (c->latency_sum / kNocCycle) / c->done
              << " cycles, " << std::setprecision(3) << static_cast<double>(c->bytes) / cycles << " bytes/cycle\n";
    reads += c->reads_checked;
    mismatches += c->mismatches;
    errors += c->errors;
  }
  std::cout << "scoreboard: " << reads << " reads checked, " << mismatches << " mismatches, " << errors
            << " error responses; " << tlm.packets_sent() << " packets through the network\n";
  if (!opt.vcd.empty()) std::cout << "waves: " << opt.vcd << " (ports of router " << wormsim::node_name(fabric->topology(), traced) << ")\n";
  return mismatches == 0 && errors == 0 ? 0 : 1;
}
