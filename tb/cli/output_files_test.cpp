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

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
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

namespace wormsim::test {
namespace {

/// Exit 2 with one line naming `field`, and nothing written in `dir` but
/// what was there (the files and their contents in `before`).
void expect_refused(const CliResult& r, const std::string& field, const std::string& dir,
                    const std::map<std::string, std::string>& before, const std::string& what) {
  EXPECT_EQ(r.exit_code, 2) << what << ": " << r.err;
  EXPECT_EQ(r.err.rfind("wormsim: " + field + ": ", 0), 0u) << what << ": " << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << what << ": " << r.err;
  std::map<std::string, std::string> after;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) after[e.path().filename().string()] = slurp(e.path().string());
  EXPECT_EQ(after, before) << what << ": the directory changed";
}

std::map<std::string, std::string> files_of(const std::string& dir) {
  std::map<std::string, std::string> m;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) m[e.path().filename().string()] = slurp(e.path().string());
  return m;
}

// An output naming one of the run's inputs (the scenario, the trace), by any
// spelling of its path, or through a hard link, is refused before any work:
// the input survives.
TEST(OutputFiles, AnOutputNamingAnInputIsRefusedAndTheInputSurvives) {
  const std::string d = scratch("alias_in");
  fs::create_directories(d + "/sub");
  std::ofstream(d + "/s.yaml") << "topology: mesh:3x3\ncycles: 100\nwarmup: 10\n";
  std::ofstream(d + "/t.trace") << "5 0 3 4\n9 2 1 1\n";
  fs::create_hard_link(d + "/t.trace", d + "/hard.json");
  const auto before = files_of(d);
  for (const std::string flag : {"--json", "--vcd", "--link-csv"})
    for (const std::string& path : {d + "/s.yaml", d + "/./s.yaml", d + "/sub/../s.yaml"})
      expect_refused(run_wormsim("run --config " + path + " " + flag + " " + path, "alias_cfg"),
                     flag.substr(2) == "link-csv" ? "link_csv" : flag.substr(2), d, before, flag + " " + path);
  for (const std::string& out : {d + "/t.trace", d + "/sub/../t.trace", d + "/hard.json"})
    expect_refused(run_wormsim("run --topology mesh:3x3 --trace " + d + "/t.trace --json " + out, "alias_trace"),
                   "json", d, before, out);
  // A scenario whose own json: key names the scenario itself.
  std::ofstream(d + "/self.yaml") << "topology: mesh:3x3\ncycles: 100\nwarmup: 10\njson: " + d + "/self.yaml\n";
  const auto with_self = files_of(d);
  expect_refused(run_wormsim("run --config " + d + "/self.yaml", "alias_self"), "json", d, with_self, "self");
}

// Two outputs on one file would lose one of them: refused, whatever the spelling.
TEST(OutputFiles, TwoOutputsOnOneFileAreRefused) {
  const std::string d = scratch("alias_out");
  fs::create_directories(d + "/sub");
  const auto before = files_of(d);
  expect_refused(run_wormsim(std::string(kShortRun) + " --json " + d + "/x --link-csv " + d + "/sub/../x", "two_out"),
                 "link_csv", d, before, "json + link-csv");
  expect_refused(run_wormsim(std::string(kShortRun) + " --json " + d + "/x --vcd " + d + "/./x", "two_out2"), "vcd", d,
                 before, "json + vcd");
  expect_refused(run_wormsim("broadcast --csv " + d + "/b --json " + d + "/sub/../b", "two_out3"), "json", d, before,
                 "broadcast csv + json");
}

// A read-only output is a protected file: refused, left read-only and unchanged.
// A writable one that is replaced keeps its permissions.
TEST(OutputFiles, AReadOnlyOutputIsRefusedAndAReplacedOneKeepsItsMode) {
  const std::string d = scratch("readonly");
  std::ofstream(d + "/ro.json") << "mine\n";
  fs::permissions(d + "/ro.json", fs::perms::owner_read | fs::perms::group_read);
  const auto before = files_of(d);
  for (const char* flag : {"--json", "--vcd", "--link-csv"})
    expect_refused(run_wormsim(std::string(kShortRun) + " " + flag + " " + d + "/ro.json", "ro"),
                   std::string(flag) == "--link-csv" ? "link_csv" : std::string(flag + 2), d, before, flag);
  expect_refused(run_wormsim("broadcast --json " + d + "/ro.json", "ro_bc"), "json", d, before, "broadcast");
  EXPECT_EQ(fs::status(d + "/ro.json").permissions(), fs::perms::owner_read | fs::perms::group_read);
  std::ofstream(d + "/rw.json") << "old\n";
  fs::permissions(d + "/rw.json", fs::perms::owner_read | fs::perms::owner_write | fs::perms::others_read);
  ASSERT_EQ(run_wormsim(std::string(kShortRun) + " --json " + d + "/rw.json", "rw").exit_code, 0);
  EXPECT_NE(slurp(d + "/rw.json"), "old\n");
  EXPECT_EQ(fs::status(d + "/rw.json").permissions(),
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::others_read);
}

}  // namespace
}  // namespace wormsim::test
