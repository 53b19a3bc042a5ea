#include "mapgen/steps/door_joins.hpp"

#include <algorithm>
#include <array>

#include "mapgen/steps/corridors.hpp"

namespace dw::mapgen {
namespace {

constexpr std::array<point, 4> sides{{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};

// What the corridor search sees of each tile (values of a tile_map of its own).
constexpr entity_id rock = 0;      // dug at `dig`
constexpr entity_id open = 1;      // a corridor or a door: followed at 1
constexpr entity_id blocked = 2;  // a room or its wall: never entered

}  // namespace

door_joins::door_joins(const tile_map& map, rect area, std::span<const std::vector<point>> rooms)
    : area_(clip(area, map)),
      room_(static_cast<std::size_t>(area_.w) * static_cast<std::size_t>(area_.h), -1),
      door_(room_.size(), 0),
      candidates_(rooms.size()) {
  for (std::size_t k = 0; k < rooms.size(); ++k) {
    for (const point p : rooms[k]) {
      if (area_.contains(p)) {
        room_[at(p)] = static_cast<int>(k);
      }
    }
  }
  // Each room's candidates, in the order its tiles and their sides come: the same list on every machine.
  std::vector<int> seen(room_.size(), -1);  // the last room that looked at the tile
  for (std::size_t k = 0; k < rooms.size(); ++k) {
    for (const point inside : rooms[k]) {
      for (const point d : sides) {
        const point door{inside.x + d.x, inside.y + d.y};
        if (!area_.contains(door) || floor_at(door) || seen[at(door)] == static_cast<int>(k)) {
          continue;
        }
        seen[at(door)] = static_cast<int>(k);
        int in_room = 0;
        int in_other = 0;
        for (const point s : sides) {
          const point q{door.x + s.x, door.y + s.y};
          if (floor_at(q)) {
            (room_[at(q)] == static_cast<int>(k) ? in_room : in_other) += 1;
          }
        }
        const point beyond{door.x + d.x, door.y + d.y};
        const point left{door.x + d.y, door.y - d.x};
        const point right{door.x - d.y, door.y + d.x};
        if (in_room == 1 && in_other == 0 && !floor_at(left) && !floor_at(right) && area_.contains(beyond) &&
            !floor_at(beyond) && !near_floor(beyond)) {
          candidates_[k].push_back(door);
        }
      }
    }
  }
}

bool door_joins::near_floor(point p) const noexcept {
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      if (floor_at({p.x + dx, p.y + dy})) {
        return true;
      }
    }
  }
  return false;
}

bool door_joins::door_near(point p) const noexcept {
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      const point q{p.x + dx, p.y + dy};
      if (area_.contains(q) && door_[at(q)] != 0) {
        return true;
      }
    }
  }
  return false;
}

std::optional<point> door_joins::pick_door(int room, rng& random) {
  std::vector<point> free;
  for (const point c : candidates_[static_cast<std::size_t>(room)]) {
    if (!door_near(c)) {
      free.push_back(c);
    }
  }
  if (free.empty()) {
    return std::nullopt;
  }
  const point door = free[random.below(free.size())];
  door_[at(door)] = 1;
  return door;
}

int door_joins::join(tile_map& map, std::span<const edge> joins, std::span<const point> from_to,
                     const door_join_entities& as, int dig, rng& random) {
  // The search's own map: rooms and their walls blocked, corridors open, the rest rock.
  tile_map search(map.width(), map.height(), blocked);
  for (int y = area_.y; y < area_.y + area_.h; ++y) {
    for (int x = area_.x; x < area_.x + area_.w; ++x) {
      const point p{x, y};
      const entity_id e = map.at(p);
      search.set(p, floor_at(p) || near_floor(p) ? blocked : e == as.corridor || e == as.door ? open : rock);
    }
  }
  step_cost around(dig);
  around.set(rock, dig).set(open, 1).set(blocked, -1);
  step_cost through(dig);
  through.set(as.floor, 1).set(as.corridor, 1).set(as.door, 1);
  const std::array<entity_id, 3> keep{as.floor, as.corridor, as.door};
  path_finder finder;
  int door_to_door = 0;
  for (const edge& e : joins) {
    const std::optional<point> a = pick_door(e.a, random);
    const std::optional<point> b = a ? pick_door(e.b, random) : std::nullopt;
    std::vector<point> path;
    if (a && b) {
      search.set(*a, open);
      search.set(*b, open);
      path = finder.find(search, area_, *a, *b, around);
      if (path.empty()) {
        search.set(*a, blocked);
        search.set(*b, blocked);
      }
    }
    if (path.empty()) {
      // No door, or no way round: as `centres` joins them (the doors picked are given back).
      for (const std::optional<point>& d : {a, b}) {
        if (d) {
          door_[at(*d)] = 0;
        }
      }
      path = finder.find(map, area_, from_to[static_cast<std::size_t>(e.a)], from_to[static_cast<std::size_t>(e.b)], through);
      carve(map, path, keep, as.corridor);
      for (const point p : path) {
        if (!floor_at(p)) {
          search.set(p, open);
        }
      }
      continue;
    }
    ++door_to_door;
    for (const point p : path) {
      search.set(p, open);
      if (p == *a || p == *b) {
        map.set(p, as.door);
      } else if (std::find(keep.begin(), keep.end(), map.at(p)) == keep.end()) {
        map.set(p, as.corridor);
      }
    }
  }
  return door_to_door;
}

}  // namespace dw::mapgen
