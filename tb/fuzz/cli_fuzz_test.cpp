// Fuzzing the command line and the scenario files: the corpus
// (tb/fuzz/corpus.txt), then random command lines and YAML files from a
// fixed, printed seed, each run in a scratch directory that holds a file
// (keep.txt) and a symlink to it (link.json). Every input must end in exit 0,
// 2 or 3 (never 1, a signal or a hang); exit 2 with exactly one line
// "wormsim: <field>: ..."; and nothing in the directory may change except
// an output path the command named, written whole, with no temporary file
// left. WORMSIM_FUZZ_COUNT sets the number of random inputs (CI runs 150;
// the `soak` label 3,000).
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <wormsim/core/rng.h>

namespace wormsim::test {
namespace {

namespace fs = std::filesystem;

struct Outcome {
  int exit_code = -1;
  bool signalled = false;
  std::string out, err;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// A scratch directory: keep.txt and link.json -> keep.txt, a good and a bad trace.
std::string prepare(const std::string& dir) {
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir + "/keep.txt") << "precious\n";
  fs::create_symlink("keep.txt", dir + "/link.json");
  std::ofstream(dir + "/fuzz.trace") << "# two packets\n5 0 3 4\n1 2 1 1\n";
  std::ofstream(dir + "/bad.trace") << "1 0 3 4\n2 0 three 4\n";
  return dir;
}

Outcome run_in(const std::string& dir, const std::string& args) {
  const std::string cmd = "cd '" + dir + "' && timeout -s KILL 120 " + std::string(WORMSIM_BIN) + " " + args +
                          " >../fuzz.out 2>../fuzz.err";
  const int status = std::system(cmd.c_str());
  Outcome o;
  o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  o.signalled = !WIFEXITED(status);
  o.out = slurp(dir + "/../fuzz.out");
  o.err = slurp(dir + "/../fuzz.err");
  return o;
}

/// The output paths a command names (values of --json, --vcd, --csv, --link-csv).
std::set<std::string> outputs_named(const std::string& args) {
  std::set<std::string> out;
  std::istringstream in(args);
  std::string w, prev;
  while (in >> w) {
    if (prev == "--json" || prev == "--vcd" || prev == "--csv" || prev == "--link-csv") out.insert(w);
    prev = w;
  }
  return out;
}

/// "" if the outcome and the directory obey every rule, else what broke.
std::string check(const std::string& dir, const std::string& args, const Outcome& o, const std::string& config) {
  if (o.signalled) return "killed by a signal or the 120 s timeout (a crash or a hang)";
  if (o.exit_code == 1) return "exit 1 (internal error): " + o.err;
  if (o.exit_code != 0 && o.exit_code != 2 && o.exit_code != 3) return "exit " + std::to_string(o.exit_code);
  if (o.exit_code == 2) {
    if (o.err.empty() || o.err.find('\n') != o.err.size() - 1) return "exit 2 without exactly one line: " + o.err;
    if (o.err.rfind("wormsim: ", 0) != 0 || o.err.find(": ", 9) == std::string::npos)
      return "exit 2 without 'wormsim: <field>: ...': " + o.err;
  }
  const std::set<std::string> named = outputs_named(args);
  const bool kept_may_change = o.exit_code != 2 && named.count("keep.txt") > 0;
  if (!kept_may_change && slurp(dir + "/keep.txt") != "precious\n") return "keep.txt changed";
  if (!fs::is_symlink(dir + "/link.json")) return "the symlink link.json was replaced";
  struct stat st {};
  if (::lstat("/dev/full", &st) != 0 || !S_ISCHR(st.st_mode)) return "/dev/full is no longer a device";
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name == "keep.txt" || name == "link.json" || name == config || name == "fuzz.trace" || name == "bad.trace")
      continue;
    if (name[0] == '.') return "a temporary file was left: " + name;
    if (o.exit_code == 2) return "exit 2 but '" + name + "' was written";
    if (named.count(name) == 0 && named.count("./" + name) == 0) return "'" + name + "' written, not named";
  }
  return "";
}

// --- the random generator ---------------------------------------------------

