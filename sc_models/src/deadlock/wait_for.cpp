#include <wormsim/deadlock/wait_for.h>

#include <algorithm>
#include <unordered_map>

#include <wormsim/core/lane_owned.h>

namespace wormsim {

// The graph lives lane by lane on the network's threads (one lane without
// them): lane k numbers the occupied VCs of its own routers, classifies
// them, and propagates liveness among them; an edge into another lane's VC
// is handed to that lane, which passes liveness back along it in rounds
// until no lane has any to pass. Liveness is the least fixed point, so it
// does not depend on the lanes or the order of the rounds, and the report
// follows routers in id order, so it is the one a single lane gives. The
// arrays live as long as the detector: a check clears them (keeping their
// capacity) and resets only the index entries it set, so a periodic check
// on a large fabric neither allocates nor sweeps the index.
class DeadlockDetector::Graph {
  struct Via {
    bool alloc;  ///< waits for an output VC the target holds
    PortId port;
    VcId vc;
  };
  /// A graph node: the lane of its router and its place among that lane's nodes.
  struct Ref {
    std::uint32_t lane, node;
  };
  struct Edge {
    Ref to;  ///< the node waited for
    Via via;
  };
  /// An occupied input VC (8 bytes; a reported one becomes a BlockedVc).
  struct Vc {
    NodeId node;
    PortId port;
    VcId vc;
    bool has_packet;
  };
  /// An edge between lanes, kept by the lane it starts in for the lane it
  /// ends in: `from` (of the keeping lane) waits on node `to` (of the other).
  struct Crossing {
    std::uint32_t to, from;
  };
  /// A node's predecessor: a node that waits on it.
  using Pred = Ref;
  struct alignas(kLaneLine) Lane {  // written by its lane alone, read by others between rounds
    std::vector<Vc> nodes;                        ///< its routers' occupied VCs, in router order
    std::vector<std::uint32_t> first_edge;        ///< per node, its first wait edge in `edges`
    std::vector<Edge> edges;
    std::vector<std::uint8_t> live;
    std::size_t live_count = 0;
    std::vector<std::vector<Crossing>> crossing;  ///< per other lane, its edges into that lane
    std::vector<std::uint32_t> first_pred;        ///< per node, its first predecessor in `preds`
    std::vector<Pred> preds;
    std::vector<std::uint32_t> work, fill;
    /// Per other lane, that lane's nodes found live through this lane's,
    /// by the parity of the round that found them.
    std::vector<std::vector<std::uint32_t>> passed[2];
    std::size_t passing = 0;  ///< how many this round found
  };

 public:
  explicit Graph(const Network& net)
      : net_(net), cfg_(net.router(0).config()), per_router_(cfg_.total_ports() * cfg_.vcs) {
    index_.assign(std::size_t{net_.num_nodes()} * per_router_, kNone);
  }

  std::size_t index_entries() const {
    return static_cast<std::size_t>(std::count_if(index_.begin(), index_.end(), [](std::uint32_t x) { return x != kNone; }));
  }

  DeadlockReport run() {
    const unsigned lanes = net_.threads();
    if (lanes_.size() != lanes || cut_ != net_.lane_cut()) {  // the lanes of the network now
      cut_ = net_.lane_cut();
      lanes_.assign(lanes, Lane{});
      for (Lane& l : lanes_) {
        l.crossing.assign(lanes, {});
        for (auto& p : l.passed) p.assign(lanes, {});
      }
      lane_routers_.assign(lanes > 1 ? lanes : 0, {});
      for (NodeId n = 0; n < net_.num_nodes() && lanes > 1; ++n) lane_routers_[net_.lane_of_node(n)].push_back(n);
    }
    net_.for_each_lane([&](unsigned lane) { enumerate(lane); });
    net_.for_each_lane([&](unsigned lane) { classify_all(lane); });
    net_.for_each_lane([&](unsigned lane) { propagate_first(lane); });
    for (unsigned round = 1; passing(); ++round)
      net_.for_each_lane([&](unsigned lane) { propagate_round(lane, round); });
    return report();
  }

 private:
  std::size_t key(NodeId n, unsigned port, unsigned vc) const { return n * per_router_ + port * cfg_.vcs + vc; }
  std::uint32_t lane_of(NodeId n) const { return lanes_.size() == 1 ? 0 : net_.lane_of_node(n); }

  // f(n) for every router n of lane `lane`, in ascending order (every router
  // with one lane).
  template <class F>
  void for_routers(unsigned lane, F f) const {
    if (lane_routers_.empty()) {
      for (NodeId n = 0; n < net_.num_nodes(); ++n) f(n);
      return;
    }
    for (NodeId n : lane_routers_[lane]) f(n);
  }

