#include <wormsim/multicast/worm.h>

#include <wormsim/core/config_error.h>

namespace wormsim {

unsigned header_flits(HeaderForm form, std::size_t destinations, unsigned flit_bits) {
  if (form != HeaderForm::List || destinations <= 1) return 0;
  const std::size_t per_flit = ids_per_address_flit(flit_bits);
  return static_cast<unsigned>((destinations - 1 + per_flit - 1) / per_flit);
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
