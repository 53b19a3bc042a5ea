#pragma once

#include <cstdint>
#include <vector>

namespace dw::content {

/// levels.toml [[levels]]: what one level gives, counted from level 1.
struct level_def {
  int level = 1;
  std::int64_t xp = 0;  ///< experience that reaches this level
  int hp = 0;           ///< maximum hit points above game.character_max_hp
  double hit = 0.0;     ///< share of what is left of each blow's roll added to it (0..0.5)
  int damage = 0;       ///< added to the most a blow can deal

  bool operator==(const level_def&) const = default;
};

/// levels.toml: how experience is earned and what levels give.
struct progression_rules {
  std::int64_t per_monster = 8;    ///< experience a defeated monster is worth at depth 0
  std::int64_t per_depth = 4;      ///< ... and more for each level of its depth
  std::int64_t per_new_depth = 15;  ///< x a new personal deepest depth
  std::vector<level_def> levels;   ///< level 1 first, one row a level, xp rising

  /// The row of the level that `xp` reaches (the last row whose xp it reaches).
  const level_def& level_for(std::int64_t xp) const;
  /// The row after `level` (nullptr at the top of the table).
  const level_def* next_after(int level) const;
  /// Experience a won fight gives in all: `monsters` defeated at `depth`.
  std::int64_t fight_xp(int depth, int monsters) const;
  /// Experience for reaching `depth` deeper than ever before.
  std::int64_t depth_xp(int depth) const { return per_new_depth * depth; }

  bool operator==(const progression_rules&) const = default;
};

}  // namespace dw::content
