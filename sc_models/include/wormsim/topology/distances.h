// All-pairs hop distances of a topology (breadth-first search from every
// node, 64 sources at a time), stored as one byte per pair: for networks up to kMaxNodes nodes.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <wormsim/topology/topology.h>

namespace wormsim {

class DistanceTable {
 public:
  static constexpr std::size_t kMaxNodes = 16384;
  static constexpr std::uint8_t kUnreachable = 255;

  /// Throws ConfigError (field "topology") if too large or a distance > 254.
  /// `threads` > 1 searches from blocks of sources in parallel; the table
  /// does not depend on it.
  explicit DistanceTable(const Topology& t, unsigned threads = 1);

  std::uint8_t operator()(NodeId from, NodeId to) const { return d_[std::size_t(from) * n_ + to]; }
  const std::uint8_t* row(NodeId from) const { return d_.get() + std::size_t(from) * n_; }
  std::size_t nodes() const { return n_; }
  bool connected() const { return connected_; }
  unsigned diameter() const { return diameter_; }
  double average() const { return average_; }  ///< over ordered pairs of distinct nodes

 private:
  std::size_t n_;
  std::unique_ptr<std::uint8_t[]> d_;  ///< n x n, each batch's rows first written by the lane that searches it
  bool connected_ = true;
  unsigned diameter_ = 0;
  double average_ = 0;
};

/// Hop distance for routings that pick shortest-path next hops. On meshes
/// and tori it is computed from the coordinates (per dimension |a - b|, or
/// the shorter way round the ring): no table, any size. Elsewhere it is the
/// all-pairs DistanceTable (n^2 bytes, up to DistanceTable::kMaxNodes
/// nodes), which those topologies cannot do without here.
class HopDistance {
 public:
  /// Throws ConfigError as DistanceTable does (non-grid topologies only);
  /// `threads` as DistanceTable's.
  explicit HopDistance(const Topology& t, unsigned threads = 1);
  unsigned operator()(NodeId from, NodeId to) const {
    if (table_) return (*table_)(from, to);
    const auto &a = coords_[from], &b = coords_[to];
    unsigned sum = 0;
    for (unsigned d = 0; d < 3; ++d) {
      const unsigned diff = a[d] > b[d] ? a[d] - b[d] : b[d] - a[d];
      sum += wrap_ && 2 * diff > dims_[d] ? dims_[d] - diff : diff;
    }
    return sum;
  }
  bool connected() const { return table_ ? table_->connected() : true; }
  /// Bytes held: the coordinates, or the table.
  std::size_t table_bytes() const {
    return table_ ? table_->nodes() * table_->nodes() : coords_.size() * sizeof(coords_[0]);
  }

 private:
  std::unique_ptr<DistanceTable> table_;
  std::vector<std::array<unsigned, 3>> coords_;  ///< grid_coord_table (topology/grid.h)
  std::array<unsigned, 3> dims_{};
  bool wrap_ = false;
};

/// The output ports of `from` on a shortest path to `to`, as a bit mask over
/// port ids. Meshes and tori: from HopDistance's coordinate formula, each
/// neighbour tested. Elsewhere, where no router has more than 8 network
/// ports: one byte per (node, destination) pair, worked out once from the
/// distances toward 64 destinations at a time (no all-pairs table is held),
/// so a route reads one byte where the neighbour test reads a distance row
/// per neighbour, each a cache miss on a large fabric. More ports: the
/// neighbour test on the all-pairs table.
class MinimalPorts {
 public:
  /// Throws ConfigError as DistanceTable does (non-grid topologies only);
  /// `threads` > 1 builds the tables on that many threads, with the same result.
  explicit MinimalPorts(const Topology& t, unsigned threads = 1);
  std::uint32_t operator()(NodeId from, NodeId to) const {
    if (!dist_) return masks_[std::size_t(from) * n_ + to];
    std::uint32_t m = 0;
    const unsigned d = (*dist_)(from, to);
    const auto& peers = topo_.peer[from];
    for (std::size_t q = 0; q < peers.size(); ++q)
      if (peers[q] && (*dist_)(peers[q]->node, to) + 1u == d) m |= 1u << q;
    return m;
  }
  bool connected() const { return connected_; }
  /// Bytes held: the masks, or the distances.
  std::size_t table_bytes() const { return dist_ ? dist_->table_bytes() : n_ * n_; }
  /// True where the one-byte masks are held.
  bool tabled() const { return !dist_; }

 private:
  const Topology& topo_;
  std::size_t n_;
  std::optional<HopDistance> dist_;  ///< where the masks are not tabled
  std::unique_ptr<std::uint8_t[]> masks_;  ///< n x n, each block of rows first written by its lane
  bool connected_ = true;
};

}  // namespace wormsim
