#include <wormsim/sim/simulation.h>

#include <algorithm>
#include <sstream>

#include <wormsim/core/choice.h>
#include <wormsim/core/config_error.h>
#include <wormsim/deadlock/wait_for.h>
#include <wormsim/multicast/hamiltonian.h>
#include <wormsim/multicast/worm_packet.h>
#include <wormsim/routing/registry.h>
#include <wormsim/topology/bounds.h>
#include <wormsim/topology/spec.h>
#include <wormsim/traffic/pattern.h>

namespace wormsim {

Simulation::Simulation(const Scenario& scenario, const ResolvedHook& resolved) {
  NetworkSetup setup = setup_network(scenario, resolved);
  SetupClock clock;
  setup_steps_ = std::move(setup.steps);
  scenario_ = setup.scenario;
  topology_ = std::move(setup.topology);
  routing_ = std::move(setup.routing);
  verdict_ = setup.verdict;

  source_ = std::move(setup.source);

  NetworkConfig nc = setup.network;
  nc.worms = &worms_;
  network_ = std::make_unique<Network>(*topology_, *routing_, nc, *this);
  const RouterConfig& rc = network_->router(0).config();
  clock.step(setup_steps_, "fabric (" + std::to_string(network_->num_nodes()) + " routers, " +
                               std::to_string(network_->links().size()) + " links; " +
                               std::to_string(rc.total_ports() * rc.vcs) + " VC buffers per router, each " +
                               std::to_string(rc.buffer_depth) + " flits x " + std::to_string(sizeof(Flit)) +
                               " bytes" + (network_->prefetching() ? "; evaluated with memory hints" : "") + ")");
  const unsigned threads = run_threads(scenario_, network_->num_nodes());
  if (threads > 1) {
    network_->set_threads(threads);
    clock.step(setup_steps_, std::to_string(threads) + " threads");
  }
  if (scenario_.profile) network_->set_profile(true);

  window_end_ = scenario_.warmup + scenario_.cycles;
  const Cycle limit = scenario_.drain_limit ? scenario_.drain_limit : 10 * scenario_.cycles + 10000;
  drain_end_ = window_end_ + limit;
  stats_.set_window(scenario_.warmup, window_end_);
  if (scenario_.settle.period != 0) settle_.emplace(scenario_.settle, scenario_.warmup, topology_->num_nodes());
  if (network_->threads() > 1) {
    std::vector<unsigned> lane_of_node(topology_->num_nodes());
    for (NodeId n = 0; n < topology_->num_nodes(); ++n) lane_of_node[n] = network_->lane_of_node(n);
    // Each lane creates its nodes' packets in its evaluation (ids are given
    // in node order afterwards, as one thread gives them).
    if (auto* traffic = dynamic_cast<TrafficSource*>(source_.get())) {
      traffic->set_lanes(lane_of_node, network_->threads());
      lane_source_ = traffic;
      network_->set_lane_work([traffic](unsigned lane, Cycle cycle) { traffic->generate_lane(lane, cycle); });
    }
    if (!settle_) {
      shards_ = std::make_unique<DeliveryShards>(network_->threads(), std::move(lane_of_node), scenario_.warmup,
                                                 window_end_);
      std::vector<DeliveryObserver*> observers;
      for (unsigned k = 0; k < shards_->size(); ++k) observers.push_back(&shards_->shard(k));
      network_->set_lane_observers(std::move(observers));
      // In the next cycle, before any component of it is evaluated, the
      // source's lane queues each of the source's packets at its interface
      // (the destination's lane opens its delivery once it leaves that
      // queue: LaneDeliveries, DeliveryShards::Shard). Without a
      // source queue limit the lanes also give the ids (hand_over); with
      // one, the packets are counted, checked against the queue and given
      // ids serially (Simulation::pending_).
      hand_over_ = lane_source_ != nullptr && scenario_.source_queue == 0;
      if (hand_over_) {
        TrafficSource* traffic = lane_source_;
        network_->set_lane_prework([this](unsigned lane, Cycle) { hand_over(lane); });
        network_->set_lane_work([traffic](unsigned lane, Cycle cycle) { traffic->create_lane(lane, cycle); });
      } else if (lane_source_) {
        network_->set_lane_prework([this](unsigned lane, Cycle) { queue_pending(lane); });
      }
    }
    if (scenario_.lane_cut != LaneCut::Size) balancer_ = std::make_unique<LaneBalancer>(*network_, scenario_.lane_cut);
  }
  scoreboard_.set_completion_handler(
      [this](const Packet& p, Cycle delivered) {
        stats_.on_completed(p, delivered);
        if (listener_) listener_(p, delivered);
      });
  if (scenario_.warmup == 0) {
    phase_ = Phase::Measure;
    snapshot_links(links_at_start_);
  }
}

void Simulation::rebalance() {
  const std::vector<unsigned> cut = balancer_->after_cycle(cycle_);
  if (cut.empty()) return;
  network_->recut_lanes(cut, balancer_->recuts().back());
  if (lane_source_) lane_source_->set_lanes(cut, network_->threads());
  if (shards_) shards_->rehome(cut);
}

void Simulation::hand_over(unsigned lane) {
  lane_source_->start_lane(lane);
  lane_source_->hand_over(
      lane, [this, lane](NodeId source) { return shards_->shard_of(source) == lane; },
      [this](const Packet& p) { network_->ni(p.src).enqueue(p); });
}

void Simulation::queue_pending(unsigned lane) {
  for (const Packet& p : pending_)
    if (shards_->shard_of(p.src) == lane) network_->ni(p.src).enqueue(p);
}

void Simulation::create(const Packet& p) {
  if (p.worm == 0) {
    if (shards_) shards_->count_created(p);
    else scoreboard_.count_created(p);
    stats_.on_created(p);
  } else {
    const std::vector<NodeId>& destinations = worms_[p.worm].destinations;
    const std::vector<unsigned> skipped = address_flits_dropped(worms_[p.worm], scenario_.flit_bits);
    if (shards_) shards_->on_created(p, destinations, skipped);
    else scoreboard_.on_created(p, destinations, skipped);
    for (std::size_t k = 0; k < worms_[p.worm].destinations.size(); ++k) stats_.on_created(p);
  }
  if (settle_)
    settle_->on_created(p.created, p.worm == 0 ? p.length
                                               : p.length * static_cast<unsigned>(worms_[p.worm].destinations.size()));
  network_->ni(p.src).enqueue(p);
}

void Simulation::offer(const Packet& p) {
  if (scenario_.source_queue == 0 || network_->ni(p.src).queued_packets() < scenario_.source_queue) {
    if (!shards_ || !lane_source_) return create(p);
    shards_->count_created(p);  // queued by its source's lane (queue_pending)
    stats_.on_created(p);
    pending_.push_back(p);
    return;
  }
  ++suppressed_packets_;
  suppressed_flits_ += p.length;
  if (p.created >= scenario_.warmup && p.created < window_end_) window_suppressed_flits_ += p.length;
}

void Simulation::on_packet_delivered(Scoreboard::CompletionHandler listener) {
  listener_ = std::move(listener);
  if (!shards_) return;
  if (shards_->created_packets() != 0)
    throw std::logic_error("Simulation::on_packet_delivered: set the listener before the first packet is created");
  network_->set_lane_observers({});
  network_->set_lane_prework({});  // packets go straight to create() now
  if (hand_over_) {
    TrafficSource* traffic = lane_source_;
    network_->set_lane_work([traffic](unsigned lane, Cycle cycle) { traffic->generate_lane(lane, cycle); });
    hand_over_ = false;
  }
  shards_.reset();
}

void Simulation::on_injected(const Packet& packet) {
  if (packet.worm == 0) scoreboard_.open_injected(packet);
}

void Simulation::on_delivered(const Flit& flit, NodeId node, unsigned channel, Cycle cycle) {
  scoreboard_.on_delivered(flit, node, channel, cycle);
  stats_.on_flit_delivered(cycle);
  if (settle_) settle_->on_delivered(flit.created, is_tail(flit.type), cycle);
}

std::uint64_t Simulation::inject(NodeId src, NodeId dst, unsigned length) {
  manual_.push_back(Packet{manual_ids_++, src, dst, static_cast<std::uint16_t>(length), cycle_, 0, {}});
  return manual_.back().id;
}

std::uint64_t Simulation::inject_worm(NodeId src, WormRoute route, unsigned payload) {
  check_worm_route(network_->router(0).config(), route);
  Packet p = worm_packet(*topology_, src, route, payload, scenario_.flit_bits);
  p.id = manual_ids_++;
  p.created = cycle_;
  p.worm = worms_.add(std::move(route));
  worm_of_packet_[p.id] = p.worm;
  manual_.push_back(p);
  return p.id;
}

bool Simulation::resolve_worm(Flit& f) const {
  const auto it = worm_of_packet_.find(f.packet);
  if (it == worm_of_packet_.end()) return false;
  return restore_worm_fields(worms_, it->second, f);
}

void Simulation::tick() {
  tick_evaluate();
  tick_commit();
}

void Simulation::tick_evaluate() {
  if (phase_ == Phase::Done) return;
  const Cycle t = cycle_;
  network_->evaluate(t);
  pending_.clear();  // queued by the lanes in that evaluation
  for (const Packet& p : manual_) create(p);
  manual_.clear();
  if (hand_over_) {  // created in network_->evaluate(t), handed over in the next
    const TrafficSource::PhaseCount made = lane_source_->close_phase();
    shards_->count_created(made.packets, made.flits);
    stats_.on_created(t, made.packets, made.flits);
  } else if (lane_source_) {
    lane_source_->emit_lanes([this](const Packet& p) { offer(p); });  // created in network_->evaluate(t)
  } else {
    source_->generate(t, [this](const Packet& p) { offer(p); });
  }
}

void Simulation::tick_commit() {
  if (phase_ == Phase::Done) return;
  network_->commit();
  ++cycle_;
  if (balancer_) rebalance();
  advance_phase();
}

void Simulation::advance_phase() {
  const Cycle t = cycle_;  // cycles completed so far
  if (network_->flit_moves() != last_moves_ || outstanding_packets() == 0) {
    last_moves_ = network_->flit_moves();
    last_progress_ = t;
  } else if (t - last_progress_ >= scenario_.watchdog) {
    deadlock_ = true;
    deadlock_kind_ = "no-progress";
    deadlock_text_ = stuck_report();
    phase_ = Phase::Done;
    return;
  }
  if (scenario_.deadlock_interval && t % scenario_.deadlock_interval == 0 &&
      outstanding_packets() > 0) {
    if (!deadlock_detector_) deadlock_detector_ = std::make_unique<DeadlockDetector>(*network_);
    const DeadlockReport report = deadlock_detector_->check();
    if (report.blocked > 0) {
      deadlock_ = true;
      deadlock_kind_ = "cycle";
      deadlock_text_ = report.text(*network_);
      phase_ = Phase::Done;
      return;
    }
  }
  if (settle_ && t > 0 && t % scenario_.settle.period == 0 && t <= window_end_ &&
      (phase_ == Phase::Warmup || phase_ == Phase::Measure)) {
    const Settle::Verdict v = settle_->at_boundary(t);
    if (v == Settle::Verdict::kUnstable) {
      if (phase_ == Phase::Measure) snapshot_links(links_at_end_);
      unstable_ = true;
      phase_ = Phase::Done;
      return;
    }
    if (v == Settle::Verdict::kSettled) {  // the window ends here
      window_end_ = t;
      stats_.set_window(scenario_.warmup, t);
    }
  }
  if (phase_ == Phase::Warmup && t >= scenario_.warmup) {
    phase_ = Phase::Measure;
    snapshot_links(links_at_start_);
  }
  if (phase_ == Phase::Measure && t >= window_end_) {
    phase_ = Phase::Drain;
    snapshot_links(links_at_end_);
  }
  if (phase_ == Phase::Drain && measured_outstanding() == 0) {
    phase_ = Phase::Flush;
    source_->set_enabled(false);
  }
  if (phase_ == Phase::Flush && outstanding_packets() == 0) phase_ = Phase::Done;
  if ((phase_ == Phase::Drain || phase_ == Phase::Flush) && t >= drain_end_) phase_ = Phase::Done;
}

Cycle Simulation::skip_idle(Cycle horizon) {
  if (phase_ != Phase::Warmup && phase_ != Phase::Measure) return 0;  // drain and flush end at once when idle
  if (!manual_.empty() || outstanding_packets() != 0 || !network_->quiescent()) return 0;
  Cycle target = std::min(source_->next_event(cycle_), horizon);
  target = std::min(target, phase_ == Phase::Warmup ? scenario_.warmup : window_end_);
  if (settle_) target = std::min(target, (cycle_ / scenario_.settle.period + 1) * scenario_.settle.period);
  if (target <= cycle_ + 1) return 0;
  // The idle ticks of cycles cycle_ .. target - 1 would each evaluate and
  // commit nothing, generate nothing, and record progress (nothing is
  // outstanding); the last of them ends at cycle `target`.
  const Cycle skipped = target - cycle_;
  skipped_ += skipped;
  cycle_ = target;
  advance_phase();
  return skipped;
}

void Simulation::interrupt() {
  if (phase_ == Phase::Done) return;
  if (phase_ == Phase::Measure) snapshot_links(links_at_end_);
  interrupted_ = true;
  phase_ = Phase::Done;
}

const char* Simulation::phase_name() const {
  switch (phase_) {
    case Phase::Warmup: return "warm-up";
    case Phase::Measure: return "measure";
    case Phase::Drain: return "drain";
    case Phase::Flush: return "flush";
    case Phase::Done: break;
  }
  return "done";
}

void Simulation::run_plain(bool skip) {
  while (!done()) {
    if (skip) skip_idle();
    tick();
  }
}

void Simulation::snapshot_links(Counters& into) const {
  into.links.clear();
  for (const Link* l : network_->network_links()) into.links.push_back(l->flits_carried());
  into.routers.assign(network_->num_nodes(), RouterCounts{});
  for (const auto& l : network_->links()) {
    if (l->downstream().is_router) {
      RouterCounts& c = into.routers[l->downstream().node];
      c.flits_in += l->flits_carried();
      c.heads_in += l->heads_carried();
    }
    if (l->upstream().is_router) into.routers[l->upstream().node].flits_out += l->flits_carried();
  }
}

std::string Simulation::stuck_report() const {
  std::ostringstream os;
  unsigned sinks = 0;
  for (NodeId n = 0; n < network_->num_nodes(); ++n)
    if (network_->ni(n).ejection_buffered() > 0) ++sinks;
  if (sinks > 0)
    os << sinks << " node(s) hold delivered flits they have not consumed (sinks not draining); ";
  unsigned listed = 0, total = 0;
  const RouterConfig& rc = network_->router(0).config();
  for (NodeId n = 0; n < network_->num_nodes(); ++n) {
    const Router& r = network_->router(n);
    if (r.buffered_flits() == 0) continue;
    for (PortId p = 0; p < rc.total_ports(); ++p) {
      for (VcId v = 0; v < rc.vcs; ++v) {
        const auto& buf = r.buffer(p, v);
        if (buf.empty()) continue;
        ++total;
        if (listed++ >= 8) continue;
        const Flit& f = buf.front();
        os << (listed > 1 ? "; " : "") << "router " << node_name(*topology_, n) << ":" << network_->port_name(p)
           << ":vc" << unsigned(v) << " holds " << buf.size() << " flit(s), front packet "
           << f.packet << " (" << f.src << "->" << f.dst << ")";
      }
    }
  }
  if (total > 8) os << "; ... " << (total - 8) << " more";
  if (total == 0) os << "no flits buffered in routers; " << outstanding_packets()
                     << " packet(s) outstanding";
  return os.str();
}

Results Simulation::results(double wall_seconds) const {
  Results r;
  r.topology = topology_->spec;
  r.routing = scenario_.routing;
  r.traffic = scenario_.traffic;
  r.selection = scenario_.selection;
  r.nodes = topology_->num_nodes();
  r.offered = scenario_.trace.empty() ? scenario_.rate : 0.0;  // a trace: what it generated (below)
  r.warmup = scenario_.warmup;
  r.measure = window_end_ - scenario_.warmup;
  r.cycles = cycle_;
  r.injected_packets = shards_ ? shards_->created_packets() : scoreboard_.created_packets();
  r.injected_flits = shards_ ? shards_->created_flits() : scoreboard_.created_flits();
  r.delivered_packets = shards_ ? shards_->delivered_packets() : scoreboard_.delivered_packets();
  r.delivered_flits = shards_ ? shards_->delivered_flits() : scoreboard_.delivered_flits();
  LatencyStats stats = stats_;
  if (shards_) shards_->merge_into(stats);
  r.latency = stats.summary();
  r.latency_by_length = stats.summary_by_length();
  r.latency_histogram = stats.histogram();
  const Cycle window = std::min<Cycle>(cycle_, window_end_) -
                       std::min<Cycle>(cycle_, scenario_.warmup);
  if (window > 0) {
    r.throughput = static_cast<double>(stats.window_delivered_flits()) /
                   (static_cast<double>(r.nodes) * static_cast<double>(window));
    r.generated = static_cast<double>(stats_.window_created_flits()) /
                  (static_cast<double>(r.nodes) * static_cast<double>(window));
    if (!scenario_.trace.empty()) r.offered = r.generated;
    r.suppressed = static_cast<double>(window_suppressed_flits_) /
                   (static_cast<double>(r.nodes) * static_cast<double>(window));
  }
  r.source_queue = scenario_.source_queue;
  r.suppressed_packets = suppressed_packets_;
  r.suppressed_flits = suppressed_flits_;
  Counters now;
  if (links_at_end_.links.empty()) snapshot_links(now);
  const Counters& at_end = links_at_end_.links.empty() ? now : links_at_end_;
  const std::vector<std::uint64_t>& end = at_end.links;
  if (!links_at_start_.links.empty() && window > 0) {
    double sum = 0, mx = 0;
    for (std::size_t i = 0; i < end.size(); ++i) {
      r.link_window_flits.push_back(end[i] - links_at_start_.links[i]);
      const double u = static_cast<double>(end[i] - links_at_start_.links[i]) / static_cast<double>(window);
      sum += u;
      mx = std::max(mx, u);
    }
    r.router_window.reserve(at_end.routers.size());
    for (std::size_t n = 0; n < at_end.routers.size(); ++n) {
      const RouterCounts &a = links_at_start_.routers[n], &b = at_end.routers[n];
      r.router_window.push_back(RouterCounts{b.flits_in - a.flits_in, b.flits_out - a.flits_out,
                                             static_cast<std::uint32_t>(b.heads_in - a.heads_in)});
    }
    r.link_utilisation_avg = end.empty() ? 0 : sum / static_cast<double>(end.size());
    r.link_utilisation_max = mx;
  }
  const PatternInfo* pattern = named_or_null(traffic_patterns(), scenario_.traffic);
  if (pattern != nullptr && pattern->bounds == PatternInfo::Bounds::Uniform) {
    const ThroughputBounds bounds = uniform_throughput_bounds(*topology_, scenario_.local_ports);
    const ThroughputBound& b = bounds.tightest();
    r.bound_name = b.name;
    r.bound = b.value;
    r.bound_fraction = b.value > 0 ? r.throughput / b.value : 0;
  }
  r.drained = measured_outstanding() == 0 && !deadlock_ && !interrupted_ && !unstable_;
  r.interrupted = interrupted_;
  r.unstable = unstable_;
  r.flushed = outstanding_packets() == 0;
  r.deadlock = deadlock_;
  r.deadlock_kind = deadlock_kind_;
  r.deadlock_report = deadlock_text_;
  r.static_check = !scenario_.deadlock_check ? "skipped"
                   : routing_->has_escape()  ? "duato"
                                             : "acyclic";
  r.static_channels = verdict_.channels;
  r.static_dependencies = verdict_.dependencies;
  r.wall_seconds = wall_seconds;
  if (const NetworkProfile* p = network_->profile()) r.profile = summarize(*p, wall_seconds);
  r.idle_cycles_skipped = skipped_;
  if (wall_seconds > 0)
    r.node_cycles_per_second = static_cast<double>(r.nodes) * static_cast<double>(cycle_ - skipped_) / wall_seconds;
  return r;
}

}  // namespace wormsim
