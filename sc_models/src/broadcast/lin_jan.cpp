#include <wormsim/broadcast/lin_jan.h>

#include <wormsim/core/config_error.h>
#include <wormsim/topology/folded_petersen.h>
#include <wormsim/topology/petersen.h>

namespace wormsim {
namespace {

using K = FoldedPetersenKind;

const K& family(const Topology& t, bool root_folded, const char* algo) {
  const K* k = t.as<K>();
  if (k == nullptr || k->root_folded() != root_folded)
    throw ConfigError("algo", std::string(algo) + " needs " + (root_folded ? "rfp:N" : "petersen or fp:N") +
                                  ", got " + t.spec);
  return *k;
}

// Basic-Broadcasting on digit i from every node in `from` (two rounds).
void basic_broadcast(ScheduleBuilder& b, const std::vector<NodeId>& from, unsigned i) {
  b.next_round();
  for (NodeId u : from)
    for (unsigned d : petersen::digit_neighbours(K::digit(u, i))) b.send(u, K::with_digit(u, i, d));
  b.next_round();
  for (NodeId u : from) {
    const unsigned own = K::digit(u, i);
    for (unsigned d : petersen::digit_neighbours(own)) {
      const NodeId v = K::with_digit(u, i, d);
      for (unsigned e : petersen::digit_neighbours(d))
        if (e != own) b.send(v, K::with_digit(v, i, e));
    }
  }
}

// Every node whose digit i takes all 10 values from each node of `from`.
std::vector<NodeId> spread(const std::vector<NodeId>& from, unsigned i) {
  std::vector<NodeId> out;
  for (NodeId u : from)
    for (unsigned d = 0; d < 10; ++d) out.push_back(K::with_digit(u, i, d));
  return out;
}

}  // namespace

Schedule lin_jan_fp_broadcast(const Topology& t, NodeId source) {
  const K& k = family(t, false, "lin-jan-fp");
  ScheduleBuilder b(t, "lin-jan-fp", source, PortModel::All);
  std::vector<NodeId> holders{source};
  for (unsigned i = k.digits(); i >= 1; --i) {
    basic_broadcast(b, holders, i);
    holders = spread(holders, i);
  }
  return b.take();
}

Schedule lin_jan_rfp_broadcast(const Topology& t, NodeId source) {
  const K& k = family(t, true, "lin-jan-rfp");
  ScheduleBuilder b(t, "lin-jan-rfp", source, PortModel::All);
  NodeId at = source;
  for (unsigned i = 1; i <= k.digits(); ++i)
    while (K::digit(at, i) != 0) {
      const NodeId next = K::with_digit(at, i, petersen::basic_next(K::digit(at, i), 0));
      b.next_round();
      b.send(at, next);
      at = next;
    }
  std::vector<NodeId> holders{at};  // the root
  for (unsigned i = k.digits(); i >= 1; --i) {
    basic_broadcast(b, holders, i);
    holders = spread(holders, i);
  }
  return b.take();
}

}  // namespace wormsim
