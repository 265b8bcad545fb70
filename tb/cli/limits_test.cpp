// Limits that hold: a scenario past this machine's memory, or whose static
// proof would take over a minute, is refused before any work with the
// estimate and the way around it; and a run the limits accept stays within
// its memory estimate (measured as the child's peak resident set).
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <iostream>

#include <wormsim/deadlock/channel_dependency.h>
#include <wormsim/routing/registry.h>
#include <wormsim/sim/limits.h>
#include <wormsim/topology/spec.h>

#include "cli_runner.h"

namespace wormsim::test {
namespace {

TEST(Limits, MoreMemoryThanTheMachineHasIsRefusedNamingTheEstimate) {
  const CliResult r =
      run_wormsim("run --topology mesh:1024x1024 --vcs 8 --buffer 1024 --no-deadlock-check", "limit_memory");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("topology: mesh:1024x1024x1 with 8 VCs x 1024 flits needs about"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--force"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
}

TEST(Limits, A32x32x32TorusProofThatFollowsPacketsIsEstimatedAndRefusedBeforeItStarts) {
  // `dor` on a torus reads the source (datelines by source): the proof
  // follows every packet, about 1.3e10 steps.
  const CliResult r = run_wormsim("run --topology torus:32x32x32", "limit_check");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("deadlock_check: proving the routing deadlock-free on torus:32x32x32 would take about"),
            std::string::npos) << r.err;
}

TEST(Limits, A32x32x32MeshProofIsCheapByRepresentativeDestinations) {
  // Dimension order names representative destinations (the axis lines
  // through each router): 93 per router instead of 32,767.
  const Topology t = make_topology("mesh:32x32x32");
  const auto r = make_routing("dor", t, 2);
  const double steps = proof_steps(t, *r);
  EXPECT_LT(steps / kCheckStepsPerSecond, 1.0) << steps;
  const DependencyVerdict v = check_routing_deadlock(t, *r);
  EXPECT_TRUE(v.acyclic);
  EXPECT_EQ(v.channels, t.num_links() * 2) << "every link and both VCs carry some route";
}

// Buffers of 5 flits take rings of 8 slots: the estimate counts them so.
TEST(Limits, AnAcceptedRunStaysWithinItsMemoryEstimate) {
  for (unsigned buffer : {5u, 8u}) {
    Scenario s;
    s.topology = "mesh:32x32x8";
    s.vcs = 2;
    s.buffer = buffer;
    const Topology t = make_topology(s.topology);
    const double estimate = estimate_resources(t, s).memory_bytes;
    const CliResult r = run_wormsim("run --topology mesh:32x32x8 --routing dor --vcs 2 --buffer " +
                                        std::to_string(buffer) + " --rate 0.05 --warmup 0 --cycles 200 --no-deadlock-check",
                                    "limit_rss_" + std::to_string(buffer));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    rusage ru{};
    getrusage(RUSAGE_CHILDREN, &ru);  // the largest child so far (both runs take rings of 8 slots)
    const double rss = static_cast<double>(ru.ru_maxrss) * 1024;
    std::cout << "8,192 nodes, buffers of " << buffer << ": estimate " << format_bytes(estimate) << ", peak resident "
              << format_bytes(rss) << "\n";
    EXPECT_LE(rss, estimate + 16e6) << "the estimate (plus the program itself) bounds the run";
    EXPECT_GE(rss, 0.7 * estimate) << "and is not wildly pessimistic";
  }
}

}  // namespace
}  // namespace wormsim::test
