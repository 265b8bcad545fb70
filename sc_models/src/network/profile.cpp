#include <wormsim/network/profile.h>

#include <algorithm>

namespace wormsim {

ProfileSummary summarize(const NetworkProfile& p, double wall) {
  ProfileSummary s;
  s.lanes = std::max<unsigned>(1, static_cast<unsigned>(p.lanes.size()));
  s.evaluate_shared = p.shared_evaluate;
  s.commit_shared = p.shared_commit;
  s.between_shared = p.shared_between;
  s.evaluate_single = p.single_evaluate;
  s.commit_single = p.single_commit;
  s.take = p.take;
  s.replay = p.replay;
  s.recuts = p.recuts;
  s.pool_handoff = p.pool_handoff;
  const double shared = p.shared_evaluate + p.shared_commit + p.shared_between;
  double total_work = 0, most = 0;
  for (const NetworkProfile::Lane& l : p.lanes) {
    const double w = l.evaluate + l.commit + l.between;
    s.work.push_back(w);
    s.evaluate_work.push_back(l.evaluate);
    s.commit_work.push_back(l.commit);
    s.between_work.push_back(l.between);
    s.wait.push_back(std::max(0.0, shared - w));
    total_work += w;
    most = std::max(most, w);
  }
  if (!p.lanes.empty()) {
    double evaluated = 0;
    for (const NetworkProfile::Lane& l : p.lanes) evaluated += l.evaluate;
    s.evaluate_mean = evaluated / static_cast<double>(p.lanes.size());
    s.evaluate_spread = std::max(0.0, p.slowest_evaluate - s.evaluate_mean);
    s.evaluate_handoff = std::max(0.0, p.shared_evaluate - p.slowest_evaluate);
  }
  s.serial = std::max(0.0, wall - shared);
  s.other = std::max(0.0, s.serial - p.single_evaluate - p.single_commit - p.take - p.replay);
  if (total_work > 0) s.imbalance = most / (total_work / static_cast<double>(p.lanes.size()));
  if (p.shared_phases > 0 && !s.wait.empty())
    s.handoff = *std::min_element(s.wait.begin(), s.wait.end()) / static_cast<double>(p.shared_phases);
  s.serial_fraction = s.serial + total_work > 0 ? s.serial / (s.serial + total_work) : 1.0;
  return s;
}

}  // namespace wormsim
