// Runs the built wormsim binary and captures exit code, stdout and stderr.
#pragma once
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace wormsim::test {

struct CliResult {
  int exit_code = -1;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::string temp_dir() {
  const char* t = std::getenv("TMPDIR");
  return t ? t : "/tmp";
}

inline CliResult run_wormsim(const std::string& args, const std::string& tag) {
  const std::string base = temp_dir() + "/wormsim_cli_" + tag;
  const std::string cmd = std::string(WORMSIM_BIN) + " " + args + " >" + base + ".out 2>" + base + ".err";
  const int status = std::system(cmd.c_str());
  CliResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(base + ".out");
  r.err = slurp(base + ".err");
  return r;
}

}  // namespace wormsim::test
