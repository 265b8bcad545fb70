// Fuzzing the command line, the scenario files and the scripts: the corpus
// (tb/fuzz/corpus.txt), then random command lines and YAML files from a
// fixed, printed seed, each run in a scratch directory that holds a file
// (keep.txt), a symlink to it (link.json), a read-only file (ro.json), inputs
// (fuzz.yaml, fuzz.trace, bad.trace, and hard.json, a hard link to
// fuzz.trace) and a directory (sub). Paths are drawn so that outputs alias
// inputs and each other (same name, ./x, sub/../x, links). Every input must
// end in exit 0, 2 or 3 (never 1, a signal or a hang); exit 2 with exactly
// one line "wormsim: <field>: ..."; no input, read-only file or link may
// change; two outputs on one file are never both accepted; and nothing else
// in the directory may change except an output path the command named,
// written whole, with no temporary file left. The YAML files carry duplicate
// keys, second documents, special floats, empty strings, deep nesting and
// other number syntaxes. scripts/sweep and scripts/plot are fuzzed the same
// way (exit 0, 2 or 3, one line on exit 2, never a traceback, nothing written
// outside their output). WORMSIM_FUZZ_COUNT sets the number of random
// wormsim inputs (CI runs 150; the `soak` label 3,000), WORMSIM_FUZZ_SCRIPTS
// the number of script inputs (default 24).
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
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

/// The files of the scratch directory no command may change (the inputs and
/// the read-only file), with their contents.
const std::map<std::string, std::string> kProtected = {
    {"fuzz.trace", "# two packets\n5 0 3 4\n1 2 1 1\n"},
    {"bad.trace", "1 0 3 4\n2 0 three 4\n"},
    {"ro.json", "locked\n"},
};

