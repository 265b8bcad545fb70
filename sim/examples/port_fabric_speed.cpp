// Speed of the port-level SystemC fabric (a Router and a NetworkInterface
// module per node, a signal pair per link, driven by a TrafficGenerator)
// next to the fast engine on the same scenario, in node-cycles per wall
// second. scripts/bench --systemc runs it on the peers' configurations.
//
//   port_fabric_speed [--topology mesh:8x8x8] [--routing dor] [--vcs 2] [--buffer 8]
//                     [--packet 4] [--rate 0.1] [--cycles 11000] [--seed 1]
//
// Prints one line per engine: "<engine> cycles=<n> delivered=<packets>
// seconds=<s> node-cycles/s=<rate>". Exit 2 on bad arguments.
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <string>

#include <systemc>

#include <wormsim/core/config_error.h>
#include <wormsim/sim/simulation.h>
#include <wormsim/systemc/fabric.h>
#include <wormsim/systemc/traffic_generator.h>

namespace {

[[noreturn]] void bad(const std::string& field, const std::string& what) {
  std::cerr << "port_fabric_speed: " << field << ": " << what << "\n";
  std::exit(2);
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

void report(const char* engine, std::uint64_t cycles, std::uint64_t delivered, double secs, std::size_t nodes) {
  std::cout << engine << " cycles=" << cycles << " delivered=" << delivered << " seconds=" << secs
            << " node-cycles/s=" << static_cast<std::uint64_t>(static_cast<double>(cycles * nodes) / secs) << "\n";
}

}  // namespace

int sc_main(int argc, char** argv) {
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  std::map<std::string, std::string> opt{{"topology", "mesh:8x8x8"}, {"routing", "dor"}, {"vcs", "2"},
                                         {"buffer", "8"}, {"packet", "4"}, {"rate", "0.1"},
                                         {"cycles", "11000"}, {"seed", "1"}};
  for (int i = 1; i < argc; i += 2) {
    const std::string key = std::string(argv[i]).substr(std::string(argv[i]).rfind('-') + 1);
    if (std::string(argv[i]).rfind("--", 0) != 0 || !opt.count(key) || i + 1 >= argc)
      bad(argv[i], "expected one of --topology --routing --vcs --buffer --packet --rate --cycles --seed with a value");
    opt[key] = argv[i + 1];
  }
  wormsim::Scenario s;
  try {
    s.topology = opt["topology"];
    s.routing = opt["routing"];
    s.vcs = static_cast<unsigned>(std::stoul(opt["vcs"]));
    s.buffer = static_cast<unsigned>(std::stoul(opt["buffer"]));
    s.packet = static_cast<unsigned>(std::stoul(opt["packet"]));
    s.rate = std::stod(opt["rate"]);
    s.seed = std::stoull(opt["seed"]);
  } catch (const std::exception&) {
    bad("options", "expected numbers for --vcs --buffer --packet --rate --seed");
  }
  const wormsim::Cycle cycles = std::stoull(opt["cycles"]);
  s.warmup = ~wormsim::Cycle{0} / 4;  // run exactly `cycles`
  s.deadlock_interval = 0;
  s.deadlock_check = false;

  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  sc_core::sc_signal<bool> rst_n("rst_n", false);
  std::unique_ptr<wormsim::systemc::Fabric> made;
  try {
    made = std::make_unique<wormsim::systemc::Fabric>("fabric", s);
  } catch (const wormsim::ConfigError& e) {
    std::cerr << "port_fabric_speed: " << e.what() << "\n";
    return 2;
  }
  wormsim::systemc::Fabric& fabric = *made;
  const std::size_t nodes = fabric.num_nodes();
  wormsim::systemc::TrafficGenerator traffic("traffic", fabric, s);
  fabric.clk(clk);
  fabric.rst_n(rst_n);
  traffic.clk(clk);
  traffic.rst_n(rst_n);
  std::uint64_t delivered = 0;
  fabric.on_delivery([&delivered](const wormsim::systemc::Delivery&) { ++delivered; });
  sc_core::sc_start(1.25, sc_core::SC_NS);  // two rising edges in reset
  rst_n.write(true);
  sc_core::sc_start(0.25, sc_core::SC_NS);
  const auto t = std::chrono::steady_clock::now();
  sc_core::sc_start(static_cast<double>(cycles), sc_core::SC_NS);
  const wormsim::Cycle ran = fabric.ni(0).cycle();  // cycles the fabric simulated
  report("port-level", ran, delivered, seconds_since(t), nodes);
  // The fast engine, same scenario, the same number of cycles.
  std::uint64_t fast_delivered = 0;
  {
    wormsim::Simulation sim(s);
    sim.on_packet_delivered([&](const wormsim::Packet&, wormsim::Cycle) { ++fast_delivered; });
    const auto start = std::chrono::steady_clock::now();
    for (wormsim::Cycle c = 0; c < ran; ++c) sim.tick();
    report("fast-engine", ran, fast_delivered, seconds_since(start), nodes);
  }

  if (delivered != fast_delivered) {
    std::cerr << "port_fabric_speed: the engines delivered " << delivered << " and " << fast_delivered
              << " packets in " << ran << " cycles; they must agree\n";
    return 1;
  }
  return 0;
}
