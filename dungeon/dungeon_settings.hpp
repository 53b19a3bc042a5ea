#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace dw::dungeon {

/// Tunables of the dungeon model; the server fills them from config/deepwell.toml.
struct dungeon_settings {
  std::uint64_t world_seed = 0;
  std::uint32_t max_unexplored_exits = 4;           ///< per branch, at least 1
  std::int64_t branch_join_seconds = 300;           ///< team-up window after a branch is created
  std::int64_t branch_idle_collapse_seconds = 3600; ///< empty this long after the window: collapse
  /// The tutorial's literal rule: a spawn that leaves a branch without an unexplored exit ends it. Off (the
  /// default): such a spawn opens one new exit elsewhere in the branch instead (see way_on.hpp).
  bool branches_can_finish = false;

  friend constexpr bool operator==(const dungeon_settings&, const dungeon_settings&) = default;
};

/// Why the model cannot work with these settings, or nullopt when they are usable.
/// (The config layer applies tighter, user-facing ranges; this is the model's own floor.)
std::optional<std::string_view> settings_error(const dungeon_settings& s) noexcept;

}  // namespace dw::dungeon
