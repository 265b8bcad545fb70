// Bit complement on coordinates: (x, y, z) sends to (X-1-x, Y-1-y, Z-1-z).
#include <wormsim/topology/grid.h>
#include <wormsim/traffic/pattern.h>

namespace wormsim {
namespace {

class BitComplement : public TrafficPattern {
 public:
  explicit BitComplement(const Topology& t) : dims_(t.dims) {}
  std::optional<NodeId> destination(NodeId src, Rng&) const override {
    const Coord c = coord_of(dims_, src);
    const NodeId d = id_of(dims_, Coord{dims_[0] - 1 - c.x, dims_[1] - 1 - c.y, dims_[2] - 1 - c.z});
    if (d == src) return std::nullopt;
    return d;
  }

 private:
  std::array<unsigned, 3> dims_;
};

}  // namespace

std::unique_ptr<TrafficPattern> patterns::bit_complement(const Topology& t) {
  return std::make_unique<BitComplement>(t);
}

}  // namespace wormsim
