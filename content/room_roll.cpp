#include "content/room_roll.hpp"

#include <algorithm>
#include <span>

#include "content/weighted_pick.hpp"

namespace dw::content {

const item_def& roll_find(const content_tables& tables, item_kind kind, int depth, double v) {
  depth = std::max(depth, 0);
  const std::vector<item_def>& items = kind == item_kind::weapon ? tables.weapons : tables.armour;
  // Validation guarantees an item of each kind at depth 0.
  const std::size_t index =
      pick_weighted(std::span<const item_def>(items), v, [depth](const item_def& i) { return i.min_depth <= depth; })
          .value_or(0);
  return items[index];
}

room_contents roll_room(const content_tables& tables, const tape& room_tape, int depth, carrier who) {
  tape_reader reader(room_tape);
  const double event_roll = reader.next();
  const double find_roll = reader.next();
  const double which_roll = reader.next();
  const double size_roll = reader.next();

  room_contents room;
  room.depth = depth < 0 ? 0 : depth;
  room.event = roll_event(event_roll, who);
  room.tape_position = reader.position();
  switch (room.event) {
    case room_event::monster:
      room.monsters = make_room_monsters(tables, room.depth, which_roll, size_roll);
      break;
    case room_event::weapon:
      room.find_key = roll_find(tables, item_kind::weapon, room.depth, find_roll).key;
      break;
    case room_event::armour:
      room.find_key = roll_find(tables, item_kind::armour, room.depth, find_roll).key;
      break;
    case room_event::none:
    case room_event::rune_lock:
    case room_event::rune_hint:
      break;
  }
  return room;
}

bool is_clear_at_start(const room_contents& room) noexcept {
  if (room.event == room_event::rune_lock) {
    return false;  // sealed until its runes are pressed (puzzle.hpp)
  }
  return !room.monsters.has_value() || room.monsters->count <= 0;
}

}  // namespace dw::content
