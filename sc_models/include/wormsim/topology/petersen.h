// The Petersen graph P, once for the whole code base: the 3PT module
// (Kim and Lee, "Broadcasting Algorithms of Three-Dimensional Petersen-Torus
// Network") and the Petersen family of Lin and Jan, "Routing and
// Broadcasting Algorithms for the Root-Folded Petersen Networks" (P, FP_n,
// RFP_n) are the same graph under two numberings.
//
// Module numbering (3PT, p = 0..9): outer cycle 0-1-2-3-4, inner cycle
// 5-6-7-8-9, spokes 0-5 1-8 2-6 3-9 4-7.
// Lin and Jan's numbering (digit d = 5*n1 + n0, written "n1n0"): outer cycle
// (0,i)-(0,i+1), inner cycle (1,i)-(1,i+2), spokes (0,i)-(1,i), mod 5. (The
// paper's Definition 1, as printed, gives the 5-prism instead; its own
// Algorithm adjacent implies these edges.) The relabelling: outer (0,i) -> i,
// inner (1,0..4) -> 5, 8, 6, 9, 7.
#pragma once
#include <array>

namespace wormsim::petersen {

inline constexpr unsigned kNodes = 10;
inline constexpr unsigned kDegree = 3;

/// The three neighbours of module node p, ascending.
std::array<unsigned, 3> neighbours(unsigned p);
bool adjacent(unsigned p, unsigned q);
/// Hop distance (0, 1 or 2) between module nodes.
unsigned distance(unsigned p, unsigned q);

/// Lin and Jan digit d (5*n1 + n0) to module node, and back.
unsigned module_of_digit(unsigned d);
unsigned digit_of_module(unsigned p);
/// Neighbours of digit d in digit numbering, ascending.
std::array<unsigned, 3> digit_neighbours(unsigned d);
bool digits_adjacent(unsigned a, unsigned b);
/// Basic-Routing in digit numbering: the next digit on the way from s to d
/// (s != d): d itself if adjacent, else the unique common neighbour (girth 5).
unsigned basic_next(unsigned s, unsigned d);
/// Written form of digit d: "n1n0", e.g. 13 for (1,3).
inline unsigned written(unsigned d) { return 10 * (d / 5) + d % 5; }

}  // namespace wormsim::petersen
