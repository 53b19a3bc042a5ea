#pragma once

#include <cstdint>

#include "dungeon/change_set.hpp"
#include "dungeon/direction.hpp"
#include "dungeon/room.hpp"

namespace dw::dungeon {

/// Outcome of a move; everything but `moved` and `to_start` leaves the character where it was.
enum class move_status : std::uint8_t {
  moved,              ///< destination holds the room arrived in
  to_start,           ///< walked the first room's way back into the start room
  no_exit,            ///< no exit in that direction
  blocked_not_clear,  ///< the exit is unexplored and the room is not clear yet
  blocked_in_combat,  ///< every exit is refused during combat
  no_such_room,       ///< the branch or the room to move from does not exist (a caller error)
};

/// Result of dungeon::move.
struct move_result {
  move_status status = move_status::no_such_room;
  direction dir = direction::north;  ///< the direction tried
  room destination{};                ///< valid when status == moved
  bool spawned = false;              ///< destination was created by this move
  change_set changes;                ///< what to persist (empty unless spawned)
};

/// Result of dungeon::enter_from_start.
struct enter_result {
  branch_id branch = 0;
  room first_room{};
  bool new_branch = false;  ///< false: joined a branch whose window was open
  change_set changes;       ///< the new branch and its first room (empty when joining)
};

}  // namespace dw::dungeon
