#pragma once

#include <cstdint>
#include <string_view>

namespace dw::content {

/// What a new room holds.
/// Stored as its number (rooms.event): keep the order. rune_lock and rune_hint are puzzles (puzzle.hpp), never
/// rolled by roll_event.
enum class room_event : std::uint8_t { none, monster, weapon, armour, rune_lock, rune_hint };

/// "none", "monster", "weapon", "armour", "rune lock", "rune hint".
std::string_view to_string(room_event event) noexcept;

/// What the character entering a room already carries; it changes which events can happen.
struct carrier {
  bool has_weapon = false;
  bool has_armour = false;
};

/// The event for die roll `v`: a quarter each to start, shifted by what the character carries.
room_event roll_event(double v, carrier who) noexcept;

}  // namespace dw::content
