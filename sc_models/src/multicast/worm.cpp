#include <wormsim/multicast/worm.h>

#include <wormsim/core/config_error.h>

namespace wormsim {

unsigned header_flits(HeaderForm form, std::size_t destinations, unsigned flit_bits) {
  if (form != HeaderForm::List || destinations <= 1) return 0;
  const std::size_t per_flit = ids_per_address_flit(flit_bits);
  return static_cast<unsigned>((destinations - 1 + per_flit - 1) / per_flit);
}

bool fork_drops_address_flit(std::size_t destinations, std::size_t hop, unsigned flit_bits) {
  return hop + 2 == destinations || next_address_slot(hop, flit_bits) + 1 == ids_per_address_flit(flit_bits);
}

unsigned address_flits_dropped(std::size_t destinations, std::size_t hop, unsigned flit_bits) {
  if (destinations <= 1) return 0;
  if (hop + 1 >= destinations) return header_flits(HeaderForm::List, destinations, flit_bits);
  return static_cast<unsigned>(hop / ids_per_address_flit(flit_bits));
}

std::vector<unsigned> address_flits_dropped(const WormRoute& route, unsigned flit_bits) {
  std::vector<unsigned> out;
  const std::size_t n = route.destinations.size();
  if (route.form != HeaderForm::List || n <= 1) return out;
  for (std::size_t k = 0; k < n; ++k) out.push_back(address_flits_dropped(n, k, flit_bits));
  return out;
}

const char* header_form_name(HeaderForm f) {
  switch (f) {
    case HeaderForm::List: return "list";
    case HeaderForm::Range: return "range";
    case HeaderForm::Line: return "line";
  }
  return "?";
}

ConsumptionPolicy parse_consumption(const std::string& s, const std::string& field) {
  if (s == "shared") return ConsumptionPolicy::Shared;
  if (s == "per-class") return ConsumptionPolicy::PerClass;
  throw ConfigError(field, "expected shared or per-class, got '" + s + "'");
}

const char* consumption_name(ConsumptionPolicy p) {
  return p == ConsumptionPolicy::Shared ? "shared" : "per-class";
}

}  // namespace wormsim
