// Allocators of the VC and switch allocation stages
// (docs/microarchitecture.md §13). A table of (name, description), like
// every other family; the router implements each in its allocation stages.
//   separable: input-first separable allocation in one pass: each input VC
//              (VA) or input port (SA) makes one request, each output grants
//              one requester (what the RTL implements);
//   islip:     iSLIP (McKeown) with `alloc_iters` iterations, as BookSim 2
//              allocates: every requester requests every output it can use,
//              each output grants one requester round-robin from its grant
//              pointer, each requester accepts one grant round-robin from its
//              accept pointer; pointers move past a match made in the first
//              iteration only. Unicast packets only (a fork's all-or-nothing
//              allocation is separable's), round-robin arbitration.
#pragma once
#include <wormsim/core/choice.h>

namespace wormsim {

enum class Allocator { Separable, Islip };

/// The most iSLIP iterations per cycle.
constexpr unsigned kMaxAllocIters = 16;

const std::vector<Choice<Allocator>>& allocators();

/// Throws ConfigError(field) for an unknown name.
inline Allocator parse_allocator(const std::string& name, const std::string& field) {
  return parse_choice(allocators(), name, field, "allocator");
}

}  // namespace wormsim
