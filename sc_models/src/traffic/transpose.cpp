// Transpose: (x, y, z) sends to (y, x, z). Needs X == Y.
#include <wormsim/core/config_error.h>
#include <wormsim/topology/grid.h>
#include <wormsim/traffic/pattern.h>

namespace wormsim {
namespace {

class Transpose : public TrafficPattern {
 public:
  explicit Transpose(const Topology& t) : dims_(t.dims) {}
  std::optional<NodeId> destination(NodeId src, Rng&) const override {
    const Coord c = coord_of(dims_, src);
    if (c.x == c.y) return std::nullopt;
    return id_of(dims_, Coord{c.y, c.x, c.z});
  }

 private:
  std::array<unsigned, 3> dims_;
};

}  // namespace

std::unique_ptr<TrafficPattern> patterns::transpose(const Topology& t) {
  if (t.dims[0] != t.dims[1])
    throw ConfigError("traffic", "transpose needs X == Y, got " + t.spec);
  return std::make_unique<Transpose>(t);
}

}  // namespace wormsim
