#pragma once

#include <cstdint>

#include "dungeon/coord.hpp"
#include "dungeon/direction.hpp"
#include "dungeon/room.hpp"

namespace dw::dungeon {

/// Everything about a branch except its rooms; small enough to keep for every branch, resident or not.
struct branch_info {
  branch_id id = 0;
  direction dir = direction::north;  ///< the start exit it hangs off
  std::uint32_t number = 0;          ///< per-direction sequence: "East branch 3"
  std::uint64_t sequence = 0;        ///< global sequence (the id); no longer part of the seed
  /// What the branch's rooms are drawn from, as stored with the branch: branch_seed(world_seed, dir, number) for
  /// branches opened since per-direction seeds, branch_seed(world_seed, sequence) for older ones. Rooms are
  /// always regenerated from this stored value, never from a recomputed one.
  std::uint64_t seed = 0;
  /// What the random tapes of the branch's rooms (their items, monsters, fights, puzzles) are keyed by, as
  /// stored with the branch: `seed` for branches opened since tapes were keyed per branch (issue 28), so
  /// "East branch 1" holds the same whatever opened first; the id for older ones (schema version 9 recorded
  /// it), whose stored rooms and fights keep the values they were drawn with.
  std::uint64_t tape_key = 0;
  std::int64_t created = 0;          ///< unix seconds
  std::int64_t window_end = 0;       ///< joining is possible while now < window_end
  std::int64_t last_occupied = 0;    ///< when the occupant count last dropped to 0 (or creation)
  std::uint32_t unexplored = 0;      ///< unexplored exits in the whole branch, resident or not
  std::uint32_t room_count = 0;      ///< rooms in the whole branch, resident or not
  std::uint32_t occupants = 0;       ///< characters inside, as counted by the caller

  friend constexpr bool operator==(const branch_info&, const branch_info&) = default;
};

/// Position of a branch's first room: one step from the start room.
constexpr coord first_room_pos(direction d) noexcept { return shift(d); }

/// True while the team-up window is open (and the first room's way back still leads back in).
constexpr bool window_open(const branch_info& b, std::int64_t now) noexcept { return now < b.window_end; }

/// True while others walking the same start exit join this branch: the window is open and there is still a
/// way on (a branch with no unexplored exit is never joined; the start exit opens a new branch instead).
constexpr bool joinable(const branch_info& b, std::int64_t now) noexcept {
  return window_open(b, now) && b.unexplored > 0;
}

}  // namespace dw::dungeon
