#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

#include "dungeon/coord.hpp"

namespace dw::dungeon {

/// Every way out of a room: the four grid directions, whose numeric values index room::exits, and up and
/// down, which only fixed rooms above the grid have (the village square and the well's ladder).
enum class direction : std::uint8_t { north = 0, east = 1, south = 2, west = 3, up = 4, down = 5 };

/// The grid directions in index order (n, e, s, w); iteration order is part of determinism.
inline constexpr std::array<direction, 4> all_directions{direction::north, direction::east, direction::south,
                                                         direction::west};
/// Every direction, grid ones first (n, e, s, w, u, d): the order exits are listed in.
inline constexpr std::array<direction, 6> all_exits{direction::north, direction::east, direction::south,
                                                    direction::west,  direction::up,   direction::down};

/// True for north, east, south and west (the directions a dungeon room can have exits in).
constexpr bool is_grid(direction d) noexcept { return static_cast<std::uint8_t>(d) < 4U; }

/// The array index of a direction.
constexpr std::size_t index_of(direction d) noexcept { return static_cast<std::size_t>(d); }

/// One bit per direction, for small direction sets.
constexpr std::uint8_t bit_of(direction d) noexcept { return static_cast<std::uint8_t>(1U << index_of(d)); }

/// The reverse direction (north <-> south, east <-> west, up <-> down).
constexpr direction opposite(direction d) noexcept {
  if (!is_grid(d)) {
    return d == direction::up ? direction::down : direction::up;
  }
  return static_cast<direction>((static_cast<std::uint8_t>(d) + 2U) & 3U);
}

/// The grid offset of one step: n=(0,+1), e=(+1,0), s=(0,-1), w=(-1,0).
constexpr coord shift(direction d) noexcept {
  switch (d) {
    case direction::north:
      return {0, 1};
    case direction::east:
      return {1, 0};
    case direction::south:
      return {0, -1};
    case direction::west:
      return {-1, 0};
    case direction::up:
    case direction::down:
      break;  // not on the grid
  }
  return {0, 0};
}

/// c plus one step in d, or nullopt when that leaves the int32 grid (or d is up or down).
constexpr std::optional<coord> step(coord c, direction d) noexcept {
  if (!is_grid(d)) {
    return std::nullopt;
  }
  const coord s = shift(d);
  const std::int64_t x = static_cast<std::int64_t>(c.x) + s.x;
  const std::int64_t y = static_cast<std::int64_t>(c.y) + s.y;
  constexpr std::int64_t lo = std::numeric_limits<std::int32_t>::min();
  constexpr std::int64_t hi = std::numeric_limits<std::int32_t>::max();
  if (x < lo || x > hi || y < lo || y > hi) {
    return std::nullopt;
  }
  return coord{static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)};
}

/// "north", "east", "south", "west", "up", "down".
constexpr std::string_view name(direction d) noexcept {
  constexpr std::array<std::string_view, 6> names{"north", "east", "south", "west", "up", "down"};
  return names[index_of(d)];
}

/// 'n', 'e', 's', 'w', 'u', 'd'.
constexpr char letter(direction d) noexcept { return name(d)[0]; }

/// Parses a grid direction, "n"/"north" (any case, surrounding blanks ignored); nullopt for anything else.
std::optional<direction> parse_direction(std::string_view text) noexcept;

}  // namespace dw::dungeon
