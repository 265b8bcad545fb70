// BookSim 2 keys to wormsim settings (booksim_map.h).
#include "booksim_map.h"

#include <cmath>
#include <set>
#include <sstream>
#include <stdexcept>

#include <wormsim/core/config_error.h>
#include <wormsim/router/allocator.h>
#include <wormsim/sim/scenario.h>

namespace wormsim::driver::booksim {
namespace {

/// Two values are the same setting: equal text, or equal numbers ("1.0", "1").
bool same(const std::string& a, const std::string& b) {
  if (a == b) return true;
  if (!is_decimal_number(a) || !is_decimal_number(b)) return false;
  try {
    return std::stod(a) == std::stod(b);
  } catch (const std::out_of_range&) {
    return false;  // beyond double's range: not any accepted value
  }
}

std::string shown(const std::string& key, const std::string& value, const std::string& where) {
  return key + " = " + value + " (" + (where.empty() ? "BookSim's default" : where) + ")";
}

long long integer(const std::string& key, const std::string& value, const std::string& where, long long min,
                  long long max) {
  const double v = parse_decimal(key, value, "expected a whole number from " + std::to_string(min) + " to " +
                                                 std::to_string(max) + " (" + where + ")",
                                 static_cast<double>(min), static_cast<double>(max));
  if (v != std::floor(v))
    throw ConfigError(key, "expected a whole number (" + where + "), got '" + value + "'");
  return static_cast<long long>(v);
}

/// The shortest decimal text that reads back as `x`.
std::string shortest(double x) {
  for (int digits = 6;; ++digits) {
    std::ostringstream os;
    os.precision(digits);
    os << x;
    if (digits >= 17 || std::stod(os.str()) == x) return os.str();
  }
}

/// The top-level items of a BookSim list "{a,{b,c},d}", or the one value.
std::vector<std::string> items(const std::string& value) {
  if (value.size() < 2 || value.front() != '{' || value.back() != '}') return {value};
  std::vector<std::string> out;
  std::string item;
  int depth = 0;
  for (std::size_t i = 1; i + 1 < value.size(); ++i) {
    const char c = value[i];
    if (c == ',' && depth == 0) {
      out.push_back(item);
      item.clear();
      continue;
    }
    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    item += c;
  }
  out.push_back(item);
  return out;
}

/// Class 0's value of a per-class key: a list's first item (BookSim gives
/// list items to classes in turn, and there is one class).
std::string class0(const std::string& value) { return items(value).front(); }

/// A traffic name and its parenthesised arguments: "hotspot({3},{1})".
std::pair<std::string, std::string> call(const std::string& value) {
  const std::size_t open = value.find('(');
  if (open == std::string::npos) return {value, ""};
  if (value.back() != ')') return {value, ""};
  return {value.substr(0, open), value.substr(open + 1, value.size() - open - 2)};
}

}  // namespace

Mapping map_config(const std::vector<Assignment>& given, bool lenient) {
  const std::map<std::string, std::string> v = effective(given);
  std::map<std::string, std::string> where;  // the last place each key was set
  for (const Assignment& a : given) where[a.key] = a.where;
  // The order in which keys are checked: the file's, then the defaults'.
  std::vector<std::string> order;
  std::set<std::string> listed;
  for (const Assignment& a : given)
    if (listed.insert(a.key).second) order.push_back(a.key);
  for (const Key& k : keys())
    if (listed.insert(k.name).second) order.push_back(k.name);

  Mapping m;
  auto at = [&](const std::string& key) {
    const auto w = where.find(key);
    return w == where.end() ? std::string("BookSim's default") : w->second;
  };
  auto refuse = [&](const std::string& key, const std::string& why) {
    const auto w = where.find(key);
    throw ConfigError(key, shown(key, v.at(key), w == where.end() ? "" : w->second) + ": " + why);
  };
  for (const std::string& key : order) {
    const Key& k = *find_key(key);
    const std::string& value = v.at(key);
    switch (k.kind) {
      case Kind::kPipeline:
        if (!same(value, k.accepted)) refuse(key, std::string(k.why) + "; wormsim's router pipeline is given in docs/booksim.md");
        break;
      case Kind::kFixed:
        if (!same(value, k.booksim_default)) refuse(key, std::string(k.why) + "; only BookSim's default, " +
                                                         (std::string(k.booksim_default).empty() ? "empty" : k.booksim_default) +
                                                         ", is accepted");
        break;
      case Kind::kInert:
        if (!same(value, k.booksim_default)) {
          if (!lenient) refuse(key, std::string(k.why) + ": it changes no result, and --lenient accepts it with a warning");
          m.lenient.push_back(shown(key, value, at(key)));
        }
        break;
      case Kind::kWindow:
      case Kind::kMapped:
        break;
    }
  }

  // Topology and routing.
  const std::string topology = v.at("topology");
  if (topology != "mesh" && topology != "torus")
    refuse("topology", "wormsim reads BookSim's mesh and torus (k, n); its own networks (3pt, petersen, fp, rfp, "
                       "arrangement) run with 'wormsim run --topology'");
  const long long k = integer("k", v.at("k"), at("k"), 2, 1024);
  const long long n = integer("n", v.at("n"), at("n"), 1, 3);
  std::string spec = topology + ":" + std::to_string(k) + "x" + (n >= 2 ? std::to_string(k) : "1");
  if (n == 3) spec += "x" + std::to_string(k);
  m.settings.emplace_back("topology", spec);
  // BookSim's torus is folded: its router-to-router channels take 2 cycles
  // each way (use_noc_latency = 1), the mesh's 1; BookSim runs any buffer
  // depth, so a shallow one is allowed.
  const bool noc_latency =
      integer("use_noc_latency", v.at("use_noc_latency"), at("use_noc_latency"), 0, 1) == 1;
  // BookSim runs any buffer depth: a buffer shallower than the credit round
  // trip is allowed, as there.
  m.settings.emplace_back("allow_shallow", "true");
  m.settings.emplace_back("credit_delay",
                          std::to_string(integer("credit_delay", v.at("credit_delay"), at("credit_delay"), 0, 32)));
  // The router pipeline (docs/booksim.md, "The router pipeline"): wormsim's
  // router is BookSim's non-speculative one with a switch traversal of 0
  // cycles; BookSim's speculative one is wormsim's with --speculative.
  m.settings.emplace_back("routing_delay",
                          std::to_string(integer("routing_delay", v.at("routing_delay"), at("routing_delay"), 0, 16)));
  const bool speculative = integer("speculative", v.at("speculative"), at("speculative"), 0, 1) == 1;
  const long long traversal =
      integer("st_prepare_delay", v.at("st_prepare_delay"), at("st_prepare_delay"), 0, 8) +
      integer("st_final_delay", v.at("st_final_delay"), at("st_final_delay"), 1, 8);
  m.settings.emplace_back("traversal_delay", std::to_string(traversal));
  m.settings.emplace_back("wait_for_tail_credit",
                          integer("wait_for_tail_credit", v.at("wait_for_tail_credit"), at("wait_for_tail_credit"), 0,
                                  1) == 1
                              ? "true"
                              : "false");
  // The allocators: BookSim's islip is wormsim's islip (its iterations
  // alloc_iters); separable_input_first is wormsim's separable.
  const std::string vc_alloc = v.at("vc_allocator"), sw_alloc = v.at("sw_allocator");
  for (const std::string& key : {std::string("vc_allocator"), std::string("sw_allocator")})
    if (v.at(key) != "islip" && v.at(key) != "separable_input_first")
      refuse(key, "wormsim runs islip (iSLIP, --allocator islip) and separable_input_first (--allocator separable)");
  if (vc_alloc != sw_alloc)
    refuse("sw_allocator", "wormsim runs one allocator in both stages: expected vc_allocator's, " + vc_alloc);
  const long long iters = integer("alloc_iters", v.at("alloc_iters"), at("alloc_iters"), 1, kMaxAllocIters);
  const long long speedup = integer("input_speedup", v.at("input_speedup"), at("input_speedup"), 1, kMaxInputSpeedup);
  const long long out_speedup =
      integer("output_speedup", v.at("output_speedup"), at("output_speedup"), 1, kMaxInputSpeedup);
  if (vc_alloc == "islip") {
    m.settings.emplace_back("allocator", "islip");
    m.settings.emplace_back("alloc_iters", std::to_string(iters));
    if (speedup != 1) m.settings.emplace_back("input_speedup", std::to_string(speedup));
    if (out_speedup != 1) m.settings.emplace_back("output_speedup", std::to_string(out_speedup));
    if (speculative) m.settings.emplace_back("speculative", "true");
  } else {
    if (speedup != 1) refuse("input_speedup", "wormsim runs an input speedup with the islip allocator");
    if (out_speedup != 1) refuse("output_speedup", "wormsim runs an output speedup with the islip allocator");
    if (speculative) refuse("speculative", "wormsim runs speculative switch allocation with the islip allocator");
    m.settings.emplace_back("allocator", "separable");
    if (iters != 1) m.notes.emplace_back("alloc_iters: BookSim's separable_input_first makes one pass, as wormsim's");
  }
  if (topology == "torus" && noc_latency) {
    m.settings.emplace_back("link_latency", "2");
    m.notes.emplace_back("torus: BookSim's folded torus channels take 2 cycles, flits and credits "
                         "(use_noc_latency = 1): --link-latency 2");
  }
  const std::string routing = v.at("routing_function");
  if (routing == "dor" || routing == "dim_order")
    m.settings.emplace_back("routing", topology == "torus" ? "dor-wrap" : "dor");
  else if (routing == "min_adapt")
    m.settings.emplace_back("routing", "adaptive");
  else
    refuse("routing_function", "wormsim maps dor and dim_order (dimension order; datelines on the torus) and "
                               "min_adapt (minimal adaptive with a dimension-order escape VC)");
  m.settings.emplace_back("vcs", std::to_string(integer("num_vcs", v.at("num_vcs"), at("num_vcs"), 1, 16)));
  m.settings.emplace_back("buffer",
                          std::to_string(integer("vc_buf_size", v.at("vc_buf_size"), at("vc_buf_size"), 1, 1024)));

  // Packets: per class (a list gives class 0 its first item), one length or
  // a list of lengths, drawn with the packet_size_rate weights (one weight
  // for all, or a list, its last weight repeated), as BookSim draws them.
  const std::vector<std::string> sizes = items(class0(v.at("packet_size")));
  std::vector<std::string> rates = items(class0(v.at("packet_size_rate")));
  if (items(v.at("packet_size")).size() > 1 || items(v.at("packet_size_rate")).size() > 1)
    m.notes.emplace_back("packet_size and packet_size_rate list one entry per traffic class; class 0's is used "
                         "(a distribution of class 0 is written {{1,5}})");
  if (sizes.empty() || rates.empty() || sizes.front().empty() || rates.front().empty())
    refuse("packet_size", "expected a packet size or a list of them");
  rates.resize(sizes.size(), rates.back());
  double weight = 0, mean = 0;
  std::vector<std::pair<long long, double>> mix;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const long long len = integer("packet_size", sizes[i], at("packet_size"), 1, 65535);
    const double w = static_cast<double>(
        integer("packet_size_rate", rates[i], at("packet_size_rate"), 0, 1LL << 30));  // BookSim's weights are integers
    mix.emplace_back(len, w);
    weight += w;
  }
  if (weight <= 0) refuse("packet_size_rate", "the weights must not all be 0");
  std::ostringstream packet;
  for (std::size_t i = 0; i < mix.size(); ++i) {
    mean += static_cast<double>(mix[i].first) * mix[i].second / weight;
    if (mix.size() == 1)
      packet << mix[i].first;
    else
      packet << (i ? "," : "") << mix[i].first << ":" << shortest(mix[i].second / weight);
  }
  m.settings.emplace_back("packet", packet.str());
  if (mix.size() == 1) m.fixed_packet = static_cast<unsigned>(mix[0].first);

