#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "content/puzzle.hpp"
#include "content/puzzle_rules.hpp"

namespace dw::content {

/// What a try at a rune door amounts to. Only a wrong order (every rune of the door, each once, in an order
/// that does not open it) costs anything; the rest is answered for free.
enum class attempt_kind : std::uint8_t {
  opens,         ///< the runes in the order that opens the door
  wrong_order,   ///< every rune of the door, each once, in another order: the ward strikes
  partial,       ///< runes of the door only, but not each of them once
  unknown_rune,  ///< a word that names no rune of this door (pressed)
  not_runes,     ///< speech that is not runes of the door at all: just speech
};

struct rune_attempt {
  attempt_kind kind = attempt_kind::not_runes;
  std::string unknown;  ///< unknown_rune: the first word that names no rune of the door
};

/// A press of `pressed` (words, letters only, in order) at `lock`'s door.
rune_attempt judge_press(const rune_lock& lock, const std::vector<std::string>& pressed);

/// Something said at `lock`'s door: its letters run together ("Sun, moon!" is "sunmoon") must spell the door's
/// runes and nothing else to be a try at all; anything else is not_runes.
rune_attempt judge_speech(const rune_lock& lock, std::string_view words);

/// Hit points the door's ward takes for a wrong order when `earlier` wrong orders were tried at that door
/// before: ward_damage, plus ward_damage_step for each earlier one (puzzles.toml).
int ward_blow(const puzzle_rules& rules, int earlier) noexcept;

}  // namespace dw::content
