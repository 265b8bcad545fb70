#include <wormsim/topology/bounds.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <functional>
#include <stdexcept>

#include <wormsim/topology/grid.h>
#include <wormsim/topology/petersen_torus.h>

namespace wormsim {
namespace {

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  return buf;
}

std::string count(double v) { return std::to_string(static_cast<long long>(std::llround(v))); }

// theta <= channels / (N * average hops over ordered pairs of distinct nodes).
ThroughputBound class_bound(const std::string& name, const std::string& what, double channels,
                            double hop_sum, double n) {
  const double avg = hop_sum / (n * (n - 1));
  return ThroughputBound{name, count(channels) + " " + what + " channels, " + fmt(avg) + " hops in them per packet",
                         avg > 0 ? channels / (n * avg) : 1e9};
}

// Sum of |a - b| (mesh) or ring distance (torus) over all ordered pairs of 0..k-1.
double line_sum(unsigned k, bool ring) {
  double s = 0;
  for (unsigned a = 0; a < k; ++a)
    for (unsigned b = 0; b < k; ++b) {
      const unsigned d = a > b ? a - b : b - a;
      s += ring ? std::min(d, k - d) : d;
    }
  return s;
}

}  // namespace

void grid_bounds(const Topology& t, ThroughputBounds& out) {
  const bool ring = t.as<GridKind>()->wrap();
  const double n = static_cast<double>(t.num_nodes());
  double total_channels = 0, total_hops = 0;
  const char* names[3] = {"x", "y", "z"};
  std::vector<ThroughputBound> per_dim;
  for (unsigned d = 0; d < 3; ++d) {
    const unsigned k = t.dims[d];
    if (k < 2) continue;
    double channels = 0;
    for (bool positive : {true, false}) {
      const int port = grid_port(t, d, positive);
      for (NodeId u = 0; u < t.num_nodes(); ++u)
        if (port >= 0 && t.peer[u][static_cast<PortId>(port)]) ++channels;
    }
    const double hops = line_sum(k, ring) * (n / k) * (n / k);  // over all ordered node pairs
    total_channels += channels;
    total_hops += hops;
    per_dim.push_back(class_bound(std::string(names[d]) + "-links", std::string(names[d]), channels, hops, n));
    // Middle cut of dimension d: a nodes on one side, crossed by `crossing`
    // channels each way.
    const double a = std::floor(k / 2.0) * (n / k);
    const double crossing = (ring ? 2.0 : 1.0) * (n / k);
    const bool exact = k % 2 == 0;
    per_dim.push_back(cut_bound(std::string("bisection-") + names[d],
                                "middle cut across " + std::string(names[d]) + (exact ? " (the bisection: exact)" : ""),
                                crossing, a, n));
  }
  out.bounds.push_back(class_bound("channels", "directed", total_channels, total_hops, n));
  for (auto& b : per_dim) out.bounds.push_back(std::move(b));
}

namespace {

// 0-1 breadth-first search from s: hops on channels where `counts` is true.
void zero_one_bfs(const Topology& t, NodeId s, const std::function<bool(NodeId, PortId)>& counts,
                  std::vector<unsigned>& dist) {
  dist.assign(t.num_nodes(), ~0u);
  std::deque<NodeId> q{s};
  dist[s] = 0;
  while (!q.empty()) {
    const NodeId u = q.front();
    q.pop_front();
    for (PortId p = 0; p < t.num_ports; ++p) {
      const auto& peer = t.peer[u][p];
      if (!peer) continue;
      const unsigned w = counts(u, p) ? 1u : 0u;
      if (dist[u] + w < dist[peer->node]) {
        dist[peer->node] = dist[u] + w;
        if (w) q.push_back(peer->node);
        else q.push_front(peer->node);
      }
    }
  }
}

}  // namespace

