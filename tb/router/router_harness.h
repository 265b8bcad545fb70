// Test harness around one Router: the test plays every upstream and
// downstream neighbour. Each step(): the test's writes of this cycle, then
// the router's evaluation, then the clock edge.
#pragma once
#include <memory>
#include <vector>

#include <wormsim/core/activity.h>
#include <wormsim/core/link.h>
#include <wormsim/ni/packet.h>
#include <wormsim/router/router.h>
#include <wormsim/routing/routing.h>

namespace wormsim::test {

/// Routing by table: destination d leaves by port table[d] on the VCs of
/// masks[d] (all VCs when no masks are given), as the RTL's routing table.
class TableRouting : public RoutingFunction {
 public:
  TableRouting(std::vector<PortId> table, unsigned vcs, std::vector<std::uint32_t> masks = {})
      : table_(std::move(table)), masks_(std::move(masks)), vcs_(vcs) {
    if (masks_.empty()) masks_.assign(table_.size(), all_vcs_mask(vcs));
  }
  std::string name() const override { return "table"; }
  unsigned vcs() const override { return vcs_; }
  void route(NodeId, PortId, VcId, const Flit& head, RouteSet& out) const override {
    out.add(table_.at(head.dst), masks_.at(head.dst));
  }

 private:
  std::vector<PortId> table_;
  std::vector<std::uint32_t> masks_;
  unsigned vcs_;
};

class RouterHarness {
 public:
  RouterHarness(const RouterConfig& cfg, std::vector<PortId> table, NodeId id = 0,
                std::vector<std::uint32_t> masks = {}, const WormTable* worms = nullptr)
      : cfg_(cfg), routing_(std::move(table), cfg.vcs, std::move(masks)) {
    const std::size_t driver = activity_.add(&idle_);
    router_ = std::make_unique<Router>(id, cfg_, routing_, activity_, 1, worms);
    activity_.add(router_.get());
    for (unsigned p = 0; p < cfg_.total_ports(); ++p) {
      in_.push_back(std::make_unique<Link>(&committer_, LinkEnd{driver, 0, 0, false},
                                           LinkEnd{1, static_cast<PortId>(p), id, true}, "in"));
      out_.push_back(std::make_unique<Link>(&committer_, LinkEnd{1, static_cast<PortId>(p), id, true},
                                            LinkEnd{driver, 0, 0, false}, "out"));
      router_->attach_input(static_cast<PortId>(p), in_.back().get());
      router_->attach_output(static_cast<PortId>(p), out_.back().get());
    }
  }

  Router& router() { return *router_; }
  Link& in(unsigned port) { return *in_[port]; }
  Link& out(unsigned port) { return *out_[port]; }
  Cycle cycle() const { return cycle_; }

  /// One clock cycle: the router evaluates every cycle (idle or not).
  void step() {
    activity_.take();
    router_->evaluate(cycle_);
    committer_.commit_all();
    ++cycle_;
  }

  /// One clock edge seen as the RTL sees it: what the test wrote this cycle
  /// is on the router's inputs now (flits on input links, credits on output
  /// links), the router evaluates, and its outputs are on the links after.
  void edge() {
    committer_.commit_all();  // test's writes -> router inputs
    activity_.take();
    router_->evaluate(cycle_);
    committer_.commit_all();  // router's writes -> router outputs
    ++cycle_;
  }

 private:
  struct Idle : Component {
    void evaluate(Cycle) override {}
  } idle_;
  RouterConfig cfg_;
  TableRouting routing_;
  ActivityList activity_;
  LinkCommitter committer_{activity_};
  std::unique_ptr<Router> router_;
  std::vector<std::unique_ptr<Link>> in_, out_;
  Cycle cycle_ = 0;
};

inline Flit make_flit(std::uint64_t packet, NodeId src, NodeId dst, unsigned seq, unsigned len,
                      VcId vc = 0) {
  Flit f;
  f.packet = packet;
  f.src = src;
  f.dst = dst;
  f.seq = static_cast<std::uint16_t>(seq);
  f.vc = vc;
  f.type = flit_type_for(seq, len);
  return f;
}

inline Packet make_packet(std::uint64_t id, NodeId src, NodeId dst, unsigned length, Cycle created = 0) {
  Packet p;
  p.id = id;
  p.src = src;
  p.dst = dst;
  p.length = static_cast<std::uint16_t>(length);
  p.created = created;
  return p;
}

/// Flit `seq` of `p` on VC `vc`.
inline Flit flit_of(const Packet& p, unsigned seq, VcId vc = 0) {
  return make_flit(p.id, p.src, p.dst, seq, p.length, vc);
}

}  // namespace wormsim::test
