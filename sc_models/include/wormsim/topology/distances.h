// All-pairs hop distances of a topology (breadth-first search from every
// node, 64 sources at a time), stored as one byte per pair: for networks up to kMaxNodes nodes.
#pragma once
#include <cstdint>
#include <vector>

#include <wormsim/topology/topology.h>

namespace wormsim {

class DistanceTable {
 public:
  static constexpr std::size_t kMaxNodes = 16384;
  static constexpr std::uint8_t kUnreachable = 255;

  /// Throws ConfigError (field "topology") if too large or a distance > 254.
  explicit DistanceTable(const Topology& t);

  std::uint8_t operator()(NodeId from, NodeId to) const { return d_[std::size_t(from) * n_ + to]; }
  std::size_t nodes() const { return n_; }
  bool connected() const { return connected_; }
  unsigned diameter() const { return diameter_; }
  double average() const { return average_; }  ///< over ordered pairs of distinct nodes

 private:
  std::size_t n_;
  std::vector<std::uint8_t> d_;
  bool connected_ = true;
  unsigned diameter_ = 0;
  double average_ = 0;
};

}  // namespace wormsim