  // 1. The lane's occupied VCs and their index entries.
  void enumerate(unsigned lane) {
    Lane& l = lanes_[lane];
    l.nodes.clear();
    for_routers(lane, [&](NodeId n) {
      const Router& r = net_.router(n);
      if (r.unoccupied()) return;
      for (std::uint64_t m = r.occupied_vcs(); m; m &= m - 1) {
        const unsigned index = static_cast<unsigned>(__builtin_ctzll(m));
        const auto p = static_cast<PortId>(index / cfg_.vcs);
        const auto v = static_cast<VcId>(index % cfg_.vcs);
        index_[key(n, p, v)] = static_cast<std::uint32_t>(l.nodes.size());
        l.nodes.push_back(Vc{n, p, v, !r.buffer(p, v).empty()});  // its packet: read for a reported cycle only
      }
    });
  }

  // 2. Each node's liveness or wait edges (reads other lanes' index entries).
  void classify_all(unsigned lane) {
    Lane& l = lanes_[lane];
    l.edges.clear();
    for (auto& c : l.crossing) c.clear();
    l.live.assign(l.nodes.size(), 0);
    l.first_edge.resize(l.nodes.size() + 1);
    for (std::size_t i = 0; i < l.nodes.size(); ++i) {
      l.first_edge[i] = static_cast<std::uint32_t>(l.edges.size());
      classify(l, i);
    }
    l.first_edge[l.nodes.size()] = static_cast<std::uint32_t>(l.edges.size());
  }

  // 3. The lane's index entries back to unset; its nodes' predecessors (its
  // own edges and the other lanes' crossings into it); liveness spread from
  // the nodes live by themselves.
  void propagate_first(unsigned lane) {
    Lane& l = lanes_[lane];
    for (const Vc& b : l.nodes) index_[key(b.node, b.port, b.vc)] = kNone;
    const std::size_t count = l.nodes.size();
    l.first_pred.assign(count + 1, 0);
    for (const Edge& e : l.edges)
      if (e.to.lane == lane) ++l.first_pred[e.to.node + 1];
    for (const Lane& other : lanes_)
      if (&other != &l)
        for (const Crossing& c : other.crossing[lane]) ++l.first_pred[c.to + 1];
    for (std::size_t i = 0; i < count; ++i) l.first_pred[i + 1] += l.first_pred[i];
    l.preds.resize(l.first_pred[count]);
    std::vector<std::uint32_t>& fill = l.fill;
    fill.assign(l.first_pred.begin(), l.first_pred.end() - 1);
    for (std::uint32_t from = 0; from < count; ++from)
      for (std::uint32_t e = l.first_edge[from]; e < l.first_edge[from + 1]; ++e)
        if (l.edges[e].to.lane == lane) l.preds[fill[l.edges[e].to.node]++] = Pred{lane, from};
    for (std::uint32_t other = 0; other < lanes_.size(); ++other)
      if (other != lane)
        for (const Crossing& c : lanes_[other].crossing[lane]) l.preds[fill[c.to]++] = Pred{other, c.from};
    for (auto& p : l.passed[0]) p.clear();
    l.passing = 0;
    l.work.clear();
    l.live_count = 0;
    for (std::uint32_t i = 0; i < count; ++i)
      if (l.live[i]) {
        ++l.live_count;
        l.work.push_back(i);
      }
    spread(l, lane, 0);
  }

  // 4. Round `round`: the nodes other lanes found live in the round before.
  void propagate_round(unsigned lane, unsigned round) {
    Lane& l = lanes_[lane];
    auto& out = l.passed[round & 1];
    for (auto& p : out) p.clear();
    l.passing = 0;
    for (const Lane& other : lanes_)
      for (std::uint32_t i : other.passed[(round - 1) & 1][lane])
        if (!l.live[i]) {
          l.live[i] = 1;
          ++l.live_count;
          l.work.push_back(i);
        }
    spread(l, lane, round & 1);
  }

  // Liveness flows backwards along wait edges: within the lane at once, to
  // another lane's node by passing it (parity `parity`).
  void spread(Lane& l, unsigned lane, unsigned parity) {
    while (!l.work.empty()) {
      const std::uint32_t x = l.work.back();
      l.work.pop_back();
      for (std::uint32_t k = l.first_pred[x]; k < l.first_pred[x + 1]; ++k) {
        const Pred y = l.preds[k];
        if (y.lane != lane) {
          l.passed[parity][y.lane].push_back(y.node);
          ++l.passing;
        } else if (!l.live[y.node]) {
          l.live[y.node] = 1;
          ++l.live_count;
          l.work.push_back(y.node);
        }
      }
    }
  }

