#include <wormsim/deadlock/wait_for.h>

#include <algorithm>
#include <unordered_map>

#include <wormsim/core/lane_owned.h>

namespace wormsim {

// The graph's arrays live as long as the detector: a check clears them
// (keeping their capacity) and resets only the index entries it set, so a
// periodic check on a large fabric neither allocates nor sweeps the index.
class DeadlockDetector::Graph {
  struct Via {
    bool alloc;  ///< waits for an output VC the target holds
    PortId port;
    VcId vc;
  };
  struct Edge {
    std::uint32_t from, to;  ///< node `from` waits for node `to`
    Via via;
  };
  /// A lane's part of build(): its routers' wait edges, and per node (in
  /// its routers' order) how many.
  struct alignas(kLaneLine) Lane {  // written by its lane alone
    std::vector<Edge> edges;
    std::vector<std::uint32_t> edge_count;
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
    build();
    propagate();
    DeadlockReport r = report();
    for (const Vc& b : nodes_) index_[key(b.node, b.port, b.vc)] = kNone;
    return r;
  }

 private:
  DeadlockReport report() {
    DeadlockReport r;
    for (std::size_t i = 0; i < nodes_.size(); ++i)
      if (!live_[i]) ++r.blocked;
    if (r.blocked == 0) return r;
    // Walk wait edges inside the dead set until a node repeats.
    std::size_t at = 0;
    while (live_[at]) ++at;
    std::unordered_map<std::size_t, std::size_t> seen;
    std::vector<std::size_t> walk;
    std::vector<Via> vias;  ///< the edge each walked node was left by
    while (!seen.count(at)) {
      seen[at] = walk.size();
      walk.push_back(at);
      vias.push_back(Via{false, 0, 0});
      std::size_t next = at;
      for (std::size_t e = first_edge_[at]; e < first_edge_[at + 1]; ++e)
        if (!live_[edges_[e].to]) {
          next = edges_[e].to;
          vias.back() = edges_[e].via;
          break;
        }
      at = next;
    }
    for (std::size_t k = seen[at]; k < walk.size(); ++k) {
      const Vc& vc = nodes_[walk[k]];
      BlockedVc b{vc.node, vc.port, vc.vc, vc.has_packet, 0};
      b.waits_for_allocation = vias[k].alloc;
      b.alloc_port = vias[k].port;
      b.alloc_vc = vias[k].vc;
      if (b.has_packet) b.packet = net_.router(b.node).buffer(b.port, b.vc).front().packet;
      r.cycle.push_back(b);
    }
    return r;
  }

  std::size_t key(NodeId n, unsigned port, unsigned vc) const { return n * per_router_ + port * cfg_.vcs + vc; }

  // The occupied VCs in router order, then each one's wait edges (or its
  // liveness), built lane by lane on the network's threads: lane k reads
  // its own routers and writes its routers' slots of the arrays, and the
  // order is the one router after router gives (so is the report).
  void build() {
    const std::size_t routers = net_.num_nodes();
    const unsigned lanes = net_.threads();
    if (lanes == 1) return build_serial();
    if (lanes_.size() != lanes || cut_ != net_.lane_cut()) {  // the lanes of the network now
      cut_ = net_.lane_cut();
      lanes_.assign(lanes, Lane{});
      lane_routers_.assign(lanes > 1 ? lanes : 0, {});
      for (NodeId n = 0; n < routers && lanes > 1; ++n) lane_routers_[net_.lane_of_node(n)].push_back(n);
    }
    first_vc_.assign(routers + 1, 0);
    // 1. per router, how many VCs are occupied
    net_.for_each_lane([&](unsigned lane) {
      for_routers(lane, [&](NodeId n) {
        const Router& r = net_.router(n);
        std::uint32_t count = 0;
        if (!r.unoccupied())
          for (PortId p = 0; p < cfg_.total_ports(); ++p)
            for (VcId v = 0; v < cfg_.vcs; ++v) count += !r.buffer(p, v).empty() || r.input_vc_active(p, v);
        first_vc_[n + 1] = count;
      });
    });
    for (std::size_t n = 0; n < routers; ++n) first_vc_[n + 1] += first_vc_[n];
    nodes_.resize(first_vc_[routers]);
    // 2. the nodes and their index entries
    net_.for_each_lane([&](unsigned lane) {
      for_routers(lane, [&](NodeId n) {
        if (first_vc_[n] == first_vc_[n + 1]) return;
        const Router& r = net_.router(n);
        std::uint32_t i = first_vc_[n];
        for (PortId p = 0; p < cfg_.total_ports(); ++p)
          for (VcId v = 0; v < cfg_.vcs; ++v)
            if (!r.buffer(p, v).empty() || r.input_vc_active(p, v)) {
              index_[key(n, p, v)] = i;
              nodes_[i++] = Vc{n, p, v, !r.buffer(p, v).empty()};  // its packet: read for a reported cycle only
            }
      });
    });
    // 3. each node's liveness or wait edges, kept per lane with their router's edge count
    live_.assign(nodes_.size(), 0);
    router_edge_.assign(routers + 1, 0);
    net_.for_each_lane([&](unsigned lane) {
      Lane& l = lanes_[lane];
      l.edges.clear();
      l.edge_count.clear();
      for_routers(lane, [&](NodeId n) {
        const std::size_t before = l.edges.size();
        for (std::uint32_t i = first_vc_[n]; i < first_vc_[n + 1]; ++i) {
          const std::size_t node_before = l.edges.size();
          classify(i, l.edges);
          l.edge_count.push_back(static_cast<std::uint32_t>(l.edges.size() - node_before));
        }
        router_edge_[n + 1] = static_cast<std::uint32_t>(l.edges.size() - before);
      });
    });
    // 4. the edges in node order: each lane's routers' edges to their place
    first_edge_.assign(nodes_.size() + 1, 0);
    for (std::size_t n = 0; n < routers; ++n) router_edge_[n + 1] += router_edge_[n];
    edges_.resize(router_edge_[routers]);
    net_.for_each_lane([&](unsigned lane) {
      const Lane& l = lanes_[lane];
      std::size_t from = 0, counted = 0;
      for_routers(lane, [&](NodeId n) {
        std::uint32_t at = router_edge_[n];
        for (std::uint32_t i = first_vc_[n]; i < first_vc_[n + 1]; ++i) {
          first_edge_[i] = at;
          const std::uint32_t count = l.edge_count[counted++];
          std::copy(l.edges.begin() + static_cast<std::ptrdiff_t>(from),
                    l.edges.begin() + static_cast<std::ptrdiff_t>(from + count), edges_.begin() + at);
          from += count;
          at += count;
        }
      });
    });
    first_edge_[nodes_.size()] = static_cast<std::uint32_t>(edges_.size());
  }

