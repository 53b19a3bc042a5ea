#include "content/room_event.hpp"

namespace dw::content {

std::string_view to_string(room_event event) noexcept {
  switch (event) {
    case room_event::none:
      return "none";
    case room_event::monster:
      return "monster";
    case room_event::weapon:
      return "weapon";
    case room_event::armour:
      return "armour";
    case room_event::rune_lock:
      return "rune lock";
    case room_event::rune_hint:
      return "rune hint";
  }
  return "none";
}

room_event roll_event(double v, carrier who) noexcept {
  const auto quarter = static_cast<int>(v * 4.0);
  room_event event = quarter <= 0 ? room_event::none
                     : quarter == 1 ? room_event::monster
                     : quarter == 2 ? room_event::weapon
                                    : room_event::armour;
  // The rule of the tape: a character who already carries a weapon does not meet WEAPON, which
  // becomes NONE; one who already wears armour does not meet ARMOUR, which becomes MONSTER. So NONE
  // and MONSTER each range from 25% (carrying nothing) to 50% (carrying that item).
  if (event == room_event::weapon && who.has_weapon) {
    event = room_event::none;
  } else if (event == room_event::armour && who.has_armour) {
    event = room_event::monster;
  }
  return event;
}

}  // namespace dw::content
