#include <wormsim/router/allocator.h>

namespace wormsim {

const std::vector<Choice<Allocator>>& allocators() {
  static const std::vector<Choice<Allocator>> table = {
      {"separable", "one input-first separable pass: one request per input VC (VA) or input port (SA) (what the "
                    "RTL implements)",
       Allocator::Separable},
      {"islip", "iSLIP with --alloc-iters iterations: every usable output requested, grant and accept pointers "
                "(BookSim 2's islip; unicast packets, round-robin arbitration)",
       Allocator::Islip},
  };
  return table;
}

}  // namespace wormsim
