// vcd_price: the body of a gate-level VCD priced net by net, per cycle
// (scripts/lib/netpower.py writes the prices and reads the result).
//
// Usage: vcd_price PRICES VCD OUT
// PRICES (text): a line "period STAGES", then one line per VCD id code:
//   "code width n pos rise fall stage ..." (n triples: the character
//   position in the value string, MSB first, of one priced bit; its rising
//   and falling energy in pJ; its stage index).
// OUT (text): one line per cycle with a toggle: "cycle toggles total" and
//   then "stage:energy" for each stage touched in that cycle, where cycle k
//   is the simulation times [k x period, (k+1) x period).
// Contract: the same sums, in the same order, as summing toggles one VCD
// line after another: a bit toggles when its old and new values are 0 and 1
// or 1 and 0 (x and z never toggle); a code's first value is not a toggle;
// a vector value shorter than its width is extended with x or z when its
// first character is one, else with 0.
// Exit 2: bad arguments or unreadable input (one line).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

struct Bit {
  std::size_t pos;
  double rise, fall;
  int stage;
};

struct Code {
  std::size_t width = 1;
  std::vector<Bit> bits;
  std::string value;  // empty: not seen yet
};

struct Cycle {
  std::uint64_t toggles = 0;
  double total = 0.0;
  std::map<int, double> stages;
};

int fail(const std::string& what) {
  std::cerr << "vcd_price: " << what << "\n";
  return 2;
}

// The value string extended (or cut) to `width` characters, MSB first.
std::string pad(const std::string& v, std::size_t width) {
  if (v.size() >= width) return v.substr(v.size() - width);
  const char fill = (v[0] == 'x' || v[0] == 'z') ? v[0] : '0';
  return std::string(width - v.size(), fill) + v;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) return fail("usage: vcd_price PRICES VCD OUT");
  std::ifstream prices(argv[1]);
  if (!prices) return fail(std::string("cannot read ") + argv[1]);
  std::uint64_t period = 0;
  int nstages = 0;
  if (!(prices >> period >> nstages) || period == 0) return fail("PRICES: expected 'period stages' first");
  std::unordered_map<std::string, Code> codes;
  std::string code;
  while (prices >> code) {
    Code c;
    std::size_t n = 0;
    if (!(prices >> c.width >> n)) return fail("PRICES: expected 'width n' after code " + code);
    c.bits.resize(n);
    for (Bit& b : c.bits)
      if (!(prices >> b.pos >> b.rise >> b.fall >> b.stage) || b.pos >= c.width || b.stage < 0 ||
          b.stage >= nstages)
        return fail("PRICES: a bad bit of code " + code);
    codes.emplace(code, std::move(c));
  }
  std::ifstream vcd(argv[2]);
  if (!vcd) return fail(std::string("cannot read ") + argv[2]);
  std::string line;
  bool defs = true;
  std::uint64_t time = 0;
  std::map<std::uint64_t, Cycle> cycles;
  while (std::getline(vcd, line)) {
    if (defs) {
      if (line.find("$enddefinitions") != std::string::npos) defs = false;
      continue;
    }
    if (line.empty()) continue;
    const char c0 = line[0];
    std::string val, id;
    if (c0 == '#') {
      time = std::strtoull(line.c_str() + 1, nullptr, 10);
      continue;
    }
    if (c0 == '0' || c0 == '1' || c0 == 'x' || c0 == 'z') {
      val.assign(1, c0);
      std::size_t a = line.find_first_not_of(" \t\r", 1), b = line.find_last_not_of(" \t\r");
      if (a == std::string::npos) continue;
      id = line.substr(a, b - a + 1);
    } else if (c0 == 'b') {
      const std::size_t sp = line.find(' ');
      if (sp == std::string::npos) continue;
      val = line.substr(1, sp - 1);
      std::size_t a = line.find_first_not_of(" \t\r", sp), b = line.find_last_not_of(" \t\r");
      if (a == std::string::npos) continue;
      id = line.substr(a, b - a + 1);
    } else {
      continue;
    }
    auto it = codes.find(id);
    if (it == codes.end()) continue;
    Code& c = it->second;
    if (c.value.empty()) {
      c.value = val;
      continue;
    }
    const std::string o = pad(c.value, c.width), n = pad(val, c.width);
    c.value = std::move(val);
    Cycle* cyc = nullptr;
    for (const Bit& b : c.bits) {
      const char x = o[b.pos], y = n[b.pos];
      if (x == y || (x != '0' && x != '1') || (y != '0' && y != '1')) continue;
      if (!cyc) cyc = &cycles[time / period];
      const double e = y == '1' ? b.rise : b.fall;
      cyc->total += e;
      cyc->stages[b.stage] += e;
      ++cyc->toggles;
    }
  }
  std::FILE* out = std::fopen(argv[3], "w");
  if (!out) return fail(std::string("cannot write ") + argv[3]);
  for (const auto& [k, cyc] : cycles) {
    std::fprintf(out, "%llu %llu %.17g", static_cast<unsigned long long>(k),
                 static_cast<unsigned long long>(cyc.toggles), cyc.total);
    for (const auto& [s, e] : cyc.stages) std::fprintf(out, " %d:%.17g", s, e);
    std::fputc('\n', out);
  }
  return std::fclose(out) == 0 ? 0 : fail(std::string("cannot write ") + argv[3]);
}
