#include <wormsim/routing/arrangement_routing.h>

#include <algorithm>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/arrangement.h>

namespace wormsim {
namespace {

bool uses(const std::vector<unsigned char>& p, unsigned e) { return std::find(p.begin(), p.end(), e) != p.end(); }

// (position, element) of the next hop from p towards q.
std::pair<unsigned, unsigned> next_move(const std::vector<unsigned char>& p, const std::vector<unsigned char>& q,
                                        unsigned n) {
  int first = -1;
  for (unsigned i = 0; i < p.size(); ++i) {
    if (p[i] == q[i]) continue;
    if (first < 0) first = static_cast<int>(i);
    if (!uses(p, q[i])) return {i, q[i]};
  }
  for (unsigned e = 1; e <= n; ++e)
    if (!uses(p, e) && !uses(q, e)) return {static_cast<unsigned>(first), e};
  throw std::logic_error("ag-greedy: no free element (here == dst?)");
}

}  // namespace

unsigned arrangement_diameter(unsigned, unsigned k) { return 3 * k / 2; }

ArrangementRouting::ArrangementRouting(const Topology& t, unsigned vcs) : topo_(t), kind_(t.as<ArrangementKind>()) {
  if (kind_ == nullptr) throw ConfigError("routing", "ag-greedy needs arrangement:N,K, got " + t.spec);
  classes_ = std::max(1u, arrangement_diameter(kind_->n(), kind_->k()));
  vcs_ = vcs == 0 ? classes_ : vcs;
}

NodeId ArrangementRouting::next_hop(NodeId here, NodeId dst) const {
  auto p = kind_->arrangement(here);
  const auto [i, e] = next_move(p, kind_->arrangement(dst), kind_->n());
  p[i] = static_cast<unsigned char>(e);
  return kind_->id_of(p);
}

void ArrangementRouting::route(NodeId here, PortId in_port, VcId in_vc, const Flit& head, RouteSet& out) const {
  const auto& p = kind_->arrangement(here);
  const auto [i, e] = next_move(p, kind_->arrangement(head.dst), kind_->n());
  // Hop h on VC min(h, vcs - 1): the input VC tells the hop (saturating).
  const unsigned hop = in_port >= topo_.num_ports ? 0 : std::min<unsigned>(in_vc + 1, vcs_ - 1);
  out.add(kind_->port_for(p, i, e), 1u << hop);
}

}  // namespace wormsim