  bool passing() const {
    for (const Lane& l : lanes_)
      if (l.passing != 0) return true;
    return false;
  }

  DeadlockReport report() const {
    DeadlockReport r;
    for (const Lane& l : lanes_) r.blocked += l.nodes.size() - l.live_count;
    if (r.blocked == 0) return r;
    // The first dead node in router order, then wait edges inside the dead
    // set until a node repeats.
    Ref at{0, 0};
    std::size_t first = ~std::size_t{0};
    for (std::uint32_t lane = 0; lane < lanes_.size(); ++lane) {
      const Lane& l = lanes_[lane];
      for (std::uint32_t i = 0; i < l.nodes.size(); ++i)
        if (!l.live[i]) {
          const std::size_t k = key(l.nodes[i].node, l.nodes[i].port, l.nodes[i].vc);
          if (k < first) first = k, at = Ref{lane, i};
          break;  // a lane's nodes are in router order
        }
    }
    const auto id = [](Ref x) { return std::uint64_t{x.lane} << 32 | x.node; };
    std::unordered_map<std::uint64_t, std::size_t> seen;
    std::vector<Ref> walk;
    std::vector<Via> vias;  ///< the edge each walked node was left by
    while (!seen.count(id(at))) {
      seen[id(at)] = walk.size();
      walk.push_back(at);
      vias.push_back(Via{false, 0, 0});
      const Lane& l = lanes_[at.lane];
      Ref next = at;
      for (std::uint32_t e = l.first_edge[at.node]; e < l.first_edge[at.node + 1]; ++e)
        if (const Edge& edge = l.edges[e]; !lanes_[edge.to.lane].live[edge.to.node]) {
          next = edge.to;
          vias.back() = edge.via;
          break;
        }
      at = next;
    }
    for (std::size_t k = seen[id(at)]; k < walk.size(); ++k) {
      const Vc& vc = lanes_[walk[k].lane].nodes[walk[k].node];
      BlockedVc b{vc.node, vc.port, vc.vc, vc.has_packet, 0};
      b.waits_for_allocation = vias[k].alloc;
      b.alloc_port = vias[k].port;
      b.alloc_vc = vias[k].vc;
      if (b.has_packet) b.packet = net_.router(b.node).buffer(b.port, b.vc).front().packet;
      r.cycle.push_back(b);
    }
    return r;
  }

  // Sets node i's liveness or appends its wait edges.
  void classify(Lane& l, std::size_t i) {
    const Vc& b = l.nodes[i];
    const Router& r = net_.router(b.node);
    const bool empty = r.buffer(b.port, b.vc).empty();
    if (!r.input_vc_active(b.port, b.vc)) {  // head waiting for VC allocation
      RouteSet local, forward;
      // A head the router routed and that waits with its candidates kept:
      // those, no flit read (most waiting heads in a congested fabric).
      if (r.kept_route(b.port, b.vc, local)) return wait_for_any(l, i, r, b.node, local);
      const Flit& head = r.buffer(b.port, b.vc).front();
      r.route(head, b.port, b.vc, local);
      if (!r.forks_here(head)) return wait_for_any(l, i, r, b.node, local);
      // A fork needs an ejection VC and a forward VC at once. It waits on
      // the forward group if none is free there (it cannot move before one
      // frees, whatever the ejection VCs do), else on the ejection group.
      r.route_forward(head, b.port, b.vc, forward);
      if (all_taken(r, forward)) return wait_for_any(l, i, r, b.node, forward);
      return wait_for_any(l, i, r, b.node, local);
    }
    if (empty) {  // active, waiting for the rest of its packet
      const Link* in = r.input_link(b.port);
      if (in == nullptr || !in->upstream().is_router) return set_live(l, i);
      if (in->flit_in_flight(b.vc)) return set_live(l, i);
      const Router& up = net_.router(in->upstream().node);
      if (up.output_queue_holds(in->upstream().port, b.vc)) return set_live(l, i);  // leaves it, a flit a cycle
      if (!up.output_vc_allocated(in->upstream().port, b.vc)) return set_live(l, i);
      const unsigned owner = up.output_vc_owner(in->upstream().port, b.vc);
      return wait(l, i, in->upstream().node, owner / cfg_.vcs, owner % cfg_.vcs);
    }
    const PortId o = r.input_vc_out_port(b.port, b.vc);
    const VcId w = r.input_vc_out_vc(b.port, b.vc);
    if (r.credits(o, w) > 0) return set_live(l, i);
    const Link* out = r.output_link(o);
    if (out->credit_in_flight(w)) return set_live(l, i);
    if (!out->downstream().is_router) return set_live(l, i);  // a sink drains eventually
    wait(l, i, out->downstream().node, out->downstream().port, w);
  }

