#pragma once

#include <optional>
#include <span>
#include <vector>

#include "mapgen/rng.hpp"
#include "mapgen/steps/astar.hpp"
#include "mapgen/steps/edge.hpp"
#include "mapgen/tile_map.hpp"

// Seed 003's way of joining rooms: door to door. Each connection between two rooms gets a door of its
// own on each of them, a wall tile chosen at random among those that are not a corner and not blocked,
// and A* digs the corridor from one door to the other around the rooms, so rooms are entered only by
// their doors and no two corridors leave a room by the same opening. (The other way, `centres`, digs
// from a tile near one room's centre to one near the other's, through whatever lies between.)
namespace dw::mapgen {

/// What door_joins writes.
struct door_join_entities {
  entity_id floor;     ///< the rooms' floor (what the rooms are made of)
  entity_id corridor;  ///< written on the corridors between the doors
  entity_id door;      ///< written on the doors
};

/// The rooms of `area` (each a list of its tiles, e.g. connected_areas of the floor) and the doors and
/// corridors between them. Doors and corridors stay inside `area`.
class door_joins {
 public:
  door_joins(const tile_map& map, rect area, std::span<const std::vector<point>> rooms);

  /// A door for `room`, at random among its candidates: a tile that is not floor, with exactly one of its
  /// four neighbours in the room (the inside) and none in another; the tiles either side of it along the
  /// wall are not floor (not a corner); the tile beyond it, away from the room, is inside the area, not
  /// floor and not beside any floor (not blocked: a corridor can leave from there); and no door is there
  /// or next to it yet. Taken from then on. std::nullopt when the room has none left.
  std::optional<point> pick_door(int room, rng& random);

  /// Joins the rooms of each edge in order (indices into `rooms`): a door on each, then the cheapest path
  /// from door to door that keeps off the rooms and their walls (corridors cost 1 to follow, anything
  /// else `dig`); the doors get `door`, the path between them `corridor`. A join with no door left on a
  /// room, or no such path, is dug as `centres` does instead: from `from_to[a]` to `from_to[b]`, floor
  /// and corridor costing 1 and anything else `dig`. Returns how many joins were dug door to door.
  int join(tile_map& map, std::span<const edge> joins, std::span<const point> from_to, const door_join_entities& as,
           int dig, rng& random);

 private:
  [[nodiscard]] std::size_t at(point p) const noexcept {
    return static_cast<std::size_t>(p.y - area_.y) * static_cast<std::size_t>(area_.w) +
           static_cast<std::size_t>(p.x - area_.x);
  }
  [[nodiscard]] bool near_floor(point p) const noexcept;
  [[nodiscard]] bool floor_at(point p) const noexcept { return area_.contains(p) && room_[at(p)] >= 0; }
  [[nodiscard]] bool door_near(point p) const noexcept;  // a door taken on p or next to it

  rect area_;
  std::vector<int> room_;                       // per tile of area: its room, or -1
  std::vector<unsigned char> door_;             // per tile of area: 1 where a door is taken
  std::vector<std::vector<point>> candidates_;  // per room: its door candidates before any is taken
};

}  // namespace dw::mapgen