/// A scratch directory: keep.txt and link.json -> keep.txt, a good and a bad
/// trace, hard.json (a hard link to fuzz.trace), a read-only ro.json, sub/.
std::string prepare(const std::string& dir) {
  fs::remove_all(dir);
  fs::create_directories(dir + "/sub");
  std::ofstream(dir + "/keep.txt") << "precious\n";
  fs::create_symlink("keep.txt", dir + "/link.json");
  for (const auto& [name, text] : kProtected) std::ofstream(dir + "/" + name) << text;
  fs::create_hard_link(dir + "/fuzz.trace", dir + "/hard.json");
  fs::permissions(dir + "/ro.json", fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  return dir;
}

/// Runs `command` (a shell line) in `dir` with WORMSIM set to the binary
/// under test, killed after `seconds`; stdout and stderr kept.
Outcome run_command(const std::string& dir, const std::string& command, int seconds) {
  const std::string cmd = "cd '" + dir + "' && WORMSIM='" + std::string(WORMSIM_BIN) + "' timeout -s KILL " +
                          std::to_string(seconds) + " " + command + " >../fuzz.out 2>../fuzz.err </dev/null";
  const int status = std::system(cmd.c_str());
  Outcome o;
  o.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  o.signalled = !WIFEXITED(status);
  o.out = slurp(dir + "/../fuzz.out");
  o.err = slurp(dir + "/../fuzz.err");
  return o;
}

/// The paths a command gives after any of `flags` and under any of the
/// scenario file's `keys` ("json: "), in the order given.
std::vector<std::string> paths_given(const std::string& args, const std::string& yaml,
                                     const std::vector<std::string>& flags, const std::vector<std::string>& keys) {
  std::vector<std::string> out;
  std::istringstream in(args);
  std::string w, prev;
  while (in >> w) {
    if (std::find(flags.begin(), flags.end(), prev) != flags.end()) out.push_back(w);
    prev = w;
  }
  std::istringstream y(yaml);
  for (std::string line; std::getline(y, line);)
    for (const std::string& key : keys)
      if (line.rfind(key, 0) == 0) out.push_back(line.substr(key.size()));
  return out;
}

/// The output paths a command names (values of --json, --vcd, --csv,
/// --link-csv, and json/vcd/link_csv keys of its scenario file).
std::vector<std::string> outputs_listed(const std::string& args, const std::string& yaml) {
  return paths_given(args, yaml, {"--json", "--vcd", "--csv", "--link-csv"}, {"json: ", "vcd: ", "link_csv: "});
}

/// The outputs, each also in its normal form ("sub/../x" -> "x").
std::set<std::string> outputs_named(const std::string& args, const std::string& yaml) {
  std::set<std::string> out;
  for (const std::string& p : outputs_listed(args, yaml)) {
    out.insert(p);
    out.insert(fs::path(p).lexically_normal().string());
  }
  return out;
}

/// The files a command reads (values of --trace and --config, and a
/// scenario file's trace: key), in their normal form.
std::set<std::string> inputs_named(const std::string& args, const std::string& yaml) {
  std::set<std::string> in;
  for (const std::string& p : paths_given(args, yaml, {"--trace", "--config"}, {"trace: "}))
    in.insert(fs::path(p).lexically_normal().string());
  return in;
}

/// True when two of the outputs resolve to one file of `dir`.
bool outputs_alias(const std::string& dir, const std::string& args, const std::string& yaml) {
  std::set<std::string> seen;
  for (const std::string& p : outputs_listed(args, yaml)) {
    if (p.empty() || p == "''") continue;
    std::error_code ec;
    const fs::path full = p[0] == '/' ? fs::path(p) : fs::path(dir) / p;
    const std::string r = fs::weakly_canonical(full, ec).string();
    if (!ec && !seen.insert(r).second) return true;
  }
  return false;
}

/// "" if the outcome and the directory obey every rule, else what broke.
std::string check(const std::string& dir, const std::string& args, const Outcome& o, const std::string& config,
                  const std::string& yaml) {
  if (o.signalled) return "killed by a signal or the 120 s timeout (a crash or a hang)";
  if (o.exit_code == 1) return "exit 1 (internal error): " + o.err;
  if (o.exit_code != 0 && o.exit_code != 2 && o.exit_code != 3) return "exit " + std::to_string(o.exit_code);
  if (o.exit_code == 2) {
    if (o.err.empty() || o.err.find('\n') != o.err.size() - 1) return "exit 2 without exactly one line: " + o.err;
    if (o.err.rfind("wormsim: ", 0) != 0 || o.err.find(": ", 9) == std::string::npos)
      return "exit 2 without 'wormsim: <field>: ...': " + o.err;
  }
  const std::set<std::string> named = outputs_named(args, yaml);
  const bool kept_may_change = o.exit_code != 2 && named.count("keep.txt") > 0;
  if (!kept_may_change && slurp(dir + "/keep.txt") != "precious\n") return "keep.txt changed";
  if (!fs::is_symlink(dir + "/link.json")) return "the symlink link.json was replaced";
  // A file the command reads never changes, nor does the read-only one; a
  // trace file the command does not read may be written when named as output.
  const std::set<std::string> read = inputs_named(args, yaml);
  for (const auto& [name, text] : kProtected) {
    const bool may_change =
        o.exit_code != 2 && name != "ro.json" && named.count(name) > 0 && read.count(name) == 0;
    if (!may_change && slurp(dir + "/" + name) != text) return "the input or read-only file " + name + " changed";
  }
  if (!config.empty() && slurp(dir + "/" + config) != yaml) return "the scenario file " + config + " changed";
  if (fs::status(dir + "/ro.json").permissions() != (fs::perms::owner_read | fs::perms::group_read |
                                                      fs::perms::others_read))
    return "ro.json's permissions changed";
  if (named.count("hard.json") == 0 && named.count("fuzz.trace") == 0 && fs::hard_link_count(dir + "/fuzz.trace") != 2)
    return "the hard link hard.json was replaced";
  if (o.exit_code == 0 && outputs_alias(dir, args, yaml)) return "two outputs naming one file were accepted";
  struct stat st {};
  if (::lstat("/dev/full", &st) != 0 || !S_ISCHR(st.st_mode)) return "/dev/full is no longer a device";
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name == "keep.txt" || name == "link.json" || name == config || kProtected.count(name) > 0 ||
        name == "hard.json" || name == "sub")
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
const std::vector<std::string> kNumbers = {
    "0",    "1",     "2",      "3",       "7",    "16",   "64",  "-1",  "1e309", "nan", "inf", "0x10",
    "''",   "99999999999999999999999", "3.5", "1e-300", "4294967297", "18446744073709551616", "0x1p3",
    "010",  "+5",    "1_000",  "0b11",    "' 5'", "'5 '", "1e3", "1.",  ".5",    "-0",  "0X1P-2", "1,5"};
const std::vector<std::string> kRates = {"0.1", "0.5", "1",   "0",     "1.5",    "1e-300", "1e-9", "nan", "-0.1",
                                         "abc", "0.05", "0x1p-3", "''", "infinity", ".1",   "1e-1", "' 0.1'"};
const std::vector<std::string> kPaths = {
    "out.json", "keep.txt", "link.json", "sub/", "nodir/x.json", "/dev/full", "x.txt",          ".",
    "''",       "out.vcd",  "/proc/self/x", "fuzz.trace", "./fuzz.trace", "sub/../fuzz.trace", "ro.json",
    "hard.json", "fuzz.yaml", "sub/../fuzz.yaml", "./out.json", "sub/../out.json", "bad.trace"};
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

/// YAML values that are ambiguous or special: floats YAML reads as special,
/// empty strings, other number syntaxes, deep nesting, a null.
std::string odd_yaml_value(Rng& rng) {
  static const std::vector<std::string> odd = {".nan", ".inf", "-.inf", ".NaN", "''", "\"\"", "0x10", "0x1p3",
                                               "0o17", "1_000", "+.5", "~", "", "[1, 2", "{a: 1}", "!!binary aGk=",
                                               "&a 1", "*a", "1e400", "\"\\x00\""};
  if (rng.below(10) == 0) {
    const std::size_t depth = 1 + rng.below(3000);
    return std::string(depth, '[') + std::string(depth, ']');
  }
  return pick(rng, odd);
}

/// A scenario file: keys of the run's settings, sometimes a key twice,
/// sometimes a second document, outputs that alias the inputs.
std::string random_yaml(Rng& rng, const std::vector<std::string>& flags) {
  std::ostringstream y;
  const unsigned keys = static_cast<unsigned>(rng.below(4));
  std::string last = "topology";
  for (unsigned i = 0; i < keys; ++i) {
    std::string key = pick(rng, flags).substr(2);
    for (char& c : key)
      if (c == '-') c = '_';
    if (key == "warmup" || key == "cycles") key = "speed";
    if (rng.below(6) == 0) key = last;  // a duplicate key
    last = key;
    y << key << ": " << (rng.below(3) == 0 ? odd_yaml_value(rng) : value_for(rng, "--" + key)) << "\n";
  }
  if (rng.below(8) == 0) y << "---\n" << "rate: 0.2\n";  // a second document
  if (rng.below(8) == 0) y << "json: " << pick(rng, kPaths) << "\n";
  return y.str();
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
  if (rng.below(4) == 0) {
    yaml = random_yaml(rng, flags);
    args += rng.below(3) == 0 ? " --config ./sub/../fuzz.yaml" : " --config fuzz.yaml";
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
  const Outcome o = run_command(dir, std::string(WORMSIM_BIN) + " " + args, 120);
  ++exits[o.signalled ? -1 : o.exit_code];
  const std::string broken = check(dir, args, o, yaml.empty() ? "" : "fuzz.yaml", yaml);
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

// --- the scripts ---------------------------------------------------------------

/// A sweep file: a tiny fabric and short runs, with settings, values and
/// structure drawn from what broke scripts before.
std::string random_sweep(Rng& rng) {
  static const std::vector<std::string> names = {"ok", "../escape", "/tmp/wormsim-fuzz-abs", "..", "a/b", ".h",
                                                 "''", "[1]", "x y", "ok-2"};
  static const std::vector<std::string> rates = {"[0.1]", "[0.1, .nan]", "[.inf]", "{from: 0.1, to: 0.2, step: 0.1}",
                                                 "{from: .nan, to: 1, step: 0.1}", "{from: 0.1, to: .inf, step: 1}",
                                                 "[]", "[0x1p-3]", "['']", "{from: 0.1}", "[0.1, 0.2]"};
  std::ostringstream y;
  if (rng.below(2) == 0) y << "name: " << pick(rng, names) << "\n";
  // Any number but 4294967297: a valid cycle count that runs for hours.
  std::string cycles = rng.below(5) == 0 ? pick(rng, kNumbers) : "60";
  if (cycles == "4294967297") cycles = "4294967296000000";
  y << "fixed: {topology: 'mesh:2x2', warmup: 10, cycles: " << cycles << "}\n";
  y << "axes:\n  rate: " << pick(rng, rates) << "\n";
  if (rng.below(4) == 0) y << "  seed: [1, 2]\n";
  if (rng.below(6) == 0) y << "axes:\n  rate: [0.2]\n";  // a duplicate key
  if (rng.below(6) == 0) y << "---\naxes: {rate: [0.3]}\n";  // a second document
  if (rng.below(8) == 0) y << "  packet: " << pick(rng, kPacketTexts) << "\n";
  if (rng.below(10) == 0) {
    const std::size_t depth = 1 + rng.below(100000);
    y << "series: " << std::string(depth, '[') << std::string(depth, ']') << "\n";
  }
  return y.str();
}

/// "" when a script's outcome obeys the rules: exit 0, 2 or 3; exit 2 in one
/// line; no traceback; inputs unchanged; nothing written but under `out`.
std::string check_script(const std::string& dir, const std::string& prefix, const Outcome& o,
                         const std::map<std::string, std::string>& inputs, const std::string& out) {
  if (o.signalled) return "killed by a signal or the timeout";
  if (o.err.find("Traceback") != std::string::npos) return "a traceback: " + o.err.substr(0, 2000);
  if (o.exit_code != 0 && o.exit_code != 2 && o.exit_code != 3) return "exit " + std::to_string(o.exit_code) + ": " + o.err;
  if (o.exit_code == 2 && (o.err.rfind(prefix, 0) != 0 || o.err.find('\n') != o.err.size() - 1))
    return "exit 2 without exactly one line '" + prefix + "...': " + o.err.substr(0, 2000);
  for (const auto& [name, text] : inputs)
    if (slurp(dir + "/" + name) != text) return "the input " + name + " changed";
  if (fs::exists("/tmp/wormsim-fuzz-abs")) return "a sweep wrote /tmp/wormsim-fuzz-abs";
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (inputs.count(name) > 0 || name == out || name.rfind(out + ".", 0) == 0 || name == "sub") continue;
    if (o.exit_code == 2 && name == "sweeps" && !fs::is_empty(e.path())) return "exit 2 but sweeps/ was written";
    if (name != "sweeps") return "'" + name + "' written outside the output";
  }
  return "";
}

TEST(CliFuzz, ScriptsEndInZeroTwoOrThreeWithoutATraceback) {
  const std::string base = fs::temp_directory_path().string() + "/wormsim_sfuzz_" + std::to_string(getpid());
  const char* env = std::getenv("WORMSIM_FUZZ_SCRIPTS");
  const unsigned count = env ? static_cast<unsigned>(std::atoi(env)) : 24;
  const std::uint64_t seed = 20261126;
  std::cout << "[ seed ] " << seed << " (" << count << " script inputs)\n";
  Rng rng(seed, 7);
  std::map<int, unsigned> exits;
  for (unsigned k = 0; k < count; ++k) {
    const std::string dir = base + "/case";
    fs::remove_all(dir);
    fs::create_directories(dir + "/sub");
    std::map<std::string, std::string> inputs;
    std::string command, prefix, out;
    if (rng.below(3) != 0) {
      inputs["s.yaml"] = random_sweep(rng);
      static const std::vector<std::string> outs = {"o", "./o", "sub/../o", "s.yaml", "''"};
      out = "o";
      const std::string o_arg = pick(rng, outs);
      const bool default_out = rng.below(4) == 0;
      command = std::string(WORMSIM_SCRIPTS) + "/sweep s.yaml --jobs 1 --quiet" +
                (default_out ? std::string() : " --out " + o_arg);
      if (default_out || o_arg == "''") out = "sweeps";
      prefix = "sweep: ";
    } else {
      static const std::vector<std::string> kinds = {"latency", "links", "histogram", "arrivals", "bogus"};
      static const std::vector<std::string> inputs_ = {"in.json", "in.csv", "noise.bin", "nothing", "''"};
      static const std::vector<std::string> outs = {"p.png", "in.json", "in.csv", "ro.png", "''", "nodir/p.png",
                                                    "in.png"};
      static const std::vector<std::string> jsons = {
          "{\"latency_histogram\": [[1, 2], [2, 5]]}\n", "{\"latency_histogram\": \"x\"}\n",
          "{\"latency_histogram\": [[1]]}\n", "[1, 2]\n", "{\"latency_histogram\": [[\"a\", null]]}\n", "{}\n",
          "{\"latency_histogram\": []}\n", "nan\n"};
      static const std::vector<std::string> csvs = {
          "node,name,step,arrival_cycle,receipts\n0,r0,0,0,0\n", "node,arrival_cycle\nq,w\n",
          "from,from_port\n1,2\n", "offered,throughput,avg_latency,p99_latency,drained\nx,y,z,w,true\n",
          "offered,throughput,avg_latency,p99_latency,drained\n0.1,0.1,20,30,true\n0.2,,,,\n", "\n",
          "from,from_port,to,to_port,flits,utilisation\n0,xp,99,xm,1,nan\n"};
      inputs["in.json"] = pick(rng, jsons);
      inputs["in.csv"] = pick(rng, csvs);
      inputs["noise.bin"] = std::string("\xff\xfe\x00\x01", 4);
      inputs["ro.png"] = "x";
      const std::string o = pick(rng, outs);
      out = fs::path(o).stem().string();
      command = std::string(WORMSIM_SCRIPTS) + "/plot " + pick(rng, kinds) + " " + pick(rng, inputs_) + " --out " +
                o + (rng.below(2) == 0 ? " --topology mesh:2x2" : "");
      prefix = "plot: ";
    }
    for (const auto& [name, text] : inputs) std::ofstream(dir + "/" + name, std::ios::binary) << text;
    if (inputs.count("ro.png")) fs::permissions(dir + "/ro.png", fs::perms::owner_read);
    const Outcome o = run_command(dir, command, 300);
    ++exits[o.signalled ? -1 : o.exit_code];
    const std::string broken = check_script(dir, prefix, o, inputs, out);
    EXPECT_EQ(broken, "") << "script input " << k << ": " << command << "\n"
                          << (inputs.count("s.yaml") ? "s.yaml:\n" + inputs["s.yaml"].substr(0, 2000) : "");
  }
  fs::remove_all(base);
  std::cout << "exit codes:";
  for (const auto& [code, n] : exits) std::cout << " " << code << " x" << n;
  std::cout << "\n";
}

}  // namespace
}  // namespace wormsim::test
