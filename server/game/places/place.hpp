#pragma once

// A place: a room as people meet it, the same value for the fixed rooms and the dungeon's. A value type,
// so that whoever reads places (encounters through `ground`, the commands, login) needs no part's class.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dungeon/branch_info.hpp"
#include "dungeon/coord.hpp"
#include "server/game/places/static_rooms.hpp"

namespace dw::game {

/// How an exit of a place leads on.
enum class exit_kind : std::uint8_t {
  open,        ///< to a known room, both ways
  one_way,     ///< to a known room that has no way back
  unexplored,  ///< nobody has gone that way yet (blocked until the room is cleared)
  to_well,     ///< back to the start room
  passage,     ///< a start exit into whichever branch is open
};

struct place_exit {
  exit_dir dir = exit_dir::north;
  exit_kind kind = exit_kind::open;
  std::int64_t target = 0;  ///< the room it leads to (0: not known yet)
  /// to_well only: the branch's team-up window has closed, so the well's passage no longer leads back in here.
  bool no_way_back_in = false;
};

/// A room as people meet it, whether it is one of the fixed rooms or one the dungeon made.
struct place {
  std::int64_t id = 0;
  std::int64_t branch = 0;  ///< 0 for the fixed rooms
  std::string name;
  std::string description;
  std::string area;                      ///< "Deepwell village", "East branch 3"
  std::string environment;               ///< the depth band's name ("Water-logged passage"), "Village"
  std::optional<dungeon::coord> coords;  ///< on the grid (the well is (0,0)); the square has none
  int depth = 0;
  bool clear = true;
  std::vector<place_exit> exits;  ///< in the order n e s w u d
};

/// "East branch 3"
std::string branch_name(const dungeon::branch_info& b);

}  // namespace dw::game