  // Traffic. BookSim's patterns send a packet to its own node where they
  // pick it (uniform among all nodes; a permutation's fixed points).
  m.settings.emplace_back("self_packets", "true");
  const auto [pattern, args] = call(v.at("traffic"));
  static const std::set<std::string> same_pattern = {"uniform", "bitcomp", "bitrev", "shuffle", "tornado"};
  if (same_pattern.count(pattern) && args.empty()) {
    m.settings.emplace_back("traffic", pattern);
  } else if (pattern == "transpose" && args.empty()) {
    if (n != 2)
      refuse("traffic", "BookSim's transpose swaps the two halves of the node id's bits; wormsim's swaps x and y, "
                        "which is the same on 2 dimensions only");
    m.settings.emplace_back("traffic", "transpose");
  } else if (pattern == "randperm") {
    m.settings.emplace_back("traffic", "randperm");
    m.notes.emplace_back("randperm: wormsim draws its permutation from the seed, so it is not BookSim's "
                         "permutation (perm_seed)");
  } else if (pattern == "hotspot" && !args.empty()) {
    // hotspot({nodes},{rates}): every packet goes to a hot node.
    const std::size_t split = args.find("},{");
    const std::string nodes = split == std::string::npos ? args : args.substr(0, split + 1);
    const std::vector<std::string> hot = items(nodes);
    if (hot.size() != 1)
      refuse("traffic", "wormsim's hotspot has one hot node; BookSim's hotspot here names " +
                            std::to_string(hot.size()));
    m.settings.emplace_back("traffic", "hotspot");
    m.settings.emplace_back("hotspot_node", std::to_string(integer("traffic", hot[0], at("traffic"), 0, 1 << 20)));
    m.settings.emplace_back("hotspot_fraction", "1");
  } else if (pattern == "neighbor" && args.empty()) {
    // one step up in every dimension, wrapping: wormsim's diagonal (its own
    // neighbor draws a random adjacent node)
    m.settings.emplace_back("traffic", "diagonal");
  } else {
    refuse("traffic", "wormsim maps uniform, transpose, bitcomp, bitrev, shuffle, tornado, neighbor, randperm and "
                      "hotspot({node},{rate})");
  }

