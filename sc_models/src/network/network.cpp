#include <wormsim/network/network.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace wormsim {

Network::Network(const Topology& topology, const RoutingFunction& routing,
                 const NetworkConfig& config, DeliveryObserver& observer)
    : topology_(topology), router_cfg_(config.router), committer_(activity_), deliveries_(observer, activity_) {
  router_cfg_.network_ports = topology.num_ports;
  const std::size_t n = topology.num_nodes();
  NiConfig ni_cfg;
  ni_cfg.channels = router_cfg_.local_ports;
  ni_cfg.vcs = router_cfg_.vcs;
  ni_cfg.buffer_depth = router_cfg_.buffer_depth;
  ni_cfg.eject_probability = config.eject_probability;
  const std::size_t buffer_bytes =
      n * router_cfg_.total_ports() * router_cfg_.vcs * router_cfg_.buffer_depth * sizeof(Flit);
  prefetch_ = config.memory_hints == NetworkConfig::MemoryHints::BySize ? buffer_bytes >= kPrefetchMinBufferBytes
                                                                        : config.memory_hints == NetworkConfig::MemoryHints::On;
  light_hints_ = !prefetch_ && config.memory_hints == NetworkConfig::MemoryHints::BySize;
  arrivals_ = std::make_unique<Router::Arrivals[]>(n);
  routers_.resize(n);
  nis_.resize(n);
  run_blocks(config.build_threads, n, [&](unsigned, std::size_t begin, std::size_t end) {
    for (NodeId id = static_cast<NodeId>(begin); id < end; ++id) {
      routers_[id] = Router::make(id, router_cfg_, routing, activity_, router_slot(id), config.worms, config.shaped_routers);
      routers_[id]->place_arrivals(&arrivals_[id]);
      nis_[id] = std::make_unique<NetworkInterface>(id, ni_cfg, deliveries_.entry(), activity_, ni_slot(id),
                                                    ni_eject_rng(config.seed, id));
    }
  });
  shaped_routers_ = config.shaped_routers;
  list_evaluator_ = Router::list_evaluator(router_cfg_, shaped_routers_);
  for (NodeId id = 0; id < n; ++id) {
    activity_.add(routers_[id].get());
    activity_.add(nis_[id].get());
  }
  using Dense = NetworkConfig::DenseEvaluation;
  if (config.dense == Dense::Always)
    activity_.set_dense(1, 0);
  else if (config.dense == Dense::ByActivity && !prefetch_)
    activity_.set_dense(2 * n * kDenseEnterEighths / 8, 2 * n * kDenseLeaveEighths / 8);
  const unsigned ports = router_cfg_.total_ports();
  if (!config.link_latency.empty() && config.link_latency.size() != n * topology.num_ports)
    throw std::invalid_argument("Network: link_latency needs one entry per router network port");
  in_links_.assign(n, std::vector<Link*>(ports, nullptr));
  out_links_.assign(n, std::vector<Link*>(ports, nullptr));
  for (NodeId id = 0; id < n; ++id) {
    const std::string rname = node_name(topology, id);
    for (PortId p = 0; p < topology.num_ports; ++p) {
      const auto& peer = topology.peer[id][p];
      if (!peer) continue;
      const unsigned latency =
          config.link_latency.empty() ? 1u : config.link_latency[id * topology.num_ports + p];
      Link* l = make_link(LinkEnd{router_slot(id), p, id, true},
                          LinkEnd{router_slot(peer->node), peer->port, peer->node, true},
                          rname + ".out_" + topology.port_names[p], latency + config.traversal_delay,
                          latency + config.credit_delay);
      routers_[id]->attach_output(p, l);
      routers_[peer->node]->attach_input(peer->port, l);
      out_links_[id][p] = l;
      in_links_[peer->node][peer->port] = l;
      network_links_.push_back(l);
    }
    for (unsigned k = 0; k < router_cfg_.local_ports; ++k) {
      const PortId local = static_cast<PortId>(topology.num_ports + k);
      Link* inj = make_link(LinkEnd{ni_slot(id), static_cast<PortId>(k), id, false},
                            LinkEnd{router_slot(id), local, id, true},
                            rname + ".inj" + std::to_string(k));
      nis_[id]->attach_injection(k, inj);
      routers_[id]->attach_input(local, inj);
      in_links_[id][local] = inj;
      Link* ej = make_link(LinkEnd{router_slot(id), local, id, true},
                           LinkEnd{ni_slot(id), static_cast<PortId>(k), id, false},
                           rname + ".ej" + std::to_string(k), 1 + config.traversal_delay, 1 + config.credit_delay);
      routers_[id]->attach_output(local, ej);
      out_links_[id][local] = ej;
      nis_[id]->attach_ejection(k, ej);
    }
  }
}

