#include <wormsim/traffic/packet_lengths.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>

#include <wormsim/core/config_error.h>

namespace wormsim {
namespace {

constexpr unsigned kMaxLength = 65535;
/// How far a mix's shares may sum from 1: rounding in decimal text, no more.
constexpr double kShareTolerance = 1e-9;
const char* const kExpected =
    "expected a length of 1 to 65535 flits ('4'), a range ('2..8') or a mix of length:share pairs ('1:0.8,5:0.2')";

unsigned parse_length(const std::string& field, const std::string& all, const std::string& v) {
  if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos || v.size() > 6)
    throw ConfigError(field, std::string(kExpected) + ", got '" + all + "'");
  const unsigned long x = std::strtoul(v.c_str(), nullptr, 10);
  if (x < 1 || x > kMaxLength) throw ConfigError(field, std::string(kExpected) + ", got '" + all + "'");
  return static_cast<unsigned>(x);
}

}  // namespace

PacketLengths PacketLengths::parse(const std::string& field, const std::string& text) {
  std::map<unsigned, double> weight;
  std::string canonical;
  if (const auto dots = text.find(".."); dots != std::string::npos) {
    const unsigned lo = parse_length(field, text, text.substr(0, dots));
    const unsigned hi = parse_length(field, text, text.substr(dots + 2));
    if (lo > hi) throw ConfigError(field, "expected a range low..high with low <= high, got '" + text + "'");
    for (unsigned l = lo; l <= hi; ++l) weight[l] = 1.0;
    canonical = lo == hi ? std::to_string(lo) : std::to_string(lo) + ".." + std::to_string(hi);
  } else if (text.find(':') != std::string::npos) {
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
      const auto colon = item.find(':');
      if (colon == std::string::npos) throw ConfigError(field, std::string(kExpected) + ", got '" + text + "'");
      const unsigned l = parse_length(field, text, item.substr(0, colon));
      const std::string w = item.substr(colon + 1);
      const std::string bad = "expected a share in (0, 1] after '" + item.substr(0, colon + 1) + "'";
      if (!is_decimal_number(w)) throw ConfigError(field, bad + ", got '" + text + "'");
      const double x = std::strtod(w.c_str(), nullptr);
      if (!(x > 0.0 && x <= 1.0)) throw ConfigError(field, bad + ", got '" + text + "'");
      if (weight.count(l)) throw ConfigError(field, "length " + std::to_string(l) + " given twice in '" + text + "'");
      weight[l] = x;
    }
    if (weight.empty()) throw ConfigError(field, std::string(kExpected) + ", got '" + text + "'");
    double sum = 0;
    for (const auto& [l, w] : weight) sum += w;
    if (std::fabs(sum - 1.0) > kShareTolerance) {
      std::ostringstream os;
      os.precision(12);
      os << sum;
      throw ConfigError(field, "expected shares that sum to 1 (within 1e-9), got " + os.str() + " in '" + text + "'");
    }
  } else {
    weight[parse_length(field, text, text)] = 1.0;
  }
  PacketLengths p;
  p.lengths_.clear();
  p.cumulative_.clear();
  double total = 0;
  for (const auto& [l, w] : weight) total += w;
  double acc = 0, mean = 0;
  std::ostringstream mix;
  for (const auto& [l, w] : weight) {
    acc += w / total;
    mean += l * (w / total);
    p.lengths_.push_back(l);
    p.cumulative_.push_back(acc);
    mix << (mix.tellp() > 0 ? "," : "") << l << ":" << w / total;
  }
  p.cumulative_.back() = 1.0;
  p.mean_ = mean;
  p.text_ = canonical.empty() ? (p.lengths_.size() == 1 ? std::to_string(p.lengths_[0]) : mix.str()) : canonical;
  return p;
}

unsigned PacketLengths::longest() const { return lengths_.back(); }

std::vector<double> PacketLengths::shares() const {
  std::vector<double> s;
  double prev = 0;
  for (double c : cumulative_) {
    s.push_back(c - prev);
    prev = c;
  }
  return s;
}

unsigned PacketLengths::draw(Rng& rng) const {
  if (fixed()) return lengths_[0];
  const double u = rng.uniform();
  const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
  return lengths_[std::min<std::size_t>(it - cumulative_.begin(), lengths_.size() - 1)];
}

}  // namespace wormsim
