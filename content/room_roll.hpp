#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "content/content_tables.hpp"
#include "content/monster_group.hpp"
#include "content/room_event.hpp"
#include "content/tape.hpp"

namespace dw::content {

/// Tape values a new room reads, in order: the event, the find, which monster, its size and count.
/// Every room reads all four whatever its event, so a fight always starts at the same place.
inline constexpr std::uint64_t room_tape_values = 4;

/// What is in a new room.
struct room_contents {
  room_event event = room_event::none;
  int depth = 0;
  std::optional<monster_group> monsters;  ///< set for MONSTER rooms
  std::optional<std::string> find_key;    ///< weapon or armour key for WEAPON / ARMOUR rooms
  std::uint64_t tape_position = room_tape_values;  ///< where the room's fight starts reading

  bool operator==(const room_contents&) const = default;
};

/// Rolls a new room from the start of its tape.
room_contents roll_room(const content_tables& tables, const tape& room_tape, int depth, carrier who);

/// A room with monsters is clear only once they are defeated, a rune lock once solved; an empty or
/// find-only room (or a rune hint) at once.
bool is_clear_at_start(const room_contents& room) noexcept;

/// The weapon or armour found with die roll `v` among those whose min_depth allows `depth`.
const item_def& roll_find(const content_tables& tables, item_kind kind, int depth, double v);

}  // namespace dw::content
