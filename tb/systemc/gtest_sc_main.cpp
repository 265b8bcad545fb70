// sc_main of the GoogleTest executables that elaborate SystemC designs
// without verilated models: each test runs in its own process
// (gtest_discover_tests), since a design cannot be elaborated again after
// sc_start in the same process.
#include <gtest/gtest.h>

#include <systemc>

int sc_main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  return RUN_ALL_TESTS();
}