void petersen_torus_bounds(const Topology& t, ThroughputBounds& out) {
  const double n = static_cast<double>(t.num_nodes());
  const double modules = n / 10;
  struct Class {
    std::string name, what;
    std::function<bool(NodeId, PortId)> counts;
  };
  auto p_of = [&](NodeId u) { return pt_coord_of(t.dims, u).p; };
  const std::vector<Class> classes = {
      {"channels", "directed", [](NodeId, PortId) { return true; }},
      {"external", "external", [](NodeId, PortId p) { return p == 0; }},
      {"z-links", "z (external at p = 0, 5)",
       [&](NodeId u, PortId p) { return p == 0 && (p_of(u) == 0 || p_of(u) == 5); }},
      {"xy-links", "x/y/diagonal (external at p != 0, 5)",
       [&](NodeId u, PortId p) { return p == 0 && p_of(u) != 0 && p_of(u) != 5; }},
      {"petersen", "Petersen", [](NodeId, PortId p) { return p != 0; }},
  };
  std::vector<unsigned> dist;
  for (const Class& c : classes) {
    double channels = 0;
    for (NodeId u = 0; u < t.num_nodes(); ++u)
      for (PortId p = 0; p < t.num_ports; ++p)
        if (t.peer[u][p] && c.counts(u, p)) ++channels;
    // Every module is the same up to translation: sources in module 0 suffice.
    double hops = 0;
    for (NodeId s = 0; s < 10; ++s) {
      zero_one_bfs(t, s, c.counts, dist);
      for (unsigned d : dist) hops += d;
    }
    out.bounds.push_back(class_bound(c.name, c.what, channels, hops * modules, n));
  }
}

ThroughputBound cut_bound(const std::string& name, const std::string& what, double c, double a, double n) {
  const double b = n - a;
  return ThroughputBound{name, what + ": " + count(c) + " channels each way between " + count(a) + " and " +
                                   count(b) + " nodes",
                         c * (n - 1) / (a * b)};
}

ThroughputBound link_class_bound(const Topology& t, const std::string& name, const std::string& what,
                                 const std::function<bool(NodeId, PortId)>& counts, bool vertex_transitive) {
  const double n = static_cast<double>(t.num_nodes());
  const NodeId sources = vertex_transitive ? 1 : static_cast<NodeId>(t.num_nodes());
  double channels = 0;
  for (NodeId u = 0; u < t.num_nodes(); ++u)
    for (PortId p = 0; p < t.num_ports; ++p)
      if (t.peer[u][p] && counts(u, p)) ++channels;
  std::vector<unsigned> dist;
  double hops = 0;
  for (NodeId s = 0; s < sources; ++s) {
    zero_one_bfs(t, s, counts, dist);
    for (unsigned d : dist) hops += d;
  }
  if (vertex_transitive) hops *= n;
  return class_bound(name, what, channels, hops, n);
}

void channel_bound(const Topology& t, bool vertex_transitive, ThroughputBounds& out) {
  out.bounds.push_back(link_class_bound(t, "channels", "directed", [](NodeId, PortId) { return true; },
                                        vertex_transitive));
}

std::optional<std::pair<std::size_t, std::string>> coordinate_halving_cut(const Topology& t,
                                                                          const std::array<unsigned, 3>& sizes,
                                                                          const char* const names[3],
                                                                          bool upper_bound_only) {
  std::optional<std::pair<std::size_t, std::string>> best;
  std::vector<std::vector<unsigned>> coords(t.num_nodes());
  for (NodeId n = 0; n < t.num_nodes(); ++n) coords[n] = t.kind->coordinates(n);
  for (unsigned d = 0; d < 3; ++d) {
    const unsigned size = sizes[d];
    if (size < 2 || size % 2 != 0) continue;
    std::size_t crossing = 0;
    for (NodeId n = 0; n < t.num_nodes(); ++n)
      for (const auto& p : t.peer[n])
        if (p && (coords[n][d] < size / 2) != (coords[p->node][d] < size / 2)) ++crossing;
    crossing /= 2;
    if (!best || crossing < best->first)
      best = std::make_pair(crossing, std::string(names[d]) + (upper_bound_only ? "; an upper bound" : ""));
  }
  return best;
}

const ThroughputBound& ThroughputBounds::tightest() const {
  if (bounds.empty()) throw std::logic_error("no throughput bounds");
  return *std::min_element(bounds.begin(), bounds.end(),
                           [](const ThroughputBound& a, const ThroughputBound& b) { return a.value < b.value; });
}

ThroughputBounds uniform_throughput_bounds(const Topology& t, unsigned local_ports) {
  ThroughputBounds out;
  if (t.num_nodes() < 2) return out;
  out.bounds.push_back(ThroughputBound{"ejection", std::to_string(local_ports) + " ejection channel(s) per node",
                                       static_cast<double>(local_ports)});
  t.kind->add_bounds(t, out);
  return out;
}

}  // namespace wormsim