template <class T>
const T& pick(Rng& rng, const std::vector<T>& v) {
  return v[rng.below(v.size())];
}

const std::vector<std::string> kTopologies = {
    "mesh:4x4", "mesh:3x3x3", "torus:4x4", "torus:3x3x3", "3pt:2x2x2", "petersen", "fp:2", "rfp:2",
    "arrangement:5,2", "mesh:0x4", "mesh:4x", "torus:1x1", "3pt:1x2x2", "fp:9", "arrangement:3,3", "",
    "mesh:99999999999x2", "bogus", "mesh:4x4x4x4", "rfp-ii:2", "mesh:-2x2", "mesh:4x4 ", "arrangement:5"};
const std::vector<std::string> kNumbers = {"0",   "1",    "2",     "3",  "7",   "16",  "64",   "-1",
                                           "1e309", "nan", "inf", "0x10", "''", "99999999999999999999999",
                                           "3.5", "1e-300", "4294967297", "18446744073709551616"};
const std::vector<std::string> kRates = {"0.1", "0.5", "1", "0", "1.5", "1e-300", "1e-9", "nan", "-0.1", "abc", "0.05"};
const std::vector<std::string> kPaths = {"out.json", "keep.txt", "link.json", "sub/", "nodir/x.json", "/dev/full",
                                         "x.txt",    ".",        "''",        "out.vcd", "/proc/self/x"};
const std::vector<std::string> kWords = {"dor", "layered", "adaptive", "3pt-dor", "tree", "minimal", "bogus", "",
                                         "uniform", "transpose", "hotspot", "bitcomp", "neighbor", "tornado",
                                         "first", "credits", "age", "round-robin", "per-class", "shared", "true",
                                         "false", "maybe", "list", "bitrev", "shuffle", "randperm", "bernoulli",
                                         "onoff"};
const std::vector<std::string> kPacketTexts = {"4", "1..8", "1:0.8,5:0.2", "3..2", "1:0", "0", "65536", "1:1,1:1",
                                               "2..", ":", "1:nan", "5:1e300,6:1"};
const std::vector<std::string> kTraces = {"fuzz.trace", "nodir/x.trace", "/dev/null", ".", "''", "bad.trace"};

std::string value_for(Rng& rng, const std::string& flag) {
  if (flag == "--topology") return "'" + pick(rng, kTopologies) + "'";
  if (flag == "--rate" || flag == "--eject-rate" || flag == "--hotspot-fraction") return pick(rng, kRates);
  if (flag == "--json" || flag == "--vcd" || flag == "--link-csv" || flag == "--csv") return pick(rng, kPaths);
  if (flag == "--packet") return rng.below(2) == 0 ? pick(rng, kNumbers) : "'" + pick(rng, kPacketTexts) + "'";
  if (flag == "--trace") return pick(rng, kTraces);
  if (flag == "--burst") return rng.below(2) == 0 ? pick(rng, kNumbers) : pick(rng, kRates);
  if (flag == "--routing" || flag == "--traffic" || flag == "--selection" || flag == "--arbitration" ||
      flag == "--consumption" || flag == "--deadlock-check" || flag == "--algo" || flag == "--ports" ||
      flag == "--worms" || flag == "--force" || flag == "--injection")
    return rng.below(4) == 0 ? pick(rng, kNumbers) : pick(rng, kWords);
  return pick(rng, kNumbers);
}

