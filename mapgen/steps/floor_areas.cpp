#include "mapgen/steps/floor_areas.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "mapgen/steps/astar.hpp"

namespace dw::mapgen {

std::vector<std::vector<point>> connected_areas(const tile_map& map, rect area, std::span<const entity_id> entities) {
  area = clip(area, map);
  // Which tile values are wanted, by value + 1 (`unknown` is -1; no map holds less): a lookup per tile
  // instead of a search of `entities`.
  int highest = -1;
  for (const entity_id e : entities) {
    highest = std::max(highest, static_cast<int>(e));
  }
  std::array<unsigned char, 256> small{};
  std::vector<unsigned char> large;
  unsigned char* wanted = small.data();
  if (static_cast<std::size_t>(highest) + 2 > small.size()) {
    large.assign(static_cast<std::size_t>(highest) + 2, 0);
    wanted = large.data();
  }
  for (const entity_id e : entities) {
    if (e >= unknown) {
      wanted[e + 1] = 1;
    }
  }
  const auto limit = static_cast<std::size_t>(highest) + 2;
  // Labels on the area with a one-tile frame around it, so a step to a side is an offset and never a
  // bounds test: `no` for the frame and unwanted tiles, `open` for a wanted tile not yet labelled. The
  // buffers are the thread's, kept from call to call (a map's doors and corridors ask several times).
  constexpr std::int32_t no = -2;
  constexpr std::int32_t open = -1;
  thread_local std::vector<std::int32_t> label;
  thread_local std::vector<std::uint32_t> queue;
  const std::size_t stride = static_cast<std::size_t>(area.w) + 2;
  label.assign(stride * (static_cast<std::size_t>(area.h) + 2), no);
  const entity_id* tiles = map.tiles().data();
  for (int y = 0; y < area.h; ++y) {
    const entity_id* row = tiles + static_cast<std::size_t>(area.y + y) * static_cast<std::size_t>(map.width()) + area.x;
    std::int32_t* out = label.data() + (static_cast<std::size_t>(y) + 1) * stride + 1;
    for (int x = 0; x < area.w; ++x) {
      const auto v = static_cast<std::size_t>(row[x] + 1);
      out[x] = v < limit && wanted[v] != 0 ? open : no;
    }
  }
  // Breadth-first from seeds in row order: area k's seed is its first tile in row order, so labels
  // number the areas in the row order of their first tiles.
  const std::array<std::ptrdiff_t, 4> steps{-static_cast<std::ptrdiff_t>(stride), 1, static_cast<std::ptrdiff_t>(stride), -1};
  std::vector<std::size_t> sizes;
  for (std::size_t i = stride; i < label.size() - stride; ++i) {
    if (label[i] != open) {
      continue;
    }
    const auto k = static_cast<std::int32_t>(sizes.size());
    label[i] = k;
    queue.assign(1, static_cast<std::uint32_t>(i));
    for (std::size_t head = 0; head < queue.size(); ++head) {
      for (const std::ptrdiff_t d : steps) {
        const auto j = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(queue[head]) + d);
        if (label[j] == open) {
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
  for (int y = 0; y < area.h; ++y) {
    const std::int32_t* row = label.data() + (static_cast<std::size_t>(y) + 1) * stride + 1;
    for (int x = 0; x < area.w; ++x) {
      if (row[x] >= 0) {
        areas[static_cast<std::size_t>(row[x])].push_back({area.x + x, area.y + y});
      }
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
