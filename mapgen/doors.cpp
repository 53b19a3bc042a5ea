#include "mapgen/doors.hpp"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <stdexcept>
#include <vector>

#include "mapgen/steps/astar.hpp"
#include "mapgen/steps/corridors.hpp"
#include "mapgen/steps/floor_areas.hpp"

namespace dw::mapgen {
namespace {

constexpr int dig_cost = 3;

// The k-th tile along a side (k = 0 and k = length-1 are the corners) and the tile just inside it.
struct side_walk {
  side which;
  int width;
  int height;

  [[nodiscard]] int length() const noexcept {
    return which == side::north || which == side::south ? width : height;
  }
  [[nodiscard]] point border(int k) const noexcept {
    switch (which) {
      case side::north: return {k, 0};
      case side::east: return {width - 1, k};
      case side::south: return {k, height - 1};
      case side::west: return {0, k};
    }
    return {};
  }
  [[nodiscard]] point inside(int k) const noexcept {
    switch (which) {
      case side::north: return {k, 1};
      case side::east: return {width - 2, k};
      case side::south: return {k, height - 2};
      case side::west: return {1, k};
    }
    return {};
  }
};

point choose_door(const tile_map& map, const side_walk& walk, const std::vector<entity_id>& open, rng& random) {
  auto is_open = [&](point p) { return std::find(open.begin(), open.end(), map.at(p)) != open.end(); };
  const int len = walk.length();
  // Twice the distance to the middle, so even lengths (two middle tiles) stay in integers.
  auto off_middle = [&](int k) { return std::abs(2 * k - (len - 1)); };
  std::vector<int> best;
  for (int k = 1; k <= len - 2; ++k) {
    if (!is_open(walk.inside(k))) {
      continue;
    }
    if (!best.empty() && off_middle(k) < off_middle(best.front())) {
      best.clear();
    }
    if (best.empty() || off_middle(k) == off_middle(best.front())) {
      best.push_back(k);
    }
  }
  if (best.empty()) {
    for (int k = 1; k <= len - 2; ++k) {
      if (2 * off_middle(k) <= len - 2) {  // the middle half of the side
        best.push_back(k);
      }
    }
  }
  return walk.border(best[random.below(best.size())]);
}

bool on_border(const tile_map& map, point p) {
  return p.x == 0 || p.y == 0 || p.x == map.width() - 1 || p.y == map.height() - 1;
}

bool is_corner(const tile_map& map, point p) {
  return (p.x == 0 || p.x == map.width() - 1) && (p.y == 0 || p.y == map.height() - 1);
}

// The tile inside the border next to a non-corner border tile.
point inward(const tile_map& map, point p) {
  if (p.y == 0) {
    return {p.x, 1};
  }
  if (p.y == map.height() - 1) {
    return {p.x, p.y - 1};
  }
  return p.x == 0 ? point{1, p.y} : point{p.x - 1, p.y};
}

// A tile of the inside that belongs to (or is dug to touch) an area, for the corridors to aim at.
point anchor(tile_map& map, const std::vector<point>& tiles, const std::vector<entity_id>& open, entity_id floor) {
  std::vector<point> inner;
  std::copy_if(tiles.begin(), tiles.end(), std::back_inserter(inner), [&](point p) { return !on_border(map, p); });
  if (!inner.empty()) {
    return representative(inner);
  }
  point edge_tile = tiles.front();
  if (tiles.size() == 1 && is_corner(map, edge_tile)) {
    // Walled in on both sides along the border: the one place we dig the border (see doors.hpp).
    edge_tile = {edge_tile.x == 0 ? 1 : edge_tile.x - 1, edge_tile.y};
    map.set(edge_tile, floor);
  } else {
    edge_tile = *std::find_if(tiles.begin(), tiles.end(), [&](point p) { return !is_corner(map, p); });
  }
  const point in = inward(map, edge_tile);
  if (std::find(open.begin(), open.end(), map.at(in)) == open.end()) {
    map.set(in, floor);
  }
  return in;
}

}  // namespace

door_plan place_doors(tile_map& map, unsigned sides, std::span<const entity_id> walkable, entity_id floor,
                      entity_id door, rng& random) {
  door_plan plan;
  sides &= 0xFU;
  if (map.width() < 3 || map.height() < 3) {
    if (sides != 0) {
      throw std::invalid_argument("place_doors: a map with doors must be at least 3 by 3");
    }
    return plan;  // all border: nothing may be dug
  }
  std::vector<entity_id> open(walkable.begin(), walkable.end());
  open.push_back(floor);
  for (const side s : {side::north, side::east, side::south, side::west}) {
    if ((sides & side_bit(s)) != 0) {
      const point p = choose_door(map, {s, map.width(), map.height()}, open, random);
      map.set(p, door);
      plan.doors[static_cast<unsigned>(s)] = p;
    }
  }

  open.push_back(door);
  std::vector<point> anchors;
  for (const auto& tiles : connected_areas(map, map.bounds(), open)) {
    anchors.push_back(anchor(map, tiles, open, floor));
  }
  const rect inside{1, 1, map.width() - 2, map.height() - 2};
  step_cost cost(dig_cost);
  for (const entity_id e : open) {
    cost.set(e, 1);
  }
  path_finder finder;
  for (const edge& e : nearest_joins(anchors)) {
    const std::vector<point> path =
        finder.find(map, inside, anchors[static_cast<std::size_t>(e.a)], anchors[static_cast<std::size_t>(e.b)], cost);
    carve(map, path, open, floor);
  }
  return plan;
}

}  // namespace dw::mapgen
