#include <wormsim/topology/lanes.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include <wormsim/topology/topology.h>

namespace wormsim {

std::vector<unsigned> contiguous_lanes(std::size_t nodes, unsigned lanes) {
  std::vector<unsigned> lane(nodes, 0);
  for (std::size_t n = 0; n < nodes && lanes > 1; ++n) lane[n] = static_cast<unsigned>(n * lanes / nodes);
  return lane;
}

std::size_t links_between_lanes(const Topology& t, const std::vector<unsigned>& lane) {
  std::size_t n = 0;
  for (NodeId a = 0; a < t.num_nodes(); ++a)
    for (const auto& peer : t.peer[a])
      if (peer && lane[peer->node] != lane[a]) ++n;
  return n;
}

BlockCut block_lanes(const Topology& t, const std::vector<std::array<unsigned, 3>>& cell_of_node,
                     const std::array<unsigned, 3>& extent, unsigned lanes) {
  const double cells = static_cast<double>(extent[0]) * extent[1] * extent[2];
  BlockCut best;
  std::size_t best_links = 0;
  for (unsigned a = 1; a <= lanes; ++a) {
    if (lanes % a != 0 || a > extent[0]) continue;
    for (unsigned b = 1; b <= lanes / a; ++b) {
      if ((lanes / a) % b != 0 || b > extent[1]) continue;
      const unsigned c = lanes / a / b;
      if (c > extent[2]) continue;
      const std::array<unsigned, 3> parts{a, b, c};
      double largest = 1;
      for (unsigned d = 0; d < 3; ++d) largest *= (extent[d] + parts[d] - 1) / parts[d];
      if (largest > kMaxLaneImbalance * cells / lanes) continue;
      std::vector<unsigned> lane(cell_of_node.size());
      for (std::size_t n = 0; n < cell_of_node.size(); ++n) {
        unsigned k = 0;
        for (unsigned d = 0; d < 3; ++d) k = k * parts[d] + cell_of_node[n][d] * parts[d] / extent[d];
        lane[n] = k;
      }
      const std::size_t links = links_between_lanes(t, lane);
      // a before b rising: of the ties, the first has the most parts along c, then b
      if (best.lane.empty() || links < best_links) {
        best = BlockCut{parts, std::move(lane)};
        best_links = links;
      }
    }
  }
  return best;
}

namespace {

/// Cuts items (in the order given, weighing `w[i]`) into `parts` runs:
/// run k ends where the running weight comes nearest k/parts of the total,
/// every run at least one item while there are enough. Returns each item's run.
std::vector<unsigned> cut_runs(const std::vector<double>& w, unsigned parts) {
  const std::size_t m = w.size();
  std::vector<unsigned> run(m, 0);
  const double total = std::accumulate(w.begin(), w.end(), 0.0);
  if (total <= 0) return cut_runs(std::vector<double>(m, 1.0), parts);  // nothing measured: by count
  std::size_t start = 0;
  double before = 0;  // weight of the items before `start`
  for (unsigned k = 0; k + 1 < parts && start < m; ++k) {
    const double target = total * (k + 1) / parts;
    // the end (exclusive) of run k: leave one item for each later run
    const std::size_t latest = m > parts - 1 - k ? m - (parts - 1 - k) : start + 1;
    std::size_t end = start + 1;
    double sum = before + w[start];
    while (end < latest && sum + w[end] / 2 < target) sum += w[end++];
    for (std::size_t i = start; i < end; ++i) run[i] = k;
    before = sum;
    start = end;
  }
  for (std::size_t i = start; i < m; ++i) run[i] = parts - 1;
  return run;
}

}  // namespace

double lane_imbalance(const std::vector<unsigned>& lane, unsigned lanes, const std::vector<double>& work) {
  std::vector<double> per_lane(lanes, 0.0);
  for (std::size_t n = 0; n < lane.size(); ++n) per_lane.at(lane[n]) += work.at(n);
  const double total = std::accumulate(per_lane.begin(), per_lane.end(), 0.0);
  if (total <= 0) return 1.0;
  return *std::max_element(per_lane.begin(), per_lane.end()) * lanes / total;
}

std::vector<unsigned> weighted_ranges(const std::vector<double>& work, unsigned lanes) {
  if (lanes == 0) throw std::invalid_argument("weighted_ranges: at least one lane");
  return cut_runs(work, lanes);
}

std::vector<unsigned> weighted_block_lanes(const std::vector<std::array<unsigned, 3>>& cell_of_node,
                                           const std::array<unsigned, 3>& extent,
                                           const std::array<unsigned, 3>& parts, const std::vector<double>& work) {
  if (work.size() != cell_of_node.size()) throw std::invalid_argument("weighted_block_lanes: one weight per node");
  const std::size_t cells = std::size_t{extent[0]} * extent[1] * extent[2];
  auto index = [&](const std::array<unsigned, 3>& c) { return (std::size_t{c[0]} * extent[1] + c[1]) * extent[2] + c[2]; };
  std::vector<double> cell_work(cells, 0.0);
  for (std::size_t n = 0; n < cell_of_node.size(); ++n) cell_work[index(cell_of_node[n])] += work[n];
  std::vector<std::array<unsigned, 3>> coord(cells);
  for (unsigned x = 0; x < extent[0]; ++x)
    for (unsigned y = 0; y < extent[1]; ++y)
      for (unsigned z = 0; z < extent[2]; ++z) coord[index({x, y, z})] = {x, y, z};
  // group[c]: the part so far of cell c, refined one dimension at a time
  std::vector<unsigned> group(cells, 0);
  unsigned groups = 1;
  for (unsigned d = 0; d < 3; ++d) {
    std::vector<std::vector<std::size_t>> members(groups);
    for (std::size_t c = 0; c < cells; ++c) members[group[c]].push_back(c);
    for (auto& list : members) {
      std::stable_sort(list.begin(), list.end(), [&](std::size_t a, std::size_t b) {
        for (unsigned k = 0; k < 3; ++k) {
          const unsigned e = (d + k) % 3;
          if (coord[a][e] != coord[b][e]) return coord[a][e] < coord[b][e];
        }
        return false;
      });
      std::vector<double> w(list.size());
      for (std::size_t i = 0; i < list.size(); ++i) w[i] = cell_work[list[i]];
      const std::vector<unsigned> run = cut_runs(w, parts[d]);
      for (std::size_t i = 0; i < list.size(); ++i) group[list[i]] = group[list[i]] * parts[d] + run[i];
    }
    groups *= parts[d];
  }
  std::vector<unsigned> lane(cell_of_node.size());
  for (std::size_t n = 0; n < cell_of_node.size(); ++n) lane[n] = group[index(cell_of_node[n])];
  return lane;
}

std::vector<unsigned> id_range_lanes(std::size_t nodes, unsigned lanes, const std::vector<double>& work) {
  return work.empty() ? contiguous_lanes(nodes, lanes) : weighted_ranges(work, lanes);
}

std::vector<unsigned> grid_lanes(const Topology& t, const std::vector<std::array<unsigned, 3>>& cell_of_node,
                                 const std::array<unsigned, 3>& extent, unsigned lanes,
                                 const std::vector<double>& work) {
  BlockCut cut = block_lanes(t, cell_of_node, extent, lanes);
  if (cut.lane.empty()) return id_range_lanes(cell_of_node.size(), lanes, work);
  return work.empty() ? std::move(cut.lane) : weighted_block_lanes(cell_of_node, extent, cut.parts, work);
}

}  // namespace wormsim
