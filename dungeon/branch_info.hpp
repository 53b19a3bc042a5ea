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
  std::uint64_t sequence = 0;        ///< global sequence; seeds the branch
  std::uint64_t seed = 0;            ///< branch_seed(world_seed, sequence)
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

/// True while others walking the same start exit still join this branch.
constexpr bool window_open(const branch_info& b, std::int64_t now) noexcept { return now < b.window_end; }

}  // namespace dw::dungeon
