// VCD waveform of every link: flit valid, type, source, destination, VC and
// packet id, and the credit valid and VC flowing back, under
// <top>.<router>.<link>.<signal> (for example wormsim.r1_2_3.out_xp.flit_valid).
#pragma once
#include <string>
#include <vector>

#include <systemc>

#include <wormsim/network/network.h>

namespace wormsim {

/// Which links a waveform holds and when.
struct WaveOptions {
  std::string path;   ///< VCD file written ("" = no waveform)
  Cycle start = 0;    ///< first cycle recorded
  Cycle end = ~Cycle{0};  ///< first cycle no longer recorded
  /// Routers whose links (in and out) are recorded; empty = all.
  std::vector<NodeId> routers;
};

/// A VCD file of links' registers: opens `path` (".vcd" is appended by
/// SystemC if missing) and records the links of `network` that `routers`
/// selects (all if empty), as each clock edge leaves them, until it is
/// closed or destroyed. The network's edge listener is its own meanwhile.
class LinkTrace {
 public:
  LinkTrace(const std::string& path, Network& network, const std::vector<NodeId>& routers = {});
  ~LinkTrace();
  LinkTrace(const LinkTrace&) = delete;
  LinkTrace& operator=(const LinkTrace&) = delete;
  /// Closes the file (once; the destructor closes it otherwise).
  void close();

 private:
  /// Copies what each traced link holds into the traced values (an empty
  /// slot keeps its last payload, as a register's data lines do).
  void refresh();

  Network& network_;
  sc_core::sc_trace_file* tf_ = nullptr;
  std::vector<const Link*> links_;
  std::vector<FlitSlot> flits_;
  std::vector<CreditSlot> credits_;
};

/// Links a LinkTrace records for these routers.
std::size_t traced_links(const Network& network, const std::vector<NodeId>& routers);

/// Bytes of VCD for `links` links over `cycles` cycles at an offered load of
/// `rate` flits/node/cycle: measured about 6 + 60 x rate bytes per link and
/// cycle (8x8x8 mesh, uniform), never more than 110 (every signal of every
/// link changing every cycle).
double vcd_bytes_estimate(std::size_t links, Cycle cycles, double rate);

}  // namespace wormsim
