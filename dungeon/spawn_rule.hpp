#pragma once

#include <algorithm>
#include <cstdint>

namespace dw::dungeon {

/// Inclusive range of how many new unexplored exits a spawned room may get.
struct exit_count_range {
  std::uint32_t min = 0;
  std::uint32_t max = 0;

  friend constexpr bool operator==(const exit_count_range&, const exit_count_range&) = default;
};

/// The rule for k: 0 <= k <= min(budget - open, candidates) (negative -> 0); a dead end (k = 0) only while
/// another exit is open, so with open == 0 and a candidate available k >= 1.
constexpr exit_count_range new_exit_range(std::uint32_t open, std::uint32_t budget,
                                          std::uint32_t candidates) noexcept {
  const std::uint32_t room_left = budget > open ? budget - open : 0;
  exit_count_range r{0, std::min(room_left, candidates)};
  if (open == 0 && candidates > 0) {
    // budget >= 1 is validated, so max >= 1 here; the min() only guards a budget of 0.
    r.min = std::min<std::uint32_t>(1, r.max);
  }
  return r;
}

/// Chooses the spawned room's new unexplored exits: k uniform in new_exit_range, then k of the candidate
/// directions uniformly. candidate_mask and the result are direction bit masks (bit_of()). Draws only from seed.
std::uint8_t choose_new_exits(std::uint64_t seed, std::uint8_t candidate_mask, std::uint32_t open,
                              std::uint32_t budget) noexcept;

}  // namespace dw::dungeon
