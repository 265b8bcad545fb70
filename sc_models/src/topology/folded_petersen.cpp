#include <wormsim/topology/folded_petersen.h>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/bounds.h>
#include <wormsim/topology/petersen.h>
#include <wormsim/topology/registry.h>

namespace wormsim {
namespace {

NodeId pow10(unsigned e) {
  NodeId v = 1;
  while (e-- > 0) v *= 10;
  return v;
}

// A Hamiltonian path of P in digit numbering: the outer cycle, a spoke, the
// inner cycle (00 01 02 03 04 14 11 13 10 12).
constexpr unsigned kPath[10] = {0, 1, 2, 3, 4, 9, 6, 8, 5, 7};

// Lowest digits that are 00: the digits 1..i-1 of id are all zero.
bool low_digits_zero(NodeId id, unsigned i) { return id % pow10(i - 1) == 0; }

}  // namespace

unsigned FoldedPetersenKind::digit(NodeId id, unsigned i) { return (id / pow10(i - 1)) % 10; }

NodeId FoldedPetersenKind::with_digit(NodeId id, unsigned i, unsigned d) {
  const NodeId w = pow10(i - 1);
  return id - digit(id, i) * w + d * w;
}

PortId FoldedPetersenKind::port_towards(unsigned i, unsigned from, unsigned to) {
  const auto nb = petersen::digit_neighbours(from);
  for (unsigned k = 0; k < 3; ++k)
    if (nb[k] == to) return static_cast<PortId>(3 * (i - 1) + k);
  throw std::logic_error("folded Petersen: digits not adjacent");
}

std::string FoldedPetersenKind::name() const {
  switch (variant_) {
    case Variant::Petersen: return "petersen";
    case Variant::Folded: return "fp";
    case Variant::RootFolded: return "rfp";
  }
  return "fp";
}

std::string FoldedPetersenKind::node_name(NodeId id) const {
  std::string s = "r";
  for (unsigned i = n_; i >= 1; --i) {
    const unsigned w = petersen::written(digit(id, i));
    s += std::to_string(w / 10) + std::to_string(w % 10) + (i > 1 ? "_" : "");
  }
  return s;
}

std::vector<unsigned> FoldedPetersenKind::coordinates(NodeId id) const {
  std::vector<unsigned> c;
  for (unsigned i = n_; i >= 1; --i) c.push_back(digit(id, i));
  return c;
}

std::optional<NodeId> FoldedPetersenKind::node_at(const std::vector<unsigned>& c) const {
  if (c.size() != n_) return std::nullopt;
  NodeId id = 0;
  for (unsigned v : c) {
    if (v > 9) return std::nullopt;
    id = 10 * id + v;
  }
  return id;
}

std::optional<std::vector<NodeId>> FoldedPetersenKind::hamiltonian_path(const Topology& t, std::string& why) const {
  if (root_folded() && n_ >= 2) {
    why = t.spec + " has no Hamiltonian path: each of its 10^(n-1) clusters meets the rest of the network only "
                   "at its 00 node, so a path would have to end inside every cluster but one";
    return std::nullopt;
  }
  // Reflected (boustrophedon) product of P's path: the r-th node has, in
  // digit i, the path position a_i (the base-10 digit of r), reflected to
  // 9 - a_i when the number r / 10^i above it is odd (radix 10 is even, so
  // that is the parity of a_(i+1)). Consecutive r then differ in one digit by
  // one path step, a link of P.
  std::vector<NodeId> order;
  order.reserve(t.num_nodes());
  for (NodeId r = 0; r < t.num_nodes(); ++r) {
    NodeId id = 0;
    for (unsigned i = 1; i <= n_; ++i) {
      const unsigned a = digit(r, i);
      const bool reflected = i < n_ && digit(r, i + 1) % 2 == 1;
      id = with_digit(id, i, kPath[reflected ? 9 - a : a]);
    }
    order.push_back(id);
  }
  return order;
}

void FoldedPetersenKind::add_bounds(const Topology& t, ThroughputBounds& out) const {
  const double n = static_cast<double>(t.num_nodes());
  if (vertex_transitive()) {
    channel_bound(t, true, out);  // a product of vertex-transitive graphs is vertex-transitive
    return;
  }
  if (t.num_nodes() <= 10000) {
    channel_bound(t, false, out);
    // Digit-i links exist only below nodes whose lower digits are 00: every
    // packet between different digit-i subtrees must cross them.
    for (unsigned i = 2; i <= n_; ++i)
      out.bounds.push_back(link_class_bound(
          t, "digit" + std::to_string(i) + "-links", "digit-" + std::to_string(i),
          [i](NodeId, PortId p) { return p / 3u + 1u == i; }, false));
  }
  if (n_ >= 2) {
    // The nodes below one top digit D_n = x != 0 meet the rest only through
    // the 3 digit-n links of (x, 00, ..., 00).
    const double a = static_cast<double>(pow10(n_ - 1));
    out.bounds.push_back(cut_bound("subtree-cut", "the nodes with one top digit, hanging from one cut vertex by 3 links",
                                   3, a, n));
  }
}

std::vector<std::pair<std::string, std::string>> FoldedPetersenKind::facts(const Topology&) const {
  const std::string p = "10^" + std::to_string(n_ - 1);
  switch (variant_) {
    case Variant::Petersen: return {{"links (formula)", "15; girth 5"}};
    case Variant::Folded: return {{"links (formula)", "15 n 10^(n-1) = 3n/2 links per node (n = " + std::to_string(n_) + ")"}};
    case Variant::RootFolded:
      return {{"links (formula)", "15 (10^n - 1) / 9 (n = " + std::to_string(n_) + ")"},
              {"router ports", "3 (t+1) at a node whose lowest t digits are 00; 3n at the root"}};
  }
  return {};
}

Topology make_folded_petersen(FoldedPetersenKind::Variant v, unsigned n) {
  auto kind = std::make_shared<FoldedPetersenKind>(v, n);
  Topology t;
  t.kind = kind;
  t.dims = {n, 0, 0};
  t.spec = v == FoldedPetersenKind::Variant::Petersen ? "petersen" : kind->name() + ":" + std::to_string(n);
  t.num_ports = 3 * n;
  for (unsigned i = 1; i <= n; ++i)
    for (unsigned k = 0; k < 3; ++k) t.port_names.push_back("d" + std::to_string(i) + "p" + std::to_string(k));
  const NodeId total = pow10(n);
  t.peer.assign(total, std::vector<std::optional<PortPeer>>(t.num_ports));
  for (NodeId id = 0; id < total; ++id)
    for (unsigned i = 1; i <= n; ++i) {
      if (kind->root_folded() && i >= 2 && !low_digits_zero(id, i)) continue;
      const unsigned d = FoldedPetersenKind::digit(id, i);
      const auto nb = petersen::digit_neighbours(d);
      for (unsigned k = 0; k < 3; ++k)
        t.peer[id][3 * (i - 1) + k] =
            PortPeer{FoldedPetersenKind::with_digit(id, i, nb[k]), FoldedPetersenKind::port_towards(i, nb[k], d)};
    }
  return t;
}

Topology make_folded_petersen_from_spec(FoldedPetersenKind::Variant v, const std::string& args,
                                        const std::string& field) {
  if (v == FoldedPetersenKind::Variant::Petersen) {
    if (!args.empty()) throw ConfigError(field, "petersen takes no size (write 'petersen', or fp:N for FP_n)");
    return make_folded_petersen(v, 1);
  }
  const std::string name = v == FoldedPetersenKind::Variant::Folded ? "fp" : "rfp";
  const std::string range = name + ":N with 1 <= N <= 5 (10^N nodes)";
  if (args.empty()) throw ConfigError(field, "missing size (expected " + range + ")");
  const auto d = parse_sizes(args, 'x', 1, 1, field, range);
  if (d[0] < 1 || d[0] > 5) throw ConfigError(field, "expected " + range + ", got '" + name + ":" + args + "'");
  return make_folded_petersen(v, d[0]);
}

}  // namespace wormsim