  // Injection.
  const std::string process = v.at("injection_process");
  if (process != "bernoulli" && process != "on_off")
    refuse("injection_process", "wormsim maps bernoulli and on_off");
  if (items(v.at("injection_rate")).size() > 1)
    m.notes.emplace_back("injection_rate lists one rate per traffic class; class 0's is used");
  const bool in_flits = integer("injection_rate_uses_flits", v.at("injection_rate_uses_flits"),
                                at("injection_rate_uses_flits"), 0, 1) == 1;
  const double rate = parse_decimal("injection_rate", class0(v.at("injection_rate")),
                                    "expected a rate above 0 (" + at("injection_rate") + ")", 1e-12);
  const double flits = in_flits ? rate : rate * mean;
  if (flits > 1)
    refuse("injection_rate", "that is " + std::to_string(flits) + " flits/node/cycle; one injection channel "
                             "carries at most 1");
  m.settings.emplace_back("rate", shortest(flits));
  if (process == "on_off") {
    // Two of burst_alpha, burst_beta and burst_r1 given (the third negative),
    // the third follows from the packet rate p: r1 = p (alpha + beta) / alpha.
    const double p = flits / mean;
    auto number = [&](const char* key, double min) {
      return parse_decimal(key, v.at(key), std::string("expected a number (") + at(key) + ")", min, 1.0);
    };
    double alpha = number("burst_alpha", -1e300), beta = number("burst_beta", -1e300);
    const double r1 = number("burst_r1", -1e300);
    if ((alpha < 0) + (beta < 0) + (r1 < 0) != 1)
      refuse("burst_r1", "BookSim's on_off takes two of burst_alpha, burst_beta and burst_r1, the third negative");
    if (alpha < 0) alpha = r1 > p ? beta * p / (r1 - p) : -1;
    if (beta < 0) beta = alpha * (r1 - p) / p;
    if (!(alpha > 0 && alpha <= 1) || !(beta >= 0 && beta <= 1))
      refuse("burst_r1", "burst_alpha " + shortest(alpha) + " and burst_beta " + shortest(beta) +
                             " follow, and they must be probabilities (alpha above 0)");
    m.settings.emplace_back("injection", "markov");
    m.settings.emplace_back("burst_alpha", shortest(alpha));
    m.settings.emplace_back("burst_beta", shortest(beta));
  }

