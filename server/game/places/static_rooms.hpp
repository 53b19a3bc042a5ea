#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "dungeon/direction.hpp"

namespace dw::game {

/// The one direction type, shared with the dungeon: n e s w (the grid) and u d (ladders), in the order
/// GMCP names them.
using exit_dir = dungeon::direction;
inline constexpr const auto& all_exit_dirs = dungeon::all_exits;
/// "north"
constexpr std::string_view exit_name(exit_dir d) { return dungeon::name(d); }
/// "n"
constexpr std::string_view exit_letter(exit_dir d) { return dungeon::name(d).substr(0, 1); }
/// "from above", "from the north"...
std::string_view arrival_from(exit_dir walked);

inline constexpr std::int64_t village_square_id = 1;
inline constexpr std::int64_t start_room_id = 2;
/// An exit of a static room that leads into the dungeon (the start room's four passages).
inline constexpr std::int64_t dungeon_passage = -1;

/// A room that exists always: the village square and the bottom of the well (the start room, (0,0)).
struct static_room {
  std::int64_t id = 0;
  std::string name;
  std::string description;
  std::string area;
  std::string environment;              ///< GMCP Room.Info's environment (dungeon rooms: their depth band)
  bool has_coords = false;              ///< the start room is (0,0); the village square has no coordinates
  std::array<std::int64_t, 6> exits{};  ///< target room id per exit_dir; 0 none; dungeon_passage
};

/// The fixed rooms above and at the top of the dungeon.
class static_rooms {
 public:
  static_rooms();
  const static_room* find(std::int64_t id) const;

 private:
  std::array<static_room, 2> rooms_;
};

}  // namespace dw::game
