// sc_main of the GoogleTest executables that hold verilated models: each
// test runs in its own process (gtest_discover_tests), as SystemC needs.
#include <gtest/gtest.h>

#include <systemc>
#include <verilated.h>

int sc_main(int argc, char** argv) {
  Verilated::commandArgs(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  return RUN_ALL_TESTS();
}
