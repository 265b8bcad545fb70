#include <wormsim/routing/folded_petersen_routing.h>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/folded_petersen.h>
#include <wormsim/topology/petersen.h>

namespace wormsim {

FoldedPetersenRouting::FoldedPetersenRouting(const Topology& t, Reading reading, unsigned vcs)
    : topo_(t), reading_(reading) {
  const auto* kind = t.as<FoldedPetersenKind>();
  if (kind == nullptr || (reading == Reading::Dor) == kind->root_folded())
    throw ConfigError("routing", name() + " needs " + (reading == Reading::Dor ? "petersen or fp:N" : "rfp:N") +
                                     ", got " + t.spec);
  digits_ = kind->digits();
  vcs_ = vcs == 0 ? classes() : vcs;
}

std::string FoldedPetersenRouting::name() const {
  switch (reading_) {
    case Reading::Dor: return "fp-dor";
    case Reading::Literal: return "rfp-literal";
    case Reading::Direct: return "rfp-direct";
  }
  return "fp-dor";
}

void FoldedPetersenRouting::route(NodeId here, PortId in_port, VcId, const Flit& head, RouteSet& out) const {
  using K = FoldedPetersenKind;
  const NodeId dst = head.dst;
  const bool injected = in_port >= topo_.num_ports;
  const unsigned in_digit = injected ? 0 : in_port / 3 + 1;
  unsigned i = digits_;  // highest digit where here and dst differ
  while (i > 1 && K::digit(here, i) == K::digit(dst, i)) --i;
  // The phase the packet arrived in, from the hop it took (not from its VC,
  // so the routing is the paper's whatever the VCs): up hops head for a 00
  // digit, down hops leave one; rfp-direct's top digit belongs to the down
  // phase.
  bool arrived_down = false;
  if (!injected && reading_ != Reading::Dor) {
    const unsigned from = K::digit(topo_.peer[here][in_port]->node, in_digit);
    const unsigned at = K::digit(here, in_digit);
    if (reading_ == Reading::Direct && in_digit == i) arrived_down = true;
    else if (from == 0) arrived_down = true;
    else if (at == 0) arrived_down = false;
    else arrived_down = petersen::distance(petersen::module_of_digit(at), petersen::module_of_digit(0)) == 2;
  }
  unsigned phase = 0, j = i, target = K::digit(dst, i);
  if (reading_ != Reading::Dor) {
    bool down = arrived_down;
    if (!down) {
      // Up phase: the lowest digit in 1..top that is not yet 00.
      const unsigned top = reading_ == Reading::Literal ? i : i - 1;
      j = 0;
      for (unsigned d = 1; d <= top && j == 0; ++d)
        if (K::digit(here, d) != 0) j = d;
      if (j != 0) target = 0;
      else down = true;
    }
    if (down) {
      phase = 1;
      j = i;
      target = K::digit(dst, i);
    }
  }
  const unsigned cur = K::digit(here, j);
  const unsigned next = petersen::basic_next(cur, target);
  // Second hop of this digit's Basic-Routing: arrived on a digit-j port in
  // the same phase.
  const unsigned h = (!injected && in_digit == j && (phase == 1) == arrived_down) ? 1 : 0;
  unsigned c = h;                                           // fp-dor: the hop within the digit
  if (reading_ == Reading::Literal) c = 0;                  // rfp-literal: one class
  if (reading_ == Reading::Direct) c = phase == 1 ? h : 0;  // rfp-direct: second hops of the down phase
  out.add(K::port_towards(j, cur, next), class_vc_mask(c, classes(), vcs_));
}

}  // namespace wormsim
