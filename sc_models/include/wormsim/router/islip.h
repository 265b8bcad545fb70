// iSLIP matching (McKeown, "The iSLIP scheduling algorithm for input-queued
// switches", 1999) between at most 64 inputs and 64 outputs, as BookSim 2's
// islip allocator runs it (router/allocator.h). Per iteration: each
// unmatched output with requests from unmatched inputs grants the first of
// them at or after its grant pointer; each input that received grants
// accepts the first at or after its accept pointer. A match made in the
// first iteration moves the output's grant pointer one past the input and
// the input's accept pointer one past the output; later iterations move no
// pointer.
#pragma once
#include <cstdint>
#include <vector>

#include <wormsim/router/round_robin.h>

namespace wormsim {

class Islip {
 public:
  Islip() = default;
  Islip(unsigned inputs, unsigned outputs)
      : grant_(outputs, RoundRobin(inputs)), accept_(inputs, RoundRobin(outputs)), granted_(inputs, 0) {}

  /// Matches the requests: `outputs` has bit o set for each requested
  /// output, and then requesters[o] holds its requesting inputs (bit i).
  /// Returns the matched inputs; matched[i] is input i's output.
  std::uint64_t match(std::uint64_t outputs, const std::uint64_t* requesters, unsigned iterations, unsigned* matched) {
    std::uint64_t inputs_matched = 0, outputs_matched = 0;
    for (unsigned iter = 0; iter < iterations; ++iter) {
      std::uint64_t granted_inputs = 0;
      for (std::uint64_t m = outputs & ~outputs_matched; m; m &= m - 1) {
        const unsigned o = static_cast<unsigned>(__builtin_ctzll(m));
        const std::uint64_t free = requesters[o] & ~inputs_matched;
        if (free == 0) continue;
        const unsigned i = static_cast<unsigned>(grant_[o].pick(free));
        granted_[i] = (granted_inputs >> i & 1u ? granted_[i] : 0) | 1ull << o;
        granted_inputs |= 1ull << i;
      }
      if (granted_inputs == 0) break;
      for (std::uint64_t m = granted_inputs; m; m &= m - 1) {
        const unsigned i = static_cast<unsigned>(__builtin_ctzll(m));
        const unsigned o = static_cast<unsigned>(accept_[i].pick(granted_[i]));
        matched[i] = o;
        inputs_matched |= 1ull << i;
        outputs_matched |= 1ull << o;
        if (iter == 0) {
          grant_[o].advance_past(i);
          accept_[i].advance_past(o);
        }
      }
    }
    return inputs_matched;
  }

  /// match() where every requested output has one requesting input and
  /// every input requests one output (`matched` given: input i's output for
  /// each input i in `inputs`): each request is granted and accepted in the
  /// first iteration, and the pointers move as match() would move them.
  void match_unopposed(std::uint64_t inputs, const unsigned* matched) {
    for (std::uint64_t m = inputs; m; m &= m - 1) {
      const unsigned i = static_cast<unsigned>(__builtin_ctzll(m));
      grant_[matched[i]].advance_past(i);
      accept_[i].advance_past(matched[i]);
    }
  }

  /// match() with one requesting input, `input`, of the outputs `outputs`
  /// (not 0): every output grants it, it accepts one; returns that output
  /// and moves the pointers as match() would.
  unsigned match_single(unsigned input, std::uint64_t outputs) {
    const unsigned o = static_cast<unsigned>(accept_[input].pick(outputs));
    grant_[o].advance_past(input);
    accept_[input].advance_past(o);
    return o;
  }

  const RoundRobin& grant_pointer(unsigned output) const { return grant_[output]; }
  const RoundRobin& accept_pointer(unsigned input) const { return accept_[input]; }

 private:
  std::vector<RoundRobin> grant_;   ///< per output, over inputs
  std::vector<RoundRobin> accept_;  ///< per input, over outputs
  std::vector<std::uint64_t> granted_;  ///< per input: the outputs that granted it (this iteration)
};

}  // namespace wormsim
