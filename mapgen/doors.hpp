#pragma once

#include <array>
#include <optional>
#include <span>

#include "mapgen/rng.hpp"
#include "mapgen/tile_map.hpp"

// Doors for a generated room: an opening in the outer wall on each side the dungeon asks for, and every
// door and every walkable area joined, so no player is shut in a pocket or shut out of a door.
namespace dw::mapgen {

/// Which sides get a door: bits of place_doors' `sides`, and indices of door_plan::doors.
enum class side : unsigned { north = 0, east = 1, south = 2, west = 3 };

/// The bit of `sides` that asks for a door on `s`.
constexpr unsigned side_bit(side s) noexcept { return 1U << static_cast<unsigned>(s); }

/// Where place_doors put each door, indexed north, east, south, west.
struct door_plan {
  std::array<std::optional<point>, 4> doors;

  [[nodiscard]] const std::optional<point>& at(side s) const noexcept { return doors[static_cast<unsigned>(s)]; }
};

/// Puts a `door` on the outer border on each side in `sides` (never a corner; the tile nearest the
/// side's middle that opens onto a walkable tile, ties at random, or a random tile of the side's middle
/// half if none does), then carves `floor` with A* (walkable tiles cost 1, others 3) until the doors and
/// every walkable tile (`walkable`, and `floor`) form one 4-connected set. Digging stays off the outer
/// border: border tiles that were walkable are kept and joined from inside (one exception: a walkable
/// corner cut off by the walls beside it gets one of those walls dug). A map narrower or shorter
/// than 3 is all border: left as it is without doors, and std::invalid_argument if doors are asked for.
door_plan place_doors(tile_map& map, unsigned sides, std::span<const entity_id> walkable, entity_id floor,
                      entity_id door, rng& random);

}  // namespace dw::mapgen