  bool all_taken(const Router& r, const RouteSet& routes) const {
    for (std::size_t c = 0; c < routes.size(); ++c)
      for (VcId w = 0; w < cfg_.vcs; ++w)
        if ((routes[c].vc_mask >> w & 1u) && !r.output_vc_allocated(routes[c].port, w)) return false;
    return true;
  }

  // An atomic VC that is free but not yet empty: the flits still downstream
  // must drain first, so the head waits on that input VC (or is live if the
  // credits are on their way back).
  void wait_for_empty(Lane& l, std::size_t i, const Router& r, PortId port, VcId w) {
    const Link* out = r.output_link(port);
    if (!out->downstream().is_router || out->credit_in_flight(w)) return set_live(l, i);
    wait(l, i, out->downstream().node, out->downstream().port, w);
  }

  // Node i waits until any output VC among `routes` is free.
  void wait_for_any(Lane& l, std::size_t i, const Router& r, NodeId n, const RouteSet& routes) {
    for (std::size_t c = 0; c < routes.size(); ++c)
      for (VcId w = 0; w < cfg_.vcs; ++w) {
        if (!(routes[c].vc_mask >> w & 1u)) continue;
        if (!r.output_vc_allocated(routes[c].port, w)) {
          if (!routes[c].atomic || r.credits(routes[c].port, w) == cfg_.buffer_depth) return set_live(l, i);
          wait_for_empty(l, i, r, routes[c].port, w);
          continue;
        }
        const unsigned owner = r.output_vc_owner(routes[c].port, w);
        wait(l, i, n, owner / cfg_.vcs, owner % cfg_.vcs, Via{true, routes[c].port, w});
      }
  }

  void set_live(Lane& l, std::size_t i) { l.live[i] = 1; }

  // Node i (of lane `l`) waits on input VC (port, vc) of router n: live if
  // that VC is unoccupied (it will move), else an edge to it.
  void wait(Lane& l, std::size_t i, NodeId n, unsigned port, unsigned vc, Via via = Via{false, 0, 0}) {
    const std::uint32_t target = index_[key(n, port, vc)];
    if (target == kNone) return set_live(l, i);
    const std::uint32_t to_lane = lane_of(n);
    l.edges.push_back(Edge{Ref{to_lane, target}, via});
    const std::uint32_t own = static_cast<std::uint32_t>(&l - lanes_.data());
    if (to_lane != own) l.crossing[to_lane].push_back(Crossing{target, static_cast<std::uint32_t>(i)});
  }

  const Network& net_;
  const RouterConfig& cfg_;
  std::size_t per_router_;
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};
  std::vector<std::uint32_t> index_;  ///< key(node, port, vc) -> its place among its lane's nodes, or kNone
  std::vector<Lane> lanes_;
  std::vector<std::vector<NodeId>> lane_routers_;  ///< per lane its routers (empty with one lane)
  std::uint64_t cut_ = 0;  ///< the network's lane_cut() lane_routers_ follows
};

DeadlockDetector::DeadlockDetector(const Network& network) : graph_(std::make_unique<Graph>(network)) {}
DeadlockDetector::~DeadlockDetector() = default;
DeadlockReport DeadlockDetector::check() { return graph_->run(); }
std::size_t DeadlockDetector::index_entries() const { return graph_->index_entries(); }

DeadlockReport find_deadlock(const Network& network) { return DeadlockDetector(network).check(); }

std::string DeadlockReport::text(const Network& net) const {
  std::string s = std::to_string(blocked) + " input VC(s) deadlocked; wait-for cycle: ";
  for (std::size_t i = 0; i <= cycle.size() && !cycle.empty(); ++i) {
    const BlockedVc& b = cycle[i % cycle.size()];
    if (i) s += " -> ";
    s += node_name(net.topology(), b.node) + ":" + net.port_name(b.port) + ":vc" + std::to_string(b.vc);
    if (i < cycle.size()) {
      s += b.has_packet ? " (packet " + std::to_string(b.packet) + ")" : " (awaiting flits)";
      if (b.waits_for_allocation)
        s += " waits for " + net.port_name(b.alloc_port) + ":vc" + std::to_string(b.alloc_vc) + ", held by";
    }
  }
  return s;
}

}  // namespace wormsim
