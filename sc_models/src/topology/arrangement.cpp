#include <wormsim/topology/arrangement.h>

#include <algorithm>

#include <wormsim/core/config_error.h>
#include <wormsim/multicast/hamiltonian.h>
#include <wormsim/topology/bounds.h>
#include <wormsim/topology/registry.h>

namespace wormsim {
namespace {

bool uses(const std::vector<unsigned char>& p, unsigned e) { return std::find(p.begin(), p.end(), e) != p.end(); }

}  // namespace

unsigned long long arrangement_count(unsigned n, unsigned k, unsigned long long limit) {
  unsigned long long c = 1;
  for (unsigned i = 0; i < k; ++i) {
    c *= n - i;
    if (c > limit) return 0;
  }
  return c;
}

ArrangementKind::ArrangementKind(unsigned n, unsigned k) : n_(n), k_(k), falling_(k) {
  for (unsigned i = 0; i < k; ++i) {
    NodeId f = 1;
    for (unsigned j = i + 1; j < k; ++j) f *= n - j;
    falling_[i] = f;
  }
  // Lexicographic enumeration.
  std::vector<unsigned char> p;
  std::vector<bool> used(n + 1, false);
  auto rec = [&](auto&& self) -> void {
    if (p.size() == k_) {
      nodes_.push_back(p);
      return;
    }
    for (unsigned e = 1; e <= n_; ++e) {
      if (used[e]) continue;
      used[e] = true;
      p.push_back(static_cast<unsigned char>(e));
      self(self);
      p.pop_back();
      used[e] = false;
    }
  };
  rec(rec);
}

NodeId ArrangementKind::id_of(const std::vector<unsigned char>& p) const {
  NodeId id = 0;
  for (unsigned i = 0; i < k_; ++i) {
    unsigned smaller = 0;  // unused-so-far elements below p_i
    for (unsigned e = 1; e < p[i]; ++e)
      if (std::find(p.begin(), p.begin() + i, e) == p.begin() + i) ++smaller;
    id += smaller * falling_[i];
  }
  return id;
}

PortId ArrangementKind::port_for(const std::vector<unsigned char>& p, unsigned i, unsigned e) const {
  unsigned j = 0;
  for (unsigned x = 1; x < e; ++x)
    if (!uses(p, x)) ++j;
  return static_cast<PortId>(i * (n_ - k_) + j);
}

std::string ArrangementKind::node_name(NodeId id) const {
  std::string s = "r";
  for (unsigned i = 0; i < k_; ++i) s += (i ? "_" : "") + std::to_string(nodes_[id][i]);
  return s;
}

std::vector<unsigned> ArrangementKind::coordinates(NodeId id) const {
  return std::vector<unsigned>(nodes_[id].begin(), nodes_[id].end());
}

std::optional<NodeId> ArrangementKind::node_at(const std::vector<unsigned>& c) const {
  if (c.size() != k_) return std::nullopt;
  std::vector<unsigned char> p;
  for (unsigned v : c) {
    if (v < 1 || v > n_ || uses(p, v)) return std::nullopt;
    p.push_back(static_cast<unsigned char>(v));
  }
  return id_of(p);
}

std::optional<std::vector<NodeId>> ArrangementKind::hamiltonian_path(const Topology& t, std::string& why) const {
  auto path = search_hamiltonian_path(t, 2'000'000);
  if (!path) why = "no Hamiltonian path found for " + t.spec + " within the search budget";
  return path;
}

void ArrangementKind::add_bounds(const Topology& t, ThroughputBounds& out) const {
  channel_bound(t, true, out);  // A(n, k) is vertex-transitive
}

std::vector<std::pair<std::string, std::string>> ArrangementKind::facts(const Topology&) const {
  std::vector<std::pair<std::string, std::string>> f = {
      {"links (formula)", "N k (n-k) / 2 with N = n!/(n-k)!"},
      {"sub-structure", "the nodes with element e at position j form an A(" + std::to_string(n_ - 1) + ", " +
                            std::to_string(k_ - 1) + ")"}};
  if (k_ == 1) f.emplace_back("special case", "A(n, 1) is the complete graph K_" + std::to_string(n_));
  if (k_ + 1 == n_) f.emplace_back("special case", "A(n, n-1) is the star graph S_" + std::to_string(n_));
  return f;
}

Topology make_arrangement(unsigned n, unsigned k) {
  auto kind = std::make_shared<ArrangementKind>(n, k);
  Topology t;
  t.kind = kind;
  t.dims = {n, k, 0};
  t.spec = "arrangement:" + std::to_string(n) + "," + std::to_string(k);
  const unsigned out = n - k;
  t.num_ports = k * out;
  for (unsigned i = 0; i < k; ++i)
    for (unsigned j = 0; j < out; ++j) t.port_names.push_back("p" + std::to_string(i + 1) + "e" + std::to_string(j));
  const std::size_t total = arrangement_count(n, k, kMaxTopologyNodes);
  t.peer.assign(total, std::vector<std::optional<PortPeer>>(t.num_ports));
  for (NodeId id = 0; id < total; ++id) {
    const auto& p = kind->arrangement(id);
    for (unsigned i = 0; i < k; ++i)
      for (unsigned e = 1; e <= n; ++e) {
        if (uses(p, e)) continue;
        auto q = p;
        q[i] = static_cast<unsigned char>(e);
        t.peer[id][kind->port_for(p, i, e)] = PortPeer{kind->id_of(q), kind->port_for(q, i, p[i])};
      }
  }
  return t;
}

Topology make_arrangement_from_spec(const std::string& args, const std::string& field) {
  const std::string range = "arrangement:N,K with 1 <= K <= N-1, N <= 255, at most " +
                            std::to_string(kMaxTopologyNodes) + " nodes and K(N-K) <= 63 ports";
  if (args.empty()) throw ConfigError(field, "missing sizes (expected " + range + ")");
  const auto d = parse_sizes(args, ',', 2, 2, field, range);
  const unsigned n = d[0], k = d[1];
  if (n == k && k >= 1)
    throw ConfigError(field, "A(n, n) has no edges (two arrangements of all n elements differ in at least two "
                             "positions): expected " + range);
  if (k < 1 || k >= n || n > 255) throw ConfigError(field, "expected " + range + ", got 'arrangement:" + args + "'");
  if (arrangement_count(n, k, kMaxTopologyNodes) == 0)
    throw ConfigError(field, "A(" + std::to_string(n) + ", " + std::to_string(k) + ") has more than " +
                                 std::to_string(kMaxTopologyNodes) + " nodes: expected " + range);
  if (k * (n - k) > 63) throw ConfigError(field, "expected " + range + ", got " + std::to_string(k * (n - k)) + " ports");
  return make_arrangement(n, k);
}

}  // namespace wormsim