Link* Network::make_link(LinkEnd up, LinkEnd down, std::string name, unsigned latency, unsigned credit_latency) {
  links_.push_back(std::make_unique<Link>(&committer_, up, down, std::move(name), latency, credit_latency));
  return links_.back().get();
}

Network::~Network() {
  // With lanes, each frees a block of routers and interfaces (the blocks
  // they were built in, where the thread counts agree).
  if (pool_)
    pool_->run_blocks(routers_.size(), [this](unsigned, std::size_t begin, std::size_t end) {
      for (std::size_t id = begin; id < end; ++id) {
        routers_[id].reset();
        nis_[id].reset();
      }
    });
}

void Network::set_threads(unsigned threads, std::size_t min_active_per_lane) {
  if (threads > 1 && stand_ins_) throw std::logic_error("Network: threads with stand-in routers");
  // Lists built so far stay valid: take() and commit_all() join the lanes.
  pool_.reset();
  if (threads > 1) pool_ = std::make_unique<WorkerPool>(threads);
  timing_lanes_ = false;
  timed_phases_ = 0;
  lane_seconds_.clear();
  // The topology's spatial blocks: router and interface of a node together.
  apply_lanes(threads > 1 ? topology_.kind->lanes(topology_, threads, {}) : std::vector<unsigned>{});
  deliveries_.set_lanes(threads);
  list_evaluator_ = Router::list_evaluator(router_cfg_, shaped_routers_, threads > 1);
  for (auto& ni : nis_) ni->set_observer(deliveries_.entry());
  min_active_per_lane_ = min_active_per_lane;
}

void Network::recut_lanes(const std::vector<unsigned>& lane_of_node, const LaneRecut& why) {
  if (!pool_) throw std::logic_error("Network::recut_lanes: one lane");
  if (lane_of_node.size() != num_nodes()) throw std::invalid_argument("Network::recut_lanes: one lane per node");
  for (unsigned lane : lane_of_node)
    if (lane >= pool_->lanes()) throw std::invalid_argument("Network::recut_lanes: a lane past the last");
  deliveries_.flush_injected();  // to the lanes' observers of the cut they were injected in
  apply_lanes(lane_of_node);
  if (profile_) profile_->recuts.push_back(why);
}

std::uint64_t Network::flits_sent(NodeId n) const {
  std::uint64_t sent = 0;
  for (const Link* l : out_links_[n])
    if (l != nullptr) sent += l->flits_carried();
  return sent;
}

void Network::measure_work(bool timed) {
  activity_.count_taken(true);
  sent_at_measure_.resize(num_nodes());
  for (NodeId n = 0; n < num_nodes(); ++n) sent_at_measure_[n] = flits_sent(n);
  timing_lanes_ = timed;
  timed_phases_ = 0;
  lane_seconds_.assign(timed && pool_ ? pool_->lanes() : 0, {});
}

std::vector<double> Network::lane_seconds() const {
  std::vector<double> s(pool_ ? pool_->lanes() : 1, 0.0);
  for (std::size_t l = 0; l < lane_seconds_.size() && l < s.size(); ++l) s[l] = lane_seconds_[l].value;
  return s;
}

std::vector<double> Network::node_work() const {
  const std::vector<std::uint32_t>& taken = activity_.taken();
  std::vector<double> work(num_nodes(), 0.0);
  if (taken.size() < 2 * num_nodes() || sent_at_measure_.size() != num_nodes()) return work;
  for (NodeId n = 0; n < num_nodes(); ++n)
    work[n] = static_cast<double>(taken[router_slot(n)]) + taken[ni_slot(n)] +
              kFlitWork * static_cast<double>(flits_sent(n) - sent_at_measure_[n]);
  return work;
}

void Network::apply_lanes(const std::vector<unsigned>& lane_of_node) {
  const unsigned threads = this->threads();
  std::vector<unsigned> lane_of_slot;
  if (threads > 1) {
    lane_of_slot.resize(2 * lane_of_node.size());
    for (NodeId n = 0; n < lane_of_node.size(); ++n)
      lane_of_slot[router_slot(n)] = lane_of_slot[ni_slot(n)] = lane_of_node[n];
  }
  activity_.set_lanes(threads, threads > 1 ? &lane_of_slot : nullptr);
  // A direction's arrivals are made by the lane of the end that drives it
  // (flits: upstream, credits: downstream), as it sends or, pipelined, at
  // the edge; one for another lane's component waits in a list until that
  // lane takes it (ActivityList::arrive_in).
  for (const auto& l : links_)
    l->set_end_lanes(activity_.lane_of(l->upstream().slot), activity_.lane_of(l->downstream().slot));
  committer_.set_lanes(threads);
  ++lane_cut_;
}

