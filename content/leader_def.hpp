#pragma once

#include <string>
#include <vector>

#include "content/monster_def.hpp"

namespace dw::content {

/// One line of a leader's drop table: the item falls when the drop roll lands in its share.
struct leader_drop {
  std::string item;     ///< a weapons.toml or armour.toml key
  double chance = 0.0;  ///< its share of the drop roll; a table's shares add up to at most 1

  bool operator==(const leader_drop&) const = default;
};

/// A named leader (monsters.toml [[leaders]]): met alone, instead of the ordinary monsters, in some monster
/// rooms around a milestone depth. Its fight is an ordinary fight_state naming `kind.key` with the size
/// key `leader_size_key`, so it saves and resumes like any other.
struct leader_def {
  /// key, name (read after "the" in a fight: "the rat-king Gnawbone hits you"), plural (the same: a leader is
  /// one), description, hp and damage at depth 0 (scaled by depth as any monster's). min_depth is depth - reach,
  /// weight is unused and drops is empty (its own table is `drops` below).
  monster_def kind;
  std::string title;    ///< how the room and look name it: "Old Gnawbone, the rat-king"
  std::string arrival;  ///< said above its name while it stands in the room
  int depth = 0;        ///< the milestone
  int reach = 0;        ///< met at depth - reach .. depth + reach
  double chance = 0.0;  ///< the share of monster rooms there that hold it (the top of the which-monster roll)
  std::vector<leader_drop> drops;  ///< rolled with the loot's drop roll, instead of the ordinary drop
  int silver = 0;   ///< silver a win over it gives beyond the fight's own, always
  int scrolls = 0;  ///< the fewest scrolls a win over it gives (never above fights.toml max_scrolls)

  /// Whether it is met at `d`.
  bool met_at(int d) const noexcept { return d >= depth - reach && d <= depth + reach; }

  bool operator==(const leader_def&) const = default;
};

/// The size key a leader's group and fight carry (a leader has no size class).
inline constexpr const char* leader_size_key = "leader";

}  // namespace dw::content
