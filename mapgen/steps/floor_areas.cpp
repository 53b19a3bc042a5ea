#include "mapgen/steps/floor_areas.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "mapgen/steps/astar.hpp"

namespace dw::mapgen {

std::vector<std::vector<point>> connected_areas(const tile_map& map, rect area, std::span<const entity_id> entities) {
  area = clip(area, map);
  std::vector<std::vector<point>> areas;
  std::vector<bool> done(static_cast<std::size_t>(area.w) * static_cast<std::size_t>(area.h), false);
  auto slot = [&](point p) {
    return static_cast<std::size_t>(p.y - area.y) * static_cast<std::size_t>(area.w) + static_cast<std::size_t>(p.x - area.x);
  };
  auto wanted = [&](point p) {
    return std::find(entities.begin(), entities.end(), map.at(p)) != entities.end();
  };
  constexpr std::array<point, 4> steps{{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
  for (int y = area.y; y < area.y + area.h; ++y) {
    for (int x = area.x; x < area.x + area.w; ++x) {
      const point seed{x, y};
      if (done[slot(seed)] || !wanted(seed)) {
        continue;
      }
      std::vector<point> tiles{seed};
      done[slot(seed)] = true;
      for (std::size_t next = 0; next < tiles.size(); ++next) {
        for (const point d : steps) {
          const point q{tiles[next].x + d.x, tiles[next].y + d.y};
          if (area.contains(q) && !done[slot(q)] && wanted(q)) {
            done[slot(q)] = true;
            tiles.push_back(q);
          }
        }
      }
      std::sort(tiles.begin(), tiles.end(), [](point a, point b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
      areas.push_back(std::move(tiles));
    }
  }
  return areas;
}

point representative(std::span<const point> tiles) {
  // Compare n·p against the coordinate sums instead of p against a fractional centroid: exact.
  const auto n = static_cast<std::int64_t>(tiles.size());
  std::int64_t sx = 0;
  std::int64_t sy = 0;
  for (const point p : tiles) {
    sx += p.x;
    sy += p.y;
  }
  auto distance = [&](point p) {
    const std::int64_t dx = n * p.x - sx;
    const std::int64_t dy = n * p.y - sy;
    return dx * dx + dy * dy;
  };
  point best = tiles.front();
  std::int64_t best_distance = distance(best);
  for (const point p : tiles) {
    const std::int64_t d = distance(p);
    if (d < best_distance || (d == best_distance && (p.y < best.y || (p.y == best.y && p.x < best.x)))) {
      best = p;
      best_distance = d;
    }
  }
  return best;
}

}  // namespace dw::mapgen
