#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dw::content {

/// The house rule for a pronounceable name: letters only, and never three consonants or three vowels
/// in a row ('y' counts as a vowel). Training words obey it too, so the chain learns such shapes.
bool is_pronounceable(std::string_view word);

/// A letter-level Markov chain (order 2 or 3) trained on a word list; generates capitalised names of
/// 4..12 letters, deterministic per seed.
class markov_names {
 public:
  static constexpr std::size_t min_length = 4;
  static constexpr std::size_t max_length = 12;

  markov_names() = default;

  /// Learns from lower-case words of letters a-z; `order` is 2 or 3.
  static markov_names train(std::span<const std::string> words, int order);

  /// A capitalised, pronounceable name of 4..12 letters; the same seed always gives the same name.
  /// Names that merely repeat a training word are avoided when the chain allows it.
  std::string generate(std::uint64_t seed) const;

  /// True when `word` (lower case) is one of the words the chain learnt from.
  bool is_training_word(std::string_view word) const;

  /// The chain's order (letters of context).
  int order() const noexcept { return order_; }

  bool operator==(const markov_names&) const = default;

 private:
  // Symbol 0 marks the start/end of a word; 1..26 are the letters. A context of `order_` symbols
  // is packed base 27 into one integer, and rows are kept sorted by it for a binary search.
  struct row {
    std::uint32_t context = 0;
    std::uint32_t first = 0;  // index of the row's first entry in next_
    std::uint32_t count = 0;  // entries in next_
    std::uint32_t total = 0;  // sum of the entries' weights
    bool operator==(const row&) const = default;
  };
  struct entry {
    std::uint8_t symbol = 0;
    std::uint32_t weight = 0;
    bool operator==(const entry&) const = default;
  };

  std::string attempt(std::uint64_t seed) const;

  int order_ = 2;
  std::vector<row> rows_;
  std::vector<entry> next_;
  std::vector<std::string> training_;  // sorted
};

}  // namespace dw::content
