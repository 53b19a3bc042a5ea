#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace dw::content {

/// What `consider` says, from the best odds to the worst.
enum class odds : std::uint8_t {
  easy,         ///< "You would win easily."
  likely_win,   ///< "You would likely win."
  even,         ///< "It would be an even fight."
  likely_fall,  ///< "You would likely fall."
  hopeless,     ///< "You would surely fall."
};
inline constexpr std::size_t odds_count = 5;

/// fights.toml [consider]: how the odds of a fight are worked out and said.
struct consider_rules {
  int runs = 300;         ///< fights simulated, each on its own fixed tape
  int most_rounds = 100;  ///< a simulated fight that lasts longer is stopped there
  /// The share of simulated fights won at or above which each verdict but the last (hopeless) is given;
  /// descending.
  std::array<double, odds_count - 1> at_least{0.9, 0.6, 0.4, 0.1};
  /// Each verdict's words, in the order of `odds`.
  std::array<std::string, odds_count> words{"You would win easily.", "You would likely win.",
                                            "It would be an even fight.", "You would likely fall.",
                                            "You would surely fall."};
  // The sentence after the verdict: {win} is the rounds you would need to finish them, {lose} the rounds
  // they would need to fell you ("1 round", "6 rounds").
  std::string both = "You would need about {win} to finish them, and they about {lose} to fell you.";
  std::string safe = "You would need about {win} to finish them, and they would not fell you.";  ///< no {lose}
  std::string cannot_finish = "You could hardly hurt them; they would need about {lose} to fell you.";  ///< no {win}
  std::string stalemate = "Neither side would get the better of the other.";  ///< neither

  bool operator==(const consider_rules&) const = default;
};

}  // namespace dw::content
