#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "dungeon/branch_info.hpp"
#include "dungeon/coord.hpp"
#include "dungeon/direction.hpp"
#include "dungeon/room.hpp"
#include "dungeon/static_vector.hpp"

namespace dw::dungeon {

/// The model's id allocators; persist them so ids are never reused after a restart or a collapse.
struct id_counters {
  room_id next_room_id = 3;  ///< 1 and 2 are the server's static rooms
  std::uint64_t next_branch_sequence = 1;
  std::array<std::uint32_t, 4> next_branch_number{1, 1, 1, 1};  ///< per direction, indexed by direction

  friend constexpr bool operator==(const id_counters&, const id_counters&) = default;
};

/// An exit a spawn opened in an existing room because the branch would otherwise have run dry.
struct opened_exit {
  room_id room = 0;  ///< the room that got the exit (its new value is among the change set's rooms)
  coord pos{};
  direction dir = direction::north;

  friend constexpr bool operator==(const opened_exit&, const opened_exit&) = default;
};

/// What one model operation changed and the caller must persist (upsert every value as given; write the
/// branch before its rooms, as a new branch arrives together with its first room).
struct change_set {
  /// A spawn touches at most: the new room, the room walked from, three rooms whose exits turned one-way, and
  /// the room that got a new exit when the branch would have run dry.
  static constexpr std::size_t max_rooms = 6;

  static_vector<room, max_rooms> rooms;  ///< created or modified rooms, full values; a new room comes first
  std::optional<branch_info> branch;     ///< the branch's info, when it changed (or was created)
  std::optional<id_counters> counters;   ///< the allocators, when an id was taken
  /// The exit a spawn opened elsewhere so that the branch keeps a way on (its room is among `rooms`, so it is
  /// saved with the spawn itself: whoever is told about it can rely on it being committed).
  std::optional<opened_exit> opened;

  /// True when nothing needs persisting.
  bool empty() const noexcept { return rooms.empty() && !branch && !counters; }
};

}  // namespace dw::dungeon
