#include <wormsim/router/selection.h>

namespace wormsim {

const std::vector<Choice<Selection>>& selections() {
  static const std::vector<Choice<Selection>> table = {
      {"first", "first free VC in the routing's order (what the RTL implements)", Selection::First},
      {"credits", "most credits downstream among the preferred class; ties in the routing's order",
       Selection::Credits},
  };
  return table;
}

}  // namespace wormsim
