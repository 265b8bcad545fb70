// Packet lengths of synthetic traffic: one fixed length, a uniform range, or
// a mix of lengths with shares (e.g. 1-flit requests and 5-flit replies, as
// cache-coherence traffic). Written as the --packet setting:
//   "4"            every packet 4 flits
//   "2..8"         uniform over 2, 3, ..., 8
//   "1:0.8,5:0.2"  1 flit with share 0.8, 5 flits with share 0.2 (shares
//                  in (0, 1], summing to 1 within 1e-9; anything else is
//                  refused rather than normalised)
// A fixed length draws nothing from the random streams, so a run with a fixed
// length is the same whichever way it is written.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <wormsim/core/rng.h>

namespace wormsim {

class PacketLengths {
 public:
  PacketLengths() = default;
  explicit PacketLengths(unsigned fixed)
      : lengths_{fixed}, cumulative_{1.0}, mean_(fixed), text_(std::to_string(fixed)) {}

  /// Parses the --packet syntax; throws ConfigError(field) with what was
  /// expected. Lengths are 1 to 65535 flits.
  static PacketLengths parse(const std::string& field, const std::string& text);

  bool fixed() const { return lengths_.size() == 1; }
  unsigned longest() const;
  double mean() const { return mean_; }
  /// The lengths and their shares (summing to 1), in increasing length.
  const std::vector<unsigned>& lengths() const { return lengths_; }
  std::vector<double> shares() const;
  /// A length drawn from the mix (no draw when fixed).
  unsigned draw(Rng& rng) const;
  /// The text it was parsed from, normalised ("4", "2..8", "1:0.8,5:0.2").
  const std::string& text() const { return text_; }

 private:
  std::vector<unsigned> lengths_{4};
  std::vector<double> cumulative_{1.0};
  double mean_ = 4;
  std::string text_ = "4";
};

}  // namespace wormsim
