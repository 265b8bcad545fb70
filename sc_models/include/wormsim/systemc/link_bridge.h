// The fast engine's links inside one port-level module. A core component
// (wormsim::Router or wormsim::NetworkInterface) reads and writes Link
// objects; a port-level module gives it private ones whose far ends are its
// SystemC ports. One clock cycle, at the rising edge:
//   sample:   what the input ports carry goes onto the private links (the
//             far end's side: flits into in-links, credits into out-links);
//   edge:     the clock edge, so the component sees its inputs exactly as
//             the fast engine's link registers show them;
//   evaluate: the component computes its cycle and writes its links;
//   edge:     the clock edge again, and what the component sent is driven
//             onto the output ports, where the next module samples it at the
//             next rising edge, one cycle later, as in the fast engine.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <wormsim/core/activity.h>
#include <wormsim/core/link.h>

namespace wormsim::systemc {

class LinkBridge {
 public:
  /// The activity-list slot the inner component is registered at.
  static constexpr std::size_t kInnerSlot = 1;

  /// `ports` in-links (flits toward the inner component, its credits back)
  /// and as many out-links (flits from it, credits toward it).
  explicit LinkBridge(unsigned ports) : committer_(activity_) {
    activity_.add(&outside_);
    const LinkEnd outside{0, 0, 0, false};
    for (unsigned p = 0; p < ports; ++p) {
      const LinkEnd inner{kInnerSlot, static_cast<PortId>(p), 0, true};
      in_.push_back(std::make_unique<Link>(&committer_, outside, inner, "in" + std::to_string(p)));
      out_.push_back(std::make_unique<Link>(&committer_, inner, outside, "out" + std::to_string(p)));
    }
  }
  LinkBridge(const LinkBridge&) = delete;
  LinkBridge& operator=(const LinkBridge&) = delete;

  ActivityList& activity() { return activity_; }
  /// Registers the inner component (constructed with activity() and kInnerSlot).
  void add_inner(Component& c) { activity_.add(&c); }

  Link& in(unsigned p) { return *in_[p]; }
  Link& out(unsigned p) { return *out_[p]; }

  /// Nothing arrived, nothing to clear and the component holds no work.
  bool quiet() const { return !activity_.pending() && committer_.idle(); }
  void edge() { committer_.commit_all(); }
  void evaluate(Cycle cycle) {
    for (Component* c : activity_.take()) c->evaluate(cycle);
  }

 private:
  struct Outside : Component {
    void evaluate(Cycle) override {}
  };
  Outside outside_;
  ActivityList activity_;
  LinkCommitter committer_;
  std::vector<std::unique_ptr<Link>> in_, out_;
};

}  // namespace wormsim::systemc
