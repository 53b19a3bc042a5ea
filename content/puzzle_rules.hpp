#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dw::content {

/// One row of puzzles.toml [[depths]]: from min_depth on, a new room is a rune lock with `chance`, and
/// its door carries `runes` runes.
struct puzzle_depth {
  int min_depth = 0;
  double chance = 0.0;
  int runes = 0;

  bool operator==(const puzzle_depth&) const = default;
};

/// puzzles.toml: rune locks and the hint rooms that hold their solutions, and what a wrong order costs.
struct puzzle_rules {
  std::vector<std::string> runes;     ///< rune names (identifiers), at least as many as any row asks for
  std::vector<puzzle_depth> depths;   ///< ascending min_depth; no puzzles above the first
  int hint_min_distance = 2;          ///< Manhattan steps from the lock to its hint room, at least 1
  int hint_max_distance = 4;
  int reward_scrolls = 1;             ///< scrolls dropped when a lock is solved
  int ward_damage = 4;                ///< hit points a wrong order costs whoever tries it at a door...
  int ward_damage_step = 2;           ///< ...and this many more for each wrong order already tried there

  bool operator==(const puzzle_rules&) const = default;
};

}  // namespace dw::content
