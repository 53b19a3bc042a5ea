#pragma once

// Finds world seeds whose dungeon starts a certain way, using the same pure content code as the
// server, so tests can ask for "a monster in the first room" without guessing.
#include <cstdint>
#include <optional>
#include <vector>

#include "content/content_tables.hpp"
#include "content/fight_round.hpp"
#include "content/room_roll.hpp"
#include "content/tape.hpp"

namespace dw::testing {

/// A world seed (searched upward from 1) whose East branch 1 first room, at (1,0) and depth 1, holds
/// monsters for a character carrying nothing; with `needs_scroll`, one whose fight (bare hands, never
/// knocked out) ends with at least one scroll. -1 when none is found.
inline std::int64_t seed_with_monsters(const content::content_tables& tables, bool needs_scroll) {
  for (std::int64_t seed = 1; seed < 5000; ++seed) {
    const content::tape tape(content::tape_seed(static_cast<std::uint64_t>(seed), 1, 1, 0));
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