std::string random_run(Rng& rng, std::string& yaml) {
  static const std::vector<std::string> flags = {
      "--topology", "--routing", "--selection", "--arbitration", "--vcs", "--buffer", "--packet", "--local-ports",
      "--traffic", "--rate", "--hotspot-node", "--hotspot-fraction", "--eject-rate", "--consumption", "--warmup",
      "--cycles", "--drain-limit", "--watchdog", "--deadlock-check", "--deadlock-interval", "--seed", "--force",
      "--json", "--vcd", "--link-csv", "--injection", "--burst", "--trace"};
  std::string args = "run --warmup 50 --cycles 300";
  const unsigned n = static_cast<unsigned>(rng.below(5));
  for (unsigned i = 0; i < n; ++i) {
    const std::string& f = pick(rng, flags);
    if (f == "--warmup" || f == "--cycles") continue;  // keep runs short
    args += " " + f + " " + value_for(rng, f);
  }
  if (rng.below(5) == 0) {
    std::ostringstream y;
    const unsigned keys = static_cast<unsigned>(rng.below(4));
    for (unsigned i = 0; i < keys; ++i) {
      std::string key = pick(rng, flags).substr(2);
      for (char& c : key)
        if (c == '-') c = '_';
      if (key == "warmup" || key == "cycles") key = "speed";
      y << key << ": " << (rng.below(6) == 0 ? "[1, 2" : value_for(rng, "--" + key)) << "\n";
    }
    yaml = y.str();
    args += " --config fuzz.yaml";
  }
  return args;
}

std::string random_other(Rng& rng) {
  switch (rng.below(3)) {
    case 0: {
      static const std::vector<std::string> flags = {"--topology", "--algo", "--source", "--flits", "--startup",
                                                     "--ports", "--concurrent", "--json", "--csv", "--vcs",
                                                     "--buffer", "--eject-rate", "--seed", "--spread"};
      std::string args = std::string("broadcast --topology ") + (rng.below(2) ? "mesh:3x3x3" : "3pt:2x2x2");
      const unsigned n = 1 + static_cast<unsigned>(rng.below(4));
      for (unsigned i = 0; i < n; ++i) {
        const std::string& f = pick(rng, flags);
        if (f == "--concurrent") args += " --concurrent " + std::string(rng.below(2) ? "3" : pick(rng, kNumbers));
        else args += " " + f + " " + value_for(rng, f);
      }
      return args;
    }
    case 1:
      return "check-deadlock --topology '" + pick(rng, kTopologies) + "' --routing " + pick(rng, kWords) +
             (rng.below(2) ? " --vcs " + pick(rng, kNumbers) : std::string());
    default:
      return "topo '" + pick(rng, kTopologies) + "'" + (rng.below(2) ? " --edges" : "");
  }
}

void expect_clean(const std::string& base, const std::string& args, const std::string& yaml, unsigned k,
                  std::map<int, unsigned>& exits) {
  const std::string dir = prepare(base + "/case");
  if (!yaml.empty()) std::ofstream(dir + "/fuzz.yaml") << yaml;
  const Outcome o = run_in(dir, args);
  ++exits[o.signalled ? -1 : o.exit_code];
  const std::string broken = check(dir, args, o, yaml.empty() ? "" : "fuzz.yaml");
  EXPECT_EQ(broken, "") << "input " << k << ": wormsim " << args << (yaml.empty() ? "" : "\nfuzz.yaml:\n" + yaml);
}

TEST(CliFuzz, EveryInputEndsInZeroTwoOrThreeAndChangesNothingItDidNotName) {
  const std::string base = fs::temp_directory_path().string() + "/wormsim_fuzz_" + std::to_string(getpid());
  std::map<int, unsigned> exits;
  unsigned k = 0;
  std::ifstream corpus(WORMSIM_FUZZ_CORPUS);
  for (std::string line; std::getline(corpus, line);)
    if (!line.empty() && line[0] != '#') expect_clean(base, line, "", k++, exits);
  const char* env = std::getenv("WORMSIM_FUZZ_COUNT");
  const unsigned count = env ? static_cast<unsigned>(std::atoi(env)) : 150;
  const std::uint64_t seed = 20261123;
  std::cout << "[ seed ] " << seed << " (" << count << " random inputs after " << k << " from the corpus)\n";
  Rng rng(seed, 5);
  for (unsigned i = 0; i < count; ++i) {
    std::string yaml;
    const std::string args = rng.below(4) == 0 ? random_other(rng) : random_run(rng, yaml);
    expect_clean(base, args, yaml, k++, exits);
  }
  fs::remove_all(base);
  std::cout << "exit codes:";
  for (const auto& [code, n] : exits) std::cout << " " << code << " x" << n;
  std::cout << "\n";
}

}  // namespace
}  // namespace wormsim::test
