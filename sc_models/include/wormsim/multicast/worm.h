// Multi-destination (path-based) worms: what a worm's header says, and the
// table the simulation keeps of the worms in flight. A flit of a worm carries
// its worm index and `hop`, the position in the destination list of the node
// it is heading for (flit.dst). At that node the router delivers every flit
// to the local node and, if destinations remain, forwards it toward the next
// one (absorb-and-forward); docs/microarchitecture.md gives the header
// format and the rule.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <wormsim/core/flit.h>

namespace wormsim {

/// How the header names the destinations. The router makes the same
/// decision for every form (deliver here? next target?); the forms differ in
/// how many header flits they cost.
enum class HeaderForm : std::uint8_t {
  List,   ///< explicit ordered list: the head holds one id, each address flit flit_bits / 16 more
  Range,  ///< every node of a Hamiltonian-label range, in label order: head only
  Line,   ///< every node along one dimension and direction for k hops: head only
};

/// Bits of a node id in an address flit (the RTL's NodeIdW default).
inline constexpr unsigned kAddressIdBits = 16;
/// The flit width the model assumes unless a scenario sets flit_bits (the
/// RTL's FlitW default): 4 ids per address flit.
inline constexpr unsigned kDefaultFlitBits = 64;

/// Destinations per address flit in the List form, for flits of `flit_bits`.
inline unsigned ids_per_address_flit(unsigned flit_bits) { return flit_bits / kAddressIdBits; }

/// Extra flits in front of the payload for `destinations` named in `form`,
/// with flits of `flit_bits` data bits.
unsigned header_flits(HeaderForm form, std::size_t destinations, unsigned flit_bits = kDefaultFlitBits);

const char* header_form_name(HeaderForm f);

/// List form, the fork at destination index `hop` of `destinations`: the id
/// of the next destination is the last one its address flit still holds
/// (slot ids_per_address_flit - 1, or the list's end), so the forwarded copy
/// leaves that address flit behind: the next destination's id then always
/// sits in the address flit right behind the head (docs/microarchitecture.md §11).
bool fork_drops_address_flit(std::size_t destinations, std::size_t hop, unsigned flit_bits);

/// List form: address flits a copy no longer carries when it reaches
/// destination index `hop` (what the forks before it dropped).
unsigned address_flits_dropped(std::size_t destinations, std::size_t hop, unsigned flit_bits);

/// List form: the slot (0 .. ids_per_address_flit - 1) of destination
/// `hop + 1` in the first address flit a copy at destination `hop` carries.
inline unsigned next_address_slot(std::size_t hop, unsigned flit_bits) {
  return static_cast<unsigned>(hop % ids_per_address_flit(flit_bits));
}

/// Consumption-channel class of a worm: the high or low channel network of
/// its labeling (or any other split of worms into deadlock-free classes).
using WormClass = std::uint8_t;

struct WormRoute {
  std::vector<NodeId> destinations;  ///< in delivery order; the first is flit.dst at hop 0
  HeaderForm form = HeaderForm::List;
  WormClass cls = 0;
};

/// Per destination of `route`, the address flits its copy no longer
/// carries (empty unless a list worm with more than one destination).
std::vector<unsigned> address_flits_dropped(const WormRoute& route, unsigned flit_bits);

/// Worms by index; index 0 means "unicast" and is never handed out.
class WormTable {
 public:
  WormTable() : worms_(1) {}
  std::uint32_t add(WormRoute w) {
    worms_.push_back(std::move(w));
    return static_cast<std::uint32_t>(worms_.size() - 1);
  }
  const WormRoute& operator[](std::uint32_t i) const { return worms_[i]; }
  std::size_t size() const { return worms_.size() - 1; }

 private:
  std::vector<WormRoute> worms_;
};

/// Where consumption (ejection) channels go to absorbing worms.
enum class ConsumptionPolicy : std::uint8_t {
  Shared,    ///< any free ejection VC, as for unicast (can deadlock: see docs)
  PerClass,  ///< worm class c only on ejection channel c mod K (K local ports),
             ///< or with one local port on ejection VC c mod V
};

/// Parses "shared" / "per-class"; throws ConfigError(field) otherwise.
ConsumptionPolicy parse_consumption(const std::string& s, const std::string& field);
const char* consumption_name(ConsumptionPolicy p);

}  // namespace wormsim
