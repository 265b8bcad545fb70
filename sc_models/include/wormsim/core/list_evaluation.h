// Evaluating a cycle's list of components in order, with the light memory
// hints: before each evaluation, a request for the first kLightLines cache
// lines of the component kLightAhead places further on, so that the misses
// of several components overlap. The caller says how a component is
// evaluated (a virtual call, or a direct one where it knows the type).
#pragma once
#include <cstddef>
#include <wormsim/core/component.h>

namespace wormsim {

constexpr std::size_t kLightAhead = 8;
constexpr std::size_t kLightLines = 2;

/// Calls evaluate(list[i]) for i = 0 .. n - 1, in order; with `light_hints`,
/// first asks for the first kLightLines lines of list[i + kLightAhead].
template <class Evaluate>
[[gnu::always_inline]] inline void evaluate_in_order(Component* const* list, std::size_t n, bool light_hints,
                                                     Evaluate&& evaluate) {
  // Two loops: the hinted one while a component kLightAhead on exists (no
  // test of that per component), then the rest (all of them without hints).
  const std::size_t hinted = light_hints && n > kLightAhead ? n - kLightAhead : 0;
  std::size_t i = 0;
  for (; i < hinted; ++i) {
    const char* next = reinterpret_cast<const char*>(list[i + kLightAhead]);
    for (std::size_t line = 0; line < kLightLines; ++line) __builtin_prefetch(next + 64 * line);
    evaluate(list[i]);
  }
  for (; i < n; ++i) evaluate(list[i]);
}

/// How a fabric evaluates its lists (Router::list_evaluator): `n`
/// components of `list` in order for `cycle`, with or without the light
/// hints.
using ListEvaluator = void (*)(Component* const* list, std::size_t n, Cycle cycle, bool light_hints);

/// The ListEvaluator of any components: each by its virtual evaluate().
inline void evaluate_any(Component* const* list, std::size_t n, Cycle cycle, bool light_hints) {
  evaluate_in_order(list, n, light_hints, [cycle](Component* c) { c->evaluate(cycle); });
}

}  // namespace wormsim
