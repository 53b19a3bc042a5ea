#pragma once

// Finds world seeds whose dungeon starts a certain way, using the same pure content code as the
// server, so tests can ask for "a monster in the first room" without guessing.
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "content/content_tables.hpp"
#include "content/fight_round.hpp"
#include "content/room_roll.hpp"
#include "content/tape.hpp"
#include "dungeon/random.hpp"

namespace dw::testing {

/// The random tape of the first room of East branch 1, at (1,0), in a world of `seed`: keyed, as every new
/// branch's, by the branch's own seed (world seed, direction, number), not by its id.
inline content::tape first_room_east_tape(std::int64_t seed) {
  const auto world = static_cast<std::uint64_t>(seed);
  return content::tape(content::tape_seed(world, dungeon::branch_seed(world, dungeon::direction::east, 1), 1, 0));
}

/// A world seed (searched upward from 1) whose East branch 1 first room holds no monsters for a character
/// carrying nothing, so it is clear and its unexplored exits lead on. -1 when none is found.
inline std::int64_t seed_without_monsters(const content::content_tables& tables) {
  for (std::int64_t seed = 1; seed < 5000; ++seed) {
    if (content::roll_room(tables, first_room_east_tape(seed), 1, {}).event != content::room_event::monster) {
      return seed;
    }
  }
  return -1;
}

/// The first world seed (searched upward from 1) whose East branch 1 first room, at (1,0) and depth 1,
/// holds monsters for a character carrying nothing, and whose fight's first round against that character,
/// bare-handed at `hp` of `hp` hit points, passes `wanted(fight, round)` (`fight` as the round left it,
/// `round` its content::round_result). -1 when none is found.
template <typename Wanted>
std::int64_t seed_with_first_round(const content::content_tables& tables, int hp, Wanted wanted) {
  for (std::int64_t seed = 1; seed < 5000; ++seed) {
    const content::tape tape = first_room_east_tape(seed);
    const auto rolled = content::roll_room(tables, tape, 1, {});
    if (rolled.event != content::room_event::monster) {
      continue;
    }
    auto fight = content::start_fight(rolled);
    const std::vector<content::fighter> me{{1, hp, hp, std::nullopt, std::nullopt}};
    const content::round_result round = content::fight_round(tables, tape, *fight, me);
    if (wanted(std::as_const(*fight), round)) {
      return seed;
    }
  }
  return -1;
}

/// A world seed (searched upward from 1) whose East branch 1 first room, at (1,0) and depth 1, holds
/// monsters for a character carrying nothing; with `needs_scroll`, one whose fight (bare hands, never
/// knocked out) ends with at least one scroll. -1 when none is found.
inline std::int64_t seed_with_monsters(const content::content_tables& tables, bool needs_scroll) {
  for (std::int64_t seed = 1; seed < 5000; ++seed) {
    const content::tape tape = first_room_east_tape(seed);
    const auto rolled = content::roll_room(tables, tape, 1, {});
    if (rolled.event != content::room_event::monster) {
      continue;
    }
    if (!needs_scroll) {
      return seed;
    }
    auto fight = content::start_fight(rolled);
    const std::vector<content::fighter> me{{1, 1000000, 1000000, std::nullopt, std::nullopt}};
    for (int round = 0; round < 1000 && fight && !fight->won(); ++round) {
      const auto result = content::fight_round(tables, tape, *fight, me);
      if (result.won && result.rewards && !result.rewards->scroll_seeds.empty()) {
        return seed;
      }
    }
  }
  return -1;
}

}  // namespace dw::testing
