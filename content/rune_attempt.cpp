#include "content/rune_attempt.hpp"

#include <algorithm>

namespace dw::content {
namespace {

/// Whether `words` holds each rune of `sequence` exactly once (in any order).
bool each_once(const std::vector<std::string>& sequence, std::vector<std::string> words) {
  if (words.size() != sequence.size()) {
    return false;
  }
  std::vector<std::string> runes = sequence;
  std::sort(runes.begin(), runes.end());
  std::sort(words.begin(), words.end());
  return runes == words;
}

/// Whether `letters` can be cut into the runes of `sequence` not `used` yet, so that each ends up used once.
bool spells_each_once(std::string_view letters, const std::vector<std::string>& sequence, std::vector<bool>& used) {
  if (letters.empty()) {
    return std::all_of(used.begin(), used.end(), [](bool u) { return u; });
  }
  for (std::size_t i = 0; i < sequence.size(); ++i) {
    if (!used[i] && letters.starts_with(sequence[i])) {
      used[i] = true;
      if (spells_each_once(letters.substr(sequence[i].size()), sequence, used)) {
        return true;
      }
      used[i] = false;
    }
  }
  return false;
}

/// Whether `letters` can be cut into runes of `sequence`, any of them any number of times.
bool spells_runes(std::string_view letters, const std::vector<std::string>& sequence) {
  std::vector<bool> reach(letters.size() + 1, false);  // reach[i]: the first i letters are runes
  reach[0] = true;
  for (std::size_t i = 0; i < letters.size(); ++i) {
    if (!reach[i]) {
      continue;
    }
    for (const std::string& rune : sequence) {
      if (!rune.empty() && letters.substr(i).starts_with(rune)) {
        reach[i + rune.size()] = true;
      }
    }
  }
  return !letters.empty() && reach[letters.size()];
}

}  // namespace

rune_attempt judge_press(const rune_lock& lock, const std::vector<std::string>& pressed) {
  rune_attempt out;
  for (const std::string& word : pressed) {
    if (std::find(lock.sequence.begin(), lock.sequence.end(), word) == lock.sequence.end()) {
      out.kind = attempt_kind::unknown_rune;
      out.unknown = word;
      return out;
    }
  }
  out.kind = pressed.empty()                      ? attempt_kind::not_runes
             : pressed == lock.sequence           ? attempt_kind::opens
             : each_once(lock.sequence, pressed)  ? attempt_kind::wrong_order
                                                  : attempt_kind::partial;
  return out;
}

rune_attempt judge_speech(const rune_lock& lock, std::string_view words) {
  const std::string letters = letters_only(words);
  rune_attempt out;
  if (letters == lock.word()) {
    out.kind = attempt_kind::opens;
    return out;
  }
  std::vector<bool> used(lock.sequence.size(), false);
  out.kind = spells_each_once(letters, lock.sequence, used) ? attempt_kind::wrong_order
             : spells_runes(letters, lock.sequence)         ? attempt_kind::partial
                                                            : attempt_kind::not_runes;
  return out;
}

int ward_blow(const puzzle_rules& rules, int earlier) noexcept {
  // (capped: a door tried a million times is not an integer overflow)
  constexpr int most_counted = 10'000;
  const long long blow = static_cast<long long>(rules.ward_damage) +
                         static_cast<long long>(rules.ward_damage_step) * std::clamp(earlier, 0, most_counted);
  return static_cast<int>(std::min<long long>(blow, 1'000'000'000LL));
}

}  // namespace dw::content
