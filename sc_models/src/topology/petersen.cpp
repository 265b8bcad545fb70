#include <wormsim/topology/petersen.h>

#include <stdexcept>

namespace wormsim::petersen {
namespace {

// Module numbering edges.
constexpr unsigned kEdges[15][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {5, 6}, {6, 7}, {7, 8},
                                    {8, 9}, {9, 5}, {0, 5}, {1, 8}, {2, 6}, {3, 9}, {4, 7}};
// Inner (1,i) -> module node.
constexpr unsigned kInner[5] = {5, 8, 6, 9, 7};

}  // namespace

std::array<unsigned, 3> neighbours(unsigned p) {
  std::array<unsigned, 3> out{};
  unsigned k = 0;
  for (unsigned q = 0; q < kNodes; ++q)
    for (const auto& e : kEdges)
      if ((e[0] == p && e[1] == q) || (e[1] == p && e[0] == q)) out[k++] = q;
  return out;
}

bool adjacent(unsigned p, unsigned q) {
  for (const auto& e : kEdges)
    if ((e[0] == p && e[1] == q) || (e[1] == p && e[0] == q)) return true;
  return false;
}

unsigned distance(unsigned p, unsigned q) { return p == q ? 0 : adjacent(p, q) ? 1 : 2; }

unsigned module_of_digit(unsigned d) { return d < 5 ? d : kInner[d - 5]; }

unsigned digit_of_module(unsigned p) {
  for (unsigned d = 0; d < kNodes; ++d)
    if (module_of_digit(d) == p) return d;
  throw std::out_of_range("not a Petersen node");
}

std::array<unsigned, 3> digit_neighbours(unsigned d) {
  std::array<unsigned, 3> out{};
  unsigned k = 0;
  for (unsigned e = 0; e < kNodes; ++e)
    if (digits_adjacent(d, e)) out[k++] = e;
  return out;
}

bool digits_adjacent(unsigned a, unsigned b) { return adjacent(module_of_digit(a), module_of_digit(b)); }

unsigned basic_next(unsigned s, unsigned d) {
  if (digits_adjacent(s, d)) return d;
  for (unsigned c : digit_neighbours(s))
    if (digits_adjacent(c, d)) return c;
  throw std::logic_error("Basic-Routing: no common neighbour (s == d?)");
}

}  // namespace wormsim::petersen
