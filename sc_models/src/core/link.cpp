// The sends by ends where the fabric has several lanes (Link::send_flit_by_lanes,
// Link::send_credit_by_lanes): out of line, so that the single-lane sends
// inlined in the components' cycles stay small.
#include <wormsim/core/link.h>

namespace wormsim {

void Link::send_flit_by_lanes(const FlitEnd& end, LinkCommitter& committer, const Flit& f, VcId vc) {
  if (!send_flit_lane_local(end, committer, f, vc)) end.link->send_flit_by_link(f, vc);
}

void Link::send_credit_by_lanes(const CreditEnd& end, LinkCommitter& committer, VcId vc) {
  if (!send_credit_lane_local(end, committer, vc)) end.link->send_credit_by_link(vc, end.regs != nullptr);
}

void Link::send_flit_by_link(const Flit& f, VcId vc) { send_flit(f, vc); }

void Link::send_credit_by_link(VcId vc, bool registers) {
  if (registers || committer_->pipelined_credits()) return send_credit(vc);
  arrive_credit(now() + 1, down_lane_, std::uint64_t{1} << vc);
}

}  // namespace wormsim
