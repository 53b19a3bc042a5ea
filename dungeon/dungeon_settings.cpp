#include "dungeon/dungeon_settings.hpp"

namespace dw::dungeon {

std::optional<std::string_view> settings_error(const dungeon_settings& s) noexcept {
  if (s.max_unexplored_exits < 1) {
    // With a budget of 0 a branch could never grow past its first room.
    return "max_unexplored_exits must be at least 1";
  }
  if (s.branch_join_seconds < 0) {
    return "branch_join_seconds must not be negative";
  }
  if (s.branch_idle_collapse_seconds < 0) {
    return "branch_idle_collapse_seconds must not be negative";
  }
  return std::nullopt;
}

}  // namespace dw::dungeon
