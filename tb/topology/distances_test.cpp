// DistanceTable (64 sources per breadth-first sweep) against a plain
// one-source-at-a-time breadth-first search, on topologies above and below
// 64 nodes and not a multiple of 64, and on a cut network; built on several
// threads, the tables equal the one-thread tables byte for byte.
#include <gtest/gtest.h>

#include <cstring>
#include <deque>

#include <wormsim/topology/distances.h>
#include <wormsim/topology/spec.h>

namespace wormsim::test {
namespace {

std::vector<unsigned> reference_row(const Topology& t, NodeId s) {
  std::vector<unsigned> d(t.num_nodes(), DistanceTable::kUnreachable);
  std::deque<NodeId> q{s};
  d[s] = 0;
  while (!q.empty()) {
    const NodeId u = q.front();
    q.pop_front();
    for (const auto& p : t.peer[u])
      if (p && d[p->node] == DistanceTable::kUnreachable) {
        d[p->node] = d[u] + 1;
        q.push_back(p->node);
      }
  }
  return d;
}

void expect_matches_reference(const Topology& t, const std::string& what) {
  const DistanceTable table(t);
  const NodeId n = static_cast<NodeId>(t.num_nodes());
  bool connected = true;
  unsigned diameter = 0;
  double sum = 0;
  for (NodeId s = 0; s < n; ++s) {
    const auto row = reference_row(t, s);
    for (NodeId v = 0; v < n; ++v) {
      ASSERT_EQ(table(s, v), row[v]) << what << " from " << s << " to " << v;
      if (row[v] == DistanceTable::kUnreachable) {
        connected = false;
      } else {
        diameter = std::max(diameter, row[v]);
        sum += row[v];
      }
    }
  }
  EXPECT_EQ(table.connected(), connected) << what;
  EXPECT_EQ(table.diameter(), diameter) << what;
  EXPECT_DOUBLE_EQ(table.average(), sum / (double(n) * double(n - 1))) << what;
}

TEST(DistanceTable, EqualsOneSearchPerSource) {
  for (const char* spec : {"mesh:4x4", "mesh:5x5x5", "torus:4x4x4", "torus:7x3", "3pt:3x3x3", "3pt:2x3x4", "fp:3",
                           "rfp:3", "arrangement:5,3", "petersen"})
    expect_matches_reference(make_topology(spec), spec);
}

TEST(DistanceTable, CutNetworkIsNotConnected) {
  Topology t = make_topology("mesh:70x1");  // two batches of sources
  // Cut the link between nodes 40 and 41 in both directions.
  for (PortId p = 0; p < t.num_ports; ++p) {
    if (t.peer[40][p] && t.peer[40][p]->node == 41) t.peer[40][p].reset();
    if (t.peer[41][p] && t.peer[41][p]->node == 40) t.peer[41][p].reset();
  }
  const DistanceTable table(t);
  EXPECT_FALSE(table.connected());
  EXPECT_EQ(table(0, 69), DistanceTable::kUnreachable);
  EXPECT_EQ(table(69, 41), 28u);
  expect_matches_reference(t, "mesh:70x1 cut between 40 and 41");
}

// Meshes and tori get their distances from coordinates: they must equal the
// searched ones, rings of 1, 2, odd and even length included.
TEST(HopDistance, GridFormulaEqualsTheSearchedTable) {
  for (const char* spec : {"mesh:4x4", "mesh:5x3x2", "mesh:7x1x1", "torus:4x4x4", "torus:5x2x3", "torus:2x2x2",
                           "torus:7x6", "torus:1x5x8"}) {
    const Topology t = make_topology(spec);
    const DistanceTable table(t);
    const HopDistance hop(t);
    EXPECT_LE(hop.table_bytes(), t.num_nodes() * 12) << spec << ": no quadratic table (12 bytes per node)";
    for (NodeId a = 0; a < t.num_nodes(); ++a)
      for (NodeId b = 0; b < t.num_nodes(); ++b) ASSERT_EQ(hop(a, b), table(a, b)) << spec << " " << a << "->" << b;
  }
  const Topology pt = make_topology("3pt:2x2x2");
  const HopDistance hop(pt);
  EXPECT_EQ(hop.table_bytes(), pt.num_nodes() * pt.num_nodes()) << "elsewhere: the table";
  EXPECT_EQ(hop(0, 1), DistanceTable(pt)(0, 1));
}

// A grid may be up to 2^20 nodes long in one dimension: coordinates past
// 65,535 must keep their value (a 16-bit table wrapped them to 0 and up).
TEST(HopDistance, LongRingsKeepTheirCoordinates) {
  const HopDistance mesh(make_topology("mesh:70000x1"));
  EXPECT_EQ(mesh(0, 69999), 69999u);
  EXPECT_EQ(mesh(65536, 0), 65536u);
  EXPECT_EQ(mesh(65536, 65535), 1u);
  const HopDistance ring(make_topology("torus:70000x1"));
  EXPECT_EQ(ring(0, 69999), 1u);
  EXPECT_EQ(ring(0, 65536), 70000u - 65536u);
  EXPECT_EQ(ring(1, 35001), 35000u);
}

// The output ports on a shortest path, one byte per pair where tabled, by
// the coordinate formula on grids, by the neighbour test above 8 ports: all
// must equal the neighbour test on searched distances, a cut network
// included (unreachable destinations have no minimal port).
TEST(MinimalPorts, EqualsTheNeighbourTestOnSearchedDistances) {
  std::vector<std::pair<std::string, Topology>> cases;
  for (const char* spec : {"mesh:4x4", "torus:5x2x3", "3pt:2x3x4", "3pt:3x3x3", "petersen", "fp:3", "rfp:3",
                           "arrangement:5,2", "arrangement:6,3"})
    cases.emplace_back(spec, make_topology(spec));
  Topology cut = make_topology("petersen");
  for (PortId p = 0; p < cut.num_ports; ++p)
    if (cut.peer[0][p]) {
      const NodeId v = cut.peer[0][p]->node;
      for (PortId r = 0; r < cut.num_ports; ++r)
        if (cut.peer[v][r] && cut.peer[v][r]->node == 0) cut.peer[v][r].reset();
      cut.peer[0][p].reset();
    }
  cases.emplace_back("petersen with node 0 cut off", cut);
  for (const auto& [what, t] : cases) {
    const MinimalPorts minimal(t);
    const bool grid = what.rfind("mesh", 0) == 0 || what.rfind("torus", 0) == 0;
    EXPECT_EQ(minimal.tabled(), !grid && t.num_ports <= 8) << what;
    if (minimal.tabled()) {
      EXPECT_EQ(minimal.table_bytes(), t.num_nodes() * t.num_nodes()) << what;
    }
    std::vector<std::vector<unsigned>> d;
    for (NodeId s = 0; s < t.num_nodes(); ++s) d.push_back(reference_row(t, s));
    unsigned nonzero = 0;
    for (NodeId a = 0; a < t.num_nodes(); ++a)
      for (NodeId b = 0; b < t.num_nodes(); ++b) {
        std::uint32_t expected = 0;
        for (PortId q = 0; q < t.num_ports; ++q)
          if (t.peer[a][q] && d[t.peer[a][q]->node][b] + 1 == d[a][b]) expected |= 1u << q;
        ASSERT_EQ(minimal(a, b), expected) << what << " " << a << "->" << b;
        nonzero += expected != 0;
      }
    EXPECT_GT(nonzero, 0u) << what;
  }
}

// The tables built on 2, 3 and 7 threads (blocks of 64 sources, blocks of
// rows; more threads than batches included) equal the one-thread tables
// byte for byte, with the same diameter, average and connectivity, a cut
// network included.
TEST(DistanceTable, ThreadsBuildTheSameTables) {
  std::vector<std::pair<std::string, Topology>> cases;
  for (const char* spec : {"3pt:3x3x3", "3pt:2x3x4", "arrangement:6,3", "petersen", "mesh:9x9x3"})
    cases.emplace_back(spec, make_topology(spec));
  Topology cut = make_topology("mesh:70x2");
  for (PortId p = 0; p < cut.num_ports; ++p)
    for (NodeId u : {NodeId{40}, NodeId{110}})
      if (cut.peer[u][p] && cut.peer[u][p]->node == u + 1) {
        const auto back = cut.peer[u][p]->port;
        cut.peer[u + 1][back].reset();
        cut.peer[u][p].reset();
      }
  cases.emplace_back("mesh:70x2 cut in two", cut);
  for (const auto& [what, t] : cases) {
    const DistanceTable one(t);
    const MinimalPorts one_minimal(t);
    const std::size_t n = t.num_nodes();
    for (unsigned threads : {2u, 3u, 7u}) {
      const DistanceTable many(t, threads);
      EXPECT_EQ(std::memcmp(one.row(0), many.row(0), n * n), 0) << what << " on " << threads << " threads";
      EXPECT_EQ(many.diameter(), one.diameter()) << what;
      EXPECT_EQ(many.average(), one.average()) << what << ": the sums are whole numbers, so exactly equal";
      EXPECT_EQ(many.connected(), one.connected()) << what;
      const MinimalPorts many_minimal(t, threads);
      EXPECT_EQ(many_minimal.connected(), one_minimal.connected()) << what;
      for (NodeId a = 0; a < n; ++a)
        for (NodeId b = 0; b < n; ++b)
          ASSERT_EQ(many_minimal(a, b), one_minimal(a, b)) << what << " on " << threads << " threads, " << a << "->" << b;
    }
  }
  EXPECT_FALSE(DistanceTable(cut, 3).connected());
}

}  // namespace
}  // namespace wormsim::test
