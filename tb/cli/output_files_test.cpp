// Output files cannot destroy anything: devices, symlinks and directories
// given as outputs are refused before the run and left as they were; the
// file gets exactly the name given (--vcd x.txt writes x.txt); a path where
// no file can be created is found before any simulation; an existing
// regular file is replaced whole; a run stopped by SIGINT or SIGTERM writes
// what it has (marked interrupted) whole; a run killed by SIGHUP leaves
// no file, whole or partial, and no temporary file behind.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cli_runner.h"

namespace wormsim::test {
namespace {

namespace fs = std::filesystem;

/// A fresh directory of this test's own.
std::string scratch(const std::string& name) {
  const std::string d = temp_dir() + "/wormsim_out_" + name + "_" + std::to_string(getpid());
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

constexpr const char* kShortRun = "run --topology mesh:4x4 --warmup 10 --cycles 200";

TEST(OutputFiles, ADeviceIsRefusedAndLeftADevice) {
  const CliResult r = run_wormsim(std::string(kShortRun) + " --json /dev/full", "out_device");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("json: '/dev/full' is a device"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << "refused before simulating";
  struct stat st {};
  ASSERT_EQ(::lstat("/dev/full", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode)) << "/dev/full must stay a character device";
}

TEST(OutputFiles, ASymlinkIsRefusedAndNeitherItNorItsTargetChanges) {
  const std::string d = scratch("symlink");
  std::ofstream(d + "/target.json") << "keep me\n";
  fs::create_symlink(d + "/target.json", d + "/link.json");
  for (const char* flag : {"--json", "--vcd", "--link-csv"}) {
    const CliResult r = run_wormsim(std::string(kShortRun) + " " + flag + " " + d + "/link.json", "out_symlink");
    EXPECT_EQ(r.exit_code, 2) << flag;
    EXPECT_NE(r.err.find("symbolic link"), std::string::npos) << r.err;
  }
  EXPECT_TRUE(fs::is_symlink(d + "/link.json"));
  EXPECT_EQ(slurp(d + "/target.json"), "keep me\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 2) << "no temporary file left";
}

TEST(OutputFiles, ADirectoryIsRefused) {
  const std::string d = scratch("dir");
  fs::create_directories(d + "/sub");
  const CliResult r = run_wormsim(std::string(kShortRun) + " --json " + d + "/sub", "out_dir");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("json: '" + d + "/sub' is a directory"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::is_directory(d + "/sub"));
}

TEST(OutputFiles, APathWhereNoFileCanBeCreatedIsFoundBeforeTheRun) {
  const CliResult r = run_wormsim(std::string(kShortRun) + " --json /proc/self/wormsim.json", "out_unwritable");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("json: cannot create a file in '/proc/self'"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << "no summary: nothing was simulated";
}

TEST(OutputFiles, TheFileGetsExactlyTheNameGivenAndReplacesARegularFileWhole) {
  const std::string d = scratch("names");
  std::ofstream(d + "/r.json") << "old\n";
  const CliResult r =
      run_wormsim(std::string(kShortRun) + " --vcd " + d + "/x.txt --json " + d + "/r.json", "out_names");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_regular_file(d + "/x.txt"));
  EXPECT_FALSE(fs::exists(d + "/x.txt.vcd"));
  EXPECT_EQ(slurp(d + "/x.txt").rfind("$date", 0), 0u) << "a VCD";
  EXPECT_EQ(slurp(d + "/r.json").front(), '{') << "the JSON replaced the old file";
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 2) << "no temporary file left";
}

/// Starts a long run writing --json and --vcd into d, signals it after it
/// has begun simulating, and returns how it ended.
int interrupted_run(const std::string& d, int sig) {
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string json = d + "/r.json", vcd = d + "/w.vcd";
    freopen("/dev/null", "w", stdout);
    execl(WORMSIM_BIN, WORMSIM_BIN, "run", "--topology", "mesh:8x8x8", "--cycles", "2000000", "--json", json.c_str(),
          "--vcd", vcd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // Wait until the VCD's temporary file exists (the run has started writing).
  for (int i = 0; i < 200; ++i) {
    bool started = false;
    for (const auto& e : fs::directory_iterator(d)) started = started || e.path().filename().string()[0] == '.';
    if (started) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(pid, sig);
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

TEST(OutputFiles, CtrlCOrSigtermEndsTheRunAndWritesWhatItHasWhole) {
  for (int sig : {SIGINT, SIGTERM}) {
    const std::string d = scratch("interrupt" + std::to_string(sig));
    const int status = interrupted_run(d, sig);
    ASSERT_TRUE(WIFEXITED(status)) << "signal " << sig << ": the run ends itself, status " << status;
    EXPECT_EQ(WEXITSTATUS(status), 130);
    const std::string json = slurp(d + "/r.json");
    EXPECT_NE(json.find("\"interrupted\": true"), std::string::npos) << json.substr(0, 200);
    EXPECT_NE(json.find("\"drained\": false"), std::string::npos) << "an interrupted run did not drain";
    EXPECT_NE(slurp(d + "/w.vcd").find("$enddefinitions"), std::string::npos) << "the waveform so far is written";
    for (const auto& e : fs::directory_iterator(d))
      EXPECT_NE(e.path().filename().string()[0], '.') << "temporary file left: " << e.path();
  }
}

TEST(OutputFiles, AHangupLeavesNoFileBehind) {
  const std::string d = scratch("hangup");
  const int status = interrupted_run(d, SIGHUP);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGHUP) << "ended by the signal, status " << status;
  EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 0) << "no output, no temporary file";
}

}  // namespace
}  // namespace wormsim::test
