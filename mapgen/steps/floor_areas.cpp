#include "mapgen/steps/floor_areas.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "mapgen/steps/astar.hpp"

namespace dw::mapgen {

std::vector<std::vector<point>> connected_areas(const tile_map& map, rect area, std::span<const entity_id> entities) {
  area = clip(area, map);
  const auto w = static_cast<std::size_t>(area.w);
  const std::size_t tiles = w * static_cast<std::size_t>(area.h);
  // Which tile values are wanted, by value + 1 (`unknown` is -1; no map holds less): a lookup per tile
  // instead of a search of `entities`.
  int highest = -1;
  for (const entity_id e : entities) {
    highest = std::max(highest, static_cast<int>(e));
  }
  std::vector<unsigned char> wanted(static_cast<std::size_t>(highest) + 2, 0);
  for (const entity_id e : entities) {
    if (e >= unknown) {
      wanted[static_cast<std::size_t>(e + 1)] = 1;
    }
  }
  const auto is_wanted = [&](point p) {
    const auto v = static_cast<std::size_t>(map.at(p) + 1);
    return v < wanted.size() && wanted[v] != 0;
  };
  // Label every area breadth-first, seeds in row order: area k's seed is its first tile in row order,
  // so labels number the areas in the row order of their first tiles.
  constexpr std::int32_t none = -1;
  std::vector<std::int32_t> label(tiles, none);
  std::vector<std::uint32_t> queue;
  queue.reserve(tiles);
  std::vector<std::size_t> sizes;
  constexpr std::array<point, 4> steps{{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
  for (std::size_t i = 0; i < tiles; ++i) {
    const point seed{area.x + static_cast<int>(i % w), area.y + static_cast<int>(i / w)};
    if (label[i] != none || !is_wanted(seed)) {
      continue;
    }
    const auto k = static_cast<std::int32_t>(sizes.size());
    label[i] = k;
    queue.assign(1, static_cast<std::uint32_t>(i));
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const point u{area.x + static_cast<int>(queue[head] % w), area.y + static_cast<int>(queue[head] / w)};
      for (const point d : steps) {
        const point q{u.x + d.x, u.y + d.y};
        if (!area.contains(q)) {
          continue;
        }
        const std::size_t j = static_cast<std::size_t>(q.y - area.y) * w + static_cast<std::size_t>(q.x - area.x);
        if (label[j] == none && is_wanted(q)) {
          label[j] = k;
          queue.push_back(static_cast<std::uint32_t>(j));
        }
      }
    }
    sizes.push_back(queue.size());
  }
  // Each area's tiles in row order: one scan of the labels, no sort.
  std::vector<std::vector<point>> areas(sizes.size());
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    areas[k].reserve(sizes[k]);
  }
  for (std::size_t i = 0; i < tiles; ++i) {
    if (label[i] != none) {
      areas[static_cast<std::size_t>(label[i])].push_back({area.x + static_cast<int>(i % w), area.y + static_cast<int>(i / w)});
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