namespace {

using ProfileClock = std::chrono::steady_clock;

double since(ProfileClock::time_point t) {
  return std::chrono::duration<double>(ProfileClock::now() - t).count();
}

/// now() when profiling, else a time never read.
template <bool kProfile>
ProfileClock::time_point stamp() {
  if constexpr (kProfile) return ProfileClock::now();
  return {};
}

}  // namespace

void Network::evaluate(Cycle cycle) {
  if (__builtin_expect(profile_ != nullptr, 0))
    evaluate_phase<true>(cycle);
  else
    evaluate_phase<false>(cycle);
}

template <bool kProfile>
void Network::evaluate_phase(Cycle cycle) {
  auto t = stamp<kProfile>();
  if (!pool_) {
    evaluate_list(activity_.take(), cycle);
    if constexpr (kProfile) profile_->single_evaluate += since(t), ++profile_->single_phases;
    return;
  }
  const unsigned lanes = pool_->lanes();
  const bool shared = activity_.lane_wakeups() >= min_active_per_lane_ * lanes;
  activity_.begin_lanes();
  deliveries_.begin_cycle();
  if constexpr (kProfile) profile_->take += since(t), t = ProfileClock::now();
  if (!shared) {
    // Too little work to share: every lane's components on this thread.
    for (unsigned lane = 0; lane < lanes; ++lane) {
      deliveries_.open_injected(lane);
      if (lane_prework_) lane_prework_(lane, cycle);
      evaluate_list(activity_.take_lane(lane), cycle);
      activity_.count_lane_wakeups(lane);
      if (lane_work_) lane_work_(lane, cycle);
    }
    if constexpr (kProfile) profile_->single_evaluate += since(t), ++profile_->single_phases;
  } else {
    // Each lane takes its own components and evaluates them.
    const bool timed = timing_lanes_;
    pool_->run([&](unsigned lane) {
      const auto start = kProfile || timed ? ProfileClock::now() : ProfileClock::time_point{};
      deliveries_.open_injected(lane);
      if (lane_prework_) lane_prework_(lane, cycle);
      evaluate_list(activity_.take_lane(lane), cycle);
      activity_.count_lane_wakeups(lane);
      if (lane_work_) lane_work_(lane, cycle);
      if (kProfile || timed) {
        const double took = since(start);
        if (timed) lane_seconds_[lane].value += took;
        if constexpr (kProfile) {
          NetworkProfile::Lane& mine = profile_->lanes[lane];
          mine.last = took;
          mine.evaluate += took;
        }
      }
    });
    timed_phases_ += timed ? 1 : 0;
    if constexpr (kProfile) {
      profile_->shared_evaluate += since(t), ++profile_->shared_phases;
      double slowest = 0;
      for (const NetworkProfile::Lane& l : profile_->lanes) slowest = std::max(slowest, l.last);
      profile_->slowest_evaluate += slowest;
    }
  }
  t = stamp<kProfile>();
  deliveries_.replay();
  if constexpr (kProfile) profile_->replay += since(t);
}

void Network::set_profile(bool on) {
  profile_ = on ? std::make_unique<NetworkProfile>() : nullptr;
  if (!profile_) return;
  profile_->lanes.assign(pool_ ? pool_->lanes() : 0, {});
  if (!pool_) return;
  const auto start = ProfileClock::now();
  for (unsigned k = 0; k < kHandoffRuns; ++k) pool_->run([](unsigned) {});
  profile_->pool_handoff = since(start) / kHandoffRuns;
}

void Network::for_each_lane(const std::function<void(unsigned)>& job) const {
  if (!pool_) return job(0);
  if (!profile_) return pool_->run(job);
  const auto t = ProfileClock::now();
  pool_->run([&](unsigned lane) {
    const auto start = ProfileClock::now();
    job(lane);
    profile_->lanes[lane].between += since(start);
  });
  profile_->shared_between += since(t);
  ++profile_->shared_phases;
}

void Network::evaluate_list(ComponentList list, Cycle cycle) const {
  const std::size_t n = list.size();
  if (!prefetch_) return list_evaluator_(list.begin(), n, cycle, light_hints_);
  // Memory hints run ahead of the evaluations: the first line of the
  // component kLineAhead places on, then its stages 0, 1 and 2 (see
  // Component::prefetch). The order of evaluation is the list's.
  constexpr std::size_t kLineAhead = 8, kStage0Ahead = 5, kStage1Ahead = 3, kStage2Ahead = 1;
  for (std::size_t i = 0; i < n; ++i) {
    if (i + kLineAhead < n) __builtin_prefetch(list[i + kLineAhead]);
    if (i + kStage0Ahead < n) list[i + kStage0Ahead]->prefetch(0);
    if (i + kStage1Ahead < n) list[i + kStage1Ahead]->prefetch(1);
    if (i + kStage2Ahead < n) list[i + kStage2Ahead]->prefetch(2);
    list[i]->evaluate(cycle);
  }
}