  // The measurement: latency mode, warm-up and sample periods.
  if (v.at("sim_type") != "latency")
    refuse("sim_type", "wormsim runs BookSim's latency mode (a warm-up, then measured sample periods, then a drain)");
  const long long period = integer("sample_period", v.at("sample_period"), at("sample_period"), 1, 1LL << 40);
  const long long warm = integer("warmup_periods", v.at("warmup_periods"), at("warmup_periods"), 0, 1LL << 20);
  const long long most = integer("max_samples", v.at("max_samples"), at("max_samples"), 1, 1LL << 20);
  if (warm == 0)
    refuse("warmup_periods", "0 leaves the warm-up to BookSim's convergence test; wormsim needs a number of periods");
  if (most <= warm) refuse("max_samples", "must exceed warmup_periods (" + std::to_string(warm) + ")");
  m.settings.emplace_back("warmup", std::to_string(warm * period));
  m.settings.emplace_back("cycles", std::to_string((most - warm) * period));
  // BookSim's convergence test: the settle rule (sim/settle.h). A negative
  // threshold switches its test off.
  auto threshold = [&](const char* key) {
    const double t = parse_decimal(key, v.at(key), std::string("expected a number (") + at(key) + ")");
    return t < 0 ? std::string("1e300") : shortest(t);
  };
  const double limit = parse_decimal("latency_thres", v.at("latency_thres"),
                                     "expected a number (" + at("latency_thres") + ")");
  m.settings.emplace_back("settle_period", std::to_string(period));
  m.settings.emplace_back("settle_latency_change", threshold("stopping_thres"));
  m.settings.emplace_back("settle_accepted_change", threshold("acc_stopping_thres"));
  m.settings.emplace_back("latency_limit", limit < 0 ? std::string("off") : shortest(limit));
  const std::string seed = v.at("seed");
  if (seed == "time") refuse("seed", "a run from the clock cannot be repeated; give a number");
  m.settings.emplace_back("seed", std::to_string(integer("seed", seed, at("seed"), 0, 1LL << 62)));
  return m;
}

}  // namespace wormsim::driver::booksim
