// The routing table: one line per routing (name, one-line description,
// topologies it applies to, VCs it needs, its traits by name, factory). The CLI help, `--routing list`, validation of names and
// the tests' case lists are all generated from it; nothing else lists the
// names. Adding a routing is one new file and one line in registry.cpp.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <wormsim/router/arbitration.h>
#include <wormsim/routing/routing.h>

namespace wormsim {

/// A routing's properties for its table row, by name: `RoutingTraits{}`
/// is deadlock-free, deterministic, minimal, model-only, round-robin; each
/// call changes one of them (`RoutingTraits{}.adaptive().by_age()`).
struct RoutingTraits {
  bool deadlock_free = true;
  bool adaptive_choice = false;
  bool minimal = true;
  bool rtl = false;
  Arbitration arbitration = Arbitration::RoundRobin;
  bool worms = false;
  /// A control: the checks must find its deadlock.
  RoutingTraits control() const { return with([](RoutingTraits& t) { t.deadlock_free = false; }); }
  /// Offers several candidates (default selection: credits).
  RoutingTraits adaptive() const { return with([](RoutingTraits& t) { t.adaptive_choice = true; }); }
  /// Some routes are longer than a shortest path.
  RoutingTraits not_minimal() const { return with([](RoutingTraits& t) { t.minimal = false; }); }
  /// The RTL router can run it.
  RoutingTraits on_rtl() const { return with([](RoutingTraits& t) { t.rtl = true; }); }
  /// Age arbitration by default.
  RoutingTraits by_age() const { return with([](RoutingTraits& t) { t.arbitration = Arbitration::Age; }); }
  /// Multi-destination worms (dual-path, 3-DBL, 3-DBS) follow it.
  RoutingTraits carries_worms() const { return with([](RoutingTraits& t) { t.worms = true; }); }

 private:
  template <class F>
  RoutingTraits with(F change) const {
    RoutingTraits t = *this;
    change(t);
    return t;
  }
};

/// What a routing's factory is given.
struct RoutingBuild {
  unsigned vcs = 0;      ///< 0: the fewest it needs (at least 2)
  unsigned threads = 1;  ///< threads its tables may be built on; the routing does not depend on it
};

struct RoutingInfo {
  std::string name;
  std::string description;
  std::string topologies;  ///< where it applies, for people ("mesh, torus", "any")
  std::function<bool(const Topology&)> applies;
  std::string vcs_needed;  ///< for people ("mesh >= 1, torus >= 2")
  bool deadlock_free = true;  ///< false: a control that the checks must catch
  /// Offers several candidates: the default selection is "credits".
  bool adaptive = false;
  /// Every route is a shortest path (else: bounded, see its header).
  bool minimal = true;
  /// The RTL router can run it (RouteDor, or its routing table: one port and
  /// VC mask per destination, first selection, round-robin arbitration).
  bool rtl = false;
  /// Default allocator arbitration.
  Arbitration arbitration = Arbitration::Age;
  /// Multi-destination worms follow it (the worm deadlock check and the
  /// broadcast fabric runs take it).
  bool worms = false;
  /// Builds it. Throws ConfigError ("vcs") when it cannot work with that many VCs.
  std::function<std::unique_ptr<RoutingFunction>(const Topology&, const RoutingBuild&)> make;
};

const std::vector<RoutingInfo>& routings();
/// Adds a routing to the table at run time (a plug-in or a test), after the
/// built-in ones: help, validation, `--routing list`, the deadlock check and
/// `wormsim doc` then know it. Throws std::invalid_argument if the name is
/// taken. Not thread-safe: register before any run starts.
void register_routing(RoutingInfo info);
/// A row as the built-in table writes them: traits named (RoutingTraits).
RoutingInfo routing_row(std::string name, std::string description, std::string topologies,
                        std::function<bool(const Topology&)> applies, std::string vcs_needed,
                        const RoutingTraits& traits,
                        std::function<std::unique_ptr<RoutingFunction>(const Topology&, const RoutingBuild&)> make);

/// nullptr if unknown.
const RoutingInfo* find_routing(const std::string& name);

/// The routing multi-destination worms follow (the one row that carries them).
const RoutingInfo& worm_routing();

/// Name of the deadlock-free routing used when the user names none.
std::string default_routing(const Topology& topology);

/// Builds routing `name` for `topology`; throws ConfigError (field "routing")
/// if the name is unknown or does not apply to the topology, ("vcs") if it
/// cannot work with that many VCs. `threads` > 1 builds its tables on that
/// many threads (the routing is the same).
std::unique_ptr<RoutingFunction> make_routing(const std::string& name, const Topology& topology,
                                              unsigned vcs, unsigned threads = 1);

/// "dor, layered, ..." for help texts and error messages.
std::string routing_name_list();

}  // namespace wormsim
