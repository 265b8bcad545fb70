#include <wormsim/traffic/trace.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include <wormsim/core/config_error.h>
#include <wormsim/core/input_file.h>

namespace wormsim {
namespace {

constexpr Cycle kMaxTraceCycle = Cycle{1} << 40;

class TraceReader {
 public:
  TraceReader(const std::string& path, const Topology& t) : path_(path), t_(t) {}

  [[noreturn]] void fail(std::size_t line, const std::string& what) const {
    throw ConfigError("trace", path_ + " line " + std::to_string(line) + ": " + what);
  }

  std::uint64_t number(std::size_t line, const std::string& field, const std::string& v, std::uint64_t max) const {
    if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos || v.size() > 19)
      fail(line, "expected " + field + " as an integer, got '" + v + "'");
    const unsigned long long x = std::strtoull(v.c_str(), nullptr, 10);
    if (x > max) fail(line, field + " " + v + " is above " + std::to_string(max));
    return x;
  }

  NodeId node(std::size_t line, const std::string& field, const std::string& v) {
    if (!v.empty() && v.find_first_not_of("0123456789") == std::string::npos) {
      const std::uint64_t x = number(line, field, v, ~0ull);
      if (x >= t_.num_nodes())
        fail(line, field + " " + v + " is not a node of " + t_.spec + " (ids 0 to " +
                       std::to_string(t_.num_nodes() - 1) + ")");
      return static_cast<NodeId>(x);
    }
    if (names_.empty())
      for (NodeId n = 0; n < t_.num_nodes(); ++n) names_[t_.kind->node_name(n)] = n;
    const auto it = names_.find(v);
    if (it == names_.end()) fail(line, field + " '" + v + "' is not a node id or router name of " + t_.spec);
    return it->second;
  }

 private:
  std::string path_;
  const Topology& t_;
  std::unordered_map<std::string, NodeId> names_;
};

}  // namespace

std::vector<TraceRecord> read_trace(const std::string& path, const Topology& t) {
  std::ifstream in = open_input_file("trace", path, "trace");
  TraceReader reader(path, t);
  std::vector<TraceRecord> records;
  std::string text;
  std::size_t line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (const auto hash = text.find('#'); hash != std::string::npos) text.resize(hash);
    std::istringstream fields(text);
    std::vector<std::string> f;
    for (std::string x; fields >> x;) f.push_back(x);
    if (f.empty()) continue;
    if (f.size() != 4)
      reader.fail(line, "expected 4 fields (cycle source destination length), got " + std::to_string(f.size()));
    TraceRecord r;
    r.cycle = reader.number(line, "cycle", f[0], kMaxTraceCycle);
    r.src = reader.node(line, "source", f[1]);
    r.dst = reader.node(line, "destination", f[2]);
    const std::uint64_t len = reader.number(line, "length", f[3], 65535);
    if (len < 1) reader.fail(line, "length must be 1 to 65535 flits, got 0");
    r.length = static_cast<unsigned>(len);
    if (r.src == r.dst) reader.fail(line, "source and destination are the same node");
    records.push_back(r);
  }
  if (in.bad()) throw ConfigError("trace", "cannot read trace file '" + path + "'");
  if (records.empty()) throw ConfigError("trace", path + " holds no packets");
  std::stable_sort(records.begin(), records.end(),
                   [](const TraceRecord& a, const TraceRecord& b) { return a.cycle < b.cycle; });
  return records;
}

void TraceSource::generate(Cycle cycle, const std::function<void(const Packet&)>& emit) {
  while (next_ < records_.size() && records_[next_].cycle <= cycle) {
    const TraceRecord& r = records_[next_++];
    if (enabled_) emit(Packet{take_id(), r.src, r.dst, static_cast<std::uint16_t>(r.length), cycle, 0, {}});
  }
}

}  // namespace wormsim