void Network::LaneDeliveries::on_delivered(const Flit& flit, NodeId node, unsigned channel, Cycle cycle) {
  if (held_.empty()) return target_.on_delivered(flit, node, channel, cycle);
  const unsigned lane = activity_.lane_of(ni_slot(node));
  if (!direct_.empty()) return direct_[lane]->on_delivered(flit, node, channel, cycle);
  held_[lane].value.push_back(Delivery{flit, node, channel, cycle});
}

void Network::LaneDeliveries::set_lanes(unsigned lanes) {
  const unsigned n = lanes > 1 ? lanes : 0;
  held_.assign(n, {});
  held_injected_.assign(n, {});
  for (auto& parity : injected_) {
    parity.assign(n, {});
    for (auto& [to] : parity) to.assign(n, {});
  }
}

void Network::LaneDeliveries::on_injected(const Packet& packet) {
  if (held_.empty()) return target_.on_injected(packet);
  const unsigned from = activity_.lane_of(ni_slot(packet.src));
  if (direct_.empty()) return held_injected_[from].value.push_back(packet);
  injected_[fill_][from].value[activity_.lane_of(ni_slot(packet.dst))].push_back(packet);
}

void Network::LaneDeliveries::begin_cycle() {
  if (direct_.empty()) return;
  fill_ ^= 1u;
  clear_injected(fill_);
}

void Network::LaneDeliveries::open_injected(unsigned lane) {
  if (!direct_.empty()) hand_out(fill_ ^ 1u, lane);
}

void Network::LaneDeliveries::flush_injected() {
  if (direct_.empty()) return;
  for (unsigned lane = 0; lane < direct_.size(); ++lane) hand_out(fill_, lane);
  clear_injected(fill_);
}

void Network::LaneDeliveries::hand_out(unsigned parity, unsigned lane) {
  for (const auto& [to] : injected_[parity])
    for (const Packet& p : to[lane]) direct_[lane]->on_injected(p);
}

void Network::LaneDeliveries::clear_injected(unsigned parity) {
  for (auto& [to] : injected_[parity])
    for (auto& packets : to) packets.clear();
}

void Network::LaneDeliveries::replay() {
  for (auto& [lane] : held_injected_) {
    for (const Packet& p : lane) target_.on_injected(p);
    lane.clear();
  }
  for (auto& [lane] : held_) {
    for (const Delivery& d : lane) target_.on_delivered(d.flit, d.node, d.channel, d.cycle);
    lane.clear();
  }
}

void Network::replace_router(NodeId n, Component& stand_in) {
  if (pool_) throw std::logic_error("Network: stand-in routers with threads");
  stand_ins_ = true;
  activity_.replace(router_slot(n), &stand_in);
  activity_.wake(router_slot(n));
  // The stand-in reads its output links' credits by Link::credit(), and no
  // one takes router n's arrival words now: those credits go to the links'
  // registers, and their senders take their ends again.
  for (Link* l : out_links_[n]) {
    if (l == nullptr) continue;
    l->unwatch_credits();
    const LinkEnd down = l->downstream();
    if (down.is_router)
      routers_[down.node]->attach_input(down.port, l);
    else
      nis_[down.node]->attach_ejection(down.port, l);
  }
}

void Network::commit() {
  if (__builtin_expect(profile_ != nullptr, 0))
    commit_phase<true>();
  else
    commit_phase<false>();
  if (__builtin_expect(static_cast<bool>(edge_listener_), 0)) edge_listener_();
}

template <bool kProfile>
void Network::commit_phase() {
  // With lanes, each commits the pipelined directions its components drove
  // (lists come out the same whether the lanes run in parallel or one after
  // another).
  const auto t = stamp<kProfile>();
  if (pool_ && committer_.pending_entries() >= min_active_per_lane_ * pool_->lanes()) {
    pool_->run([&](unsigned lane) {
      const auto start = stamp<kProfile>();
      committer_.commit_lane(lane);
      if constexpr (kProfile) profile_->lanes[lane].commit += since(start);
    });
    committer_.finish_edge();
    if constexpr (kProfile) profile_->shared_commit += since(t), ++profile_->shared_phases;
    return;
  }
  committer_.commit_all();
  if constexpr (kProfile) profile_->single_commit += since(t), ++profile_->single_phases;
}

std::string Network::port_name(PortId port) const {
  if (port < topology_.num_ports) return topology_.port_names[port];
  return "local" + std::to_string(port - topology_.num_ports);
}

}  // namespace wormsim