  // build() on one thread: no per-router arrays, no second copy of the edges.
  void build_serial() {
    nodes_.clear();
    edges_.clear();
    for (NodeId n = 0; n < net_.num_nodes(); ++n) {
      const Router& r = net_.router(n);
      if (r.unoccupied()) continue;
      for (PortId p = 0; p < cfg_.total_ports(); ++p)
        for (VcId v = 0; v < cfg_.vcs; ++v)
          if (!r.buffer(p, v).empty() || r.input_vc_active(p, v)) {
            index_[key(n, p, v)] = static_cast<std::uint32_t>(nodes_.size());
            nodes_.push_back(Vc{n, p, v, !r.buffer(p, v).empty()});  // its packet: read for a reported cycle only
          }
    }
    live_.assign(nodes_.size(), 0);
    first_edge_.assign(nodes_.size() + 1, 0);
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      first_edge_[i] = static_cast<std::uint32_t>(edges_.size());
      classify(i, edges_);
    }
    first_edge_[nodes_.size()] = static_cast<std::uint32_t>(edges_.size());
  }

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

  // Sets live_[i] or appends node i's wait edges to `edges`.
  void classify(std::size_t i, std::vector<Edge>& edges) {
    const Vc& b = nodes_[i];
    const Router& r = net_.router(b.node);
    const bool empty = r.buffer(b.port, b.vc).empty();
    if (!r.input_vc_active(b.port, b.vc)) {  // head waiting for VC allocation
      RouteSet local, forward;
      // A head the router routed and that waits with its candidates kept:
      // those, no flit read (most waiting heads in a congested fabric).
      if (r.kept_route(b.port, b.vc, local)) return wait_for_any(edges, i, r, b.node, local);
      const Flit& head = r.buffer(b.port, b.vc).front();
      r.route(head, b.port, b.vc, local);
      if (!r.forks_here(head)) return wait_for_any(edges, i, r, b.node, local);
      // A fork needs an ejection VC and a forward VC at once. It waits on
      // the forward group if none is free there (it cannot move before one
      // frees, whatever the ejection VCs do), else on the ejection group.
      r.route_forward(head, b.port, b.vc, forward);
      if (all_taken(r, forward)) return wait_for_any(edges, i, r, b.node, forward);
      return wait_for_any(edges, i, r, b.node, local);
    }
    if (empty) {  // active, waiting for the rest of its packet
      const Link* in = r.input_link(b.port);
      if (in == nullptr || !in->upstream().is_router) return set_live(i);
      if (in->flit_in_flight(b.vc)) return set_live(i);
      const Router& up = net_.router(in->upstream().node);
      if (up.output_queue_holds(in->upstream().port, b.vc)) return set_live(i);  // leaves it, a flit a cycle
      if (!up.output_vc_allocated(in->upstream().port, b.vc)) return set_live(i);
      const unsigned owner = up.output_vc_owner(in->upstream().port, b.vc);
      return wait(edges, i, key(in->upstream().node, owner / cfg_.vcs, owner % cfg_.vcs));
    }
    const PortId o = r.input_vc_out_port(b.port, b.vc);
    const VcId w = r.input_vc_out_vc(b.port, b.vc);
    if (r.credits(o, w) > 0) return set_live(i);
    const Link* out = r.output_link(o);
    if (out->credit_in_flight(w)) return set_live(i);
    if (!out->downstream().is_router) return set_live(i);  // a sink drains eventually
    wait(edges, i, key(out->downstream().node, out->downstream().port, w));
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
  void wait_for_empty(std::vector<Edge>& edges, std::size_t i, const Router& r, PortId port, VcId w) {
    const Link* out = r.output_link(port);
    if (!out->downstream().is_router || out->credit_in_flight(w)) return set_live(i);
    wait(edges, i, key(out->downstream().node, out->downstream().port, w));
  }

  // Node i waits until any output VC among `routes` is free.
  void wait_for_any(std::vector<Edge>& edges, std::size_t i, const Router& r, NodeId n, const RouteSet& routes) {
    for (std::size_t c = 0; c < routes.size(); ++c)
      for (VcId w = 0; w < cfg_.vcs; ++w) {
        if (!(routes[c].vc_mask >> w & 1u)) continue;
        if (!r.output_vc_allocated(routes[c].port, w)) {
          if (!routes[c].atomic || r.credits(routes[c].port, w) == cfg_.buffer_depth) return set_live(i);
          wait_for_empty(edges, i, r, routes[c].port, w);
          continue;
        }
        const unsigned owner = r.output_vc_owner(routes[c].port, w);
        wait(edges, i, key(n, owner / cfg_.vcs, owner % cfg_.vcs), Via{true, routes[c].port, w});
      }
  }

  void set_live(std::size_t i) { live_[i] = 1; }

  void wait(std::vector<Edge>& edges, std::size_t i, std::size_t target_key) {
    wait(edges, i, target_key, Via{false, 0, 0});
  }
  void wait(std::vector<Edge>& edges, std::size_t i, std::size_t target_key, Via via) {
    const std::uint32_t target = index_[target_key];
    if (target == kNone) return set_live(i);  // waits on an unoccupied VC: it will move
    edges.push_back(Edge{static_cast<std::uint32_t>(i), target, via});
  }

  // Liveness flows backwards along wait edges (predecessor lists in one array).
  void propagate() {
    first_pred_.assign(nodes_.size() + 1, 0);
    pred_.resize(edges_.size());
    for (const Edge& e : edges_) ++first_pred_[e.to + 1];
    for (std::size_t i = 0; i < nodes_.size(); ++i) first_pred_[i + 1] += first_pred_[i];
    fill_.assign(first_pred_.begin(), first_pred_.end() - 1);
    for (const Edge& e : edges_) pred_[fill_[e.to]++] = e.from;
    work_.clear();
    for (std::size_t i = 0; i < nodes_.size(); ++i)
      if (live_[i]) work_.push_back(static_cast<std::uint32_t>(i));
    while (!work_.empty()) {
      const std::size_t x = work_.back();
      work_.pop_back();
      for (std::uint32_t k = first_pred_[x]; k < first_pred_[x + 1]; ++k) {
        const std::uint32_t y = pred_[k];
        if (!live_[y]) {
          live_[y] = 1;
          work_.push_back(y);
        }
      }
    }
  }

  const Network& net_;
  const RouterConfig& cfg_;
  std::size_t per_router_;
  /// An occupied input VC (8 bytes; a reported one becomes a BlockedVc).
  struct Vc {
    NodeId node;
    PortId port;
    VcId vc;
    bool has_packet;
  };
  std::vector<Vc> nodes_;
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};
  std::vector<std::uint32_t> index_;  ///< key(node, port, vc) -> graph node, or kNone
  std::vector<Edge> edges_;           ///< wait edges, grouped by `from` in ascending order
  std::vector<std::uint32_t> first_edge_;
  std::vector<std::uint8_t> live_;
  std::vector<std::uint32_t> first_pred_, pred_, fill_;  ///< propagate(): predecessor lists
  std::vector<std::uint32_t> work_;
  // build() with several lanes: per lane its part and its routers; per
  // router its first node (first_vc_) and its first edge (router_edge_)
  std::vector<Lane> lanes_;
  std::vector<std::vector<NodeId>> lane_routers_;
  std::uint64_t cut_ = 0;  ///< the network's lane_cut() lane_routers_ follows
  std::vector<std::uint32_t> first_vc_, router_edge_;
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
