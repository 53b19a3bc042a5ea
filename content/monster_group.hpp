#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "content/content_tables.hpp"

namespace dw::content {

/// The monsters met in one room, already scaled for its depth.
struct monster_group {
  std::string monster_key;
  std::string size_key;
  int count = 1;        ///< how many
  int hp_each = 1;      ///< hit points of each at the start
  int damage_each = 1;  ///< most damage each living one adds to a round's blow
  int depth = 0;

  /// Hit points of the whole group.
  std::int64_t total_hp() const noexcept { return static_cast<std::int64_t>(count) * hp_each; }
  /// Most damage the whole group deals to one fighter in a round while all are alive.
  std::int64_t max_damage() const noexcept { return static_cast<std::int64_t>(count) * damage_each; }

  bool operator==(const monster_group&) const = default;
};

/// Hit points and damage are capped so that every product stays within int at any depth.
inline constexpr int monster_stat_cap = 1'000'000;

/// Which monster (one die roll, depth-restricted by min_depth and weighted) and how big and how many
/// (ONE die roll: it picks the size class, and where it fell inside that class picks the count).
monster_group make_monster_group(const content_tables& tables, int depth, double which_roll, double size_roll);

/// A monster room's monsters at `depth`: where a leader is met (content_tables::leader_at), the top `chance`
/// of the which-monster roll is the leader, alone; the rest of the roll, stretched back to [0,1), picks the
/// ordinary monsters as make_monster_group does. Elsewhere exactly make_monster_group. (Wanderers use
/// make_monster_group: leaders stay in their rooms.)
monster_group make_room_monsters(const content_tables& tables, int depth, double which_roll, double size_roll);

/// A leader's group at `depth`: one, of size leader_size_key, its hp and damage scaled for the depth.
monster_group leader_group(const content_tables& tables, const leader_def& leader, int depth);

/// The group for a known monster, size class and count before scaling; make_monster_group and
/// expected_difficulty both go through it so they cannot disagree.
monster_group scale_monster_group(const content_tables& tables, std::size_t monster_index, std::size_t size_index,
                                  int base_count, int depth);

/// "three large cave rats", "a cave rat"; a leader by its title ("Old Gnawbone, the rat-king").
std::string describe_monster_group(const content_tables& tables, const monster_group& group);

}  // namespace dw::content
