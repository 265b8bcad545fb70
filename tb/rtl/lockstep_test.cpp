// Lockstep equivalence of the verilated RTL router and the SystemC-model
// router, for every model compiled in (lockstep_models.h, generated from
// rtl/configs.txt: lockstep_test has the `lockstep` half of {4, 6} network
// ports x {1, 2, 4} VCs x buffer depth {2, 4, 8}, lockstep_soak_test the
// `lockstep-soak` half), 3 seeds each, 100,000 cycles each.
// Each test is its own process (SystemC elaborates once per process).
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <tuple>
#include <vector>

#include <systemc>
#include <verilated.h>
#include <verilated_fst_sc.h>

#include "lockstep_models.h"

#include "rtl/lockstep_bench.h"

namespace wormsim::test {
namespace {

struct Shape {
  unsigned ports, vcs, depth;
};

LockstepConfig config(const Shape& shape, std::uint64_t seed) {
  LockstepConfig c;
  c.net_ports = shape.ports;
  c.local_ports = 1;
  c.vcs = shape.vcs;
  c.depth = shape.depth;
  c.nodes = 16;
  c.router_id = 5;  // destinations 0..15 include this router: local ejection is exercised
  c.seed = seed;
  c.cycles = 100000;
  return c;
}

// WORMSIM_LOCKSTEP_FST=FILE writes the RTL router's waveform (every signal)
// to FILE. Runs are deterministic by seed, so a failing test re-run with it
// shows the cycles up to the mismatch.
template <class Rtl>
LockstepResult run_model(const LockstepConfig& c) {
  std::cout << "[ seed ] " << c.seed << " (" << c.net_ports << "+1 ports, " << c.vcs << " VCs, depth "
            << c.depth << ")\n";
  const char* fst = std::getenv("WORMSIM_LOCKSTEP_FST");
  if (fst != nullptr) Verilated::traceEverOn(true);
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  LockstepBench<Rtl> bench("bench", c);
  bench.clk(clk);
  std::unique_ptr<VerilatedFstSc> trace;
  if (fst != nullptr) {
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    trace = std::make_unique<VerilatedFstSc>();
    bench.rtl().trace(trace.get(), 99);
    trace->open(fst);
  }
  sc_core::sc_start();
  if (trace) trace->close();
  LockstepResult r = bench.result();
  if (!r.ok && fst == nullptr) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    r.mismatch += "; waves: WORMSIM_LOCKSTEP_FST=lockstep.fst lockstep_test --gtest_filter='" +
                  std::string(info->test_suite_name()) + "." + info->name() + "'";
  }
  return r;
}

LockstepResult run(const LockstepConfig& c) {
#define WORMSIM_CASE(P, V, B) \
  if (c.net_ports == P && c.vcs == V && c.depth == B) return run_model<Vrouter_p##P##_v##V##_b##B>(c);
  WORMSIM_LOCKSTEP_MODELS(WORMSIM_CASE)
#undef WORMSIM_CASE
  throw std::logic_error("no verilated model for this configuration");
}

using Params = std::tuple<unsigned, unsigned, unsigned, std::uint64_t>;

class Lockstep : public ::testing::TestWithParam<Params> {};

TEST_P(Lockstep, RtlEqualsModelEveryCycleFor100kCycles) {
  const auto [ports, vcs, depth, seed] = GetParam();
  const LockstepResult r = run(config(Shape{ports, vcs, depth}, seed));
  ASSERT_TRUE(r.ok) << r.mismatch;
  EXPECT_EQ(r.cycles, 100000u);
  EXPECT_GT(r.flits_out, 20000u) << "the router must actually carry traffic";
  std::cout << "compared " << r.cycles << " cycles, " << r.flits_out << " flits out\n";
}

std::vector<Params> cases() {
  std::vector<Params> out;
#define WORMSIM_CASE(P, V, B) \
  for (std::uint64_t seed = 1; seed <= 3; ++seed) out.emplace_back(P, V, B, seed);
  WORMSIM_LOCKSTEP_MODELS(WORMSIM_CASE)
#undef WORMSIM_CASE
  return out;
}

INSTANTIATE_TEST_SUITE_P(
    AllConfigs, Lockstep, ::testing::ValuesIn(cases()),
    [](const auto& p) {
      return "p" + std::to_string(std::get<0>(p.param)) + "_v" + std::to_string(std::get<1>(p.param)) + "_b" +
             std::to_string(std::get<2>(p.param)) + "_seed" + std::to_string(std::get<3>(p.param));
    });

// The check can fail: the model sees every output credit one cycle late
// (on the first model compiled in).
TEST(LockstepControl, OneExtraCycleOfCreditDelayIsCaught) {
  const auto [ports, vcs, depth, seed] = cases().front();
  LockstepConfig c = config(Shape{ports, vcs, depth}, 9);
  c.perturb_credit_delay = true;
  const LockstepResult r = run(c);
  ASSERT_FALSE(r.ok) << "a perturbed model must not match";
  EXPECT_NE(r.mismatch.find("lockstep mismatch at cycle"), std::string::npos) << r.mismatch;
  std::cout << r.mismatch << "\n";
}

}  // namespace
}  // namespace wormsim::test
