#include "mapgen/region_dividers.hpp"

#include <algorithm>

namespace dw::mapgen {

std::vector<rect> divide_equal(rng& random, rect area, std::pair<int, int> min_cells, std::pair<int, int> max_cells) {
  const int across = std::min(random.between(min_cells.first, max_cells.first), area.w);
  const int down = std::min(random.between(min_cells.second, max_cells.second), area.h);
  std::vector<rect> cells;
  cells.reserve(static_cast<std::size_t>(across) * static_cast<std::size_t>(down));
  for (int j = 0; j < down; ++j) {
    const int y0 = area.y + j * area.h / down;
    const int y1 = area.y + (j + 1) * area.h / down;
    for (int i = 0; i < across; ++i) {
      const int x0 = area.x + i * area.w / across;
      const int x1 = area.x + (i + 1) * area.w / across;
      cells.push_back({x0, y0, x1 - x0, y1 - y0});
    }
  }
  return cells;
}

namespace {

bool splits_across(const rect& r, std::pair<int, int> min) { return r.w >= 2 * min.first; }
bool splits_down(const rect& r, std::pair<int, int> min) { return r.h >= 2 * min.second; }

// Cuts r in two along x (across) or y, both halves at least min.
std::pair<rect, rect> split(rng& random, const rect& r, bool across, std::pair<int, int> min) {
  if (across) {
    const int cut = random.between(min.first, r.w - min.first);
    return {{r.x, r.y, cut, r.h}, {r.x + cut, r.y, r.w - cut, r.h}};
  }
  const int cut = random.between(min.second, r.h - min.second);
  return {{r.x, r.y, r.w, cut}, {r.x, r.y + cut, r.w, r.h - cut}};
}

// Which way to cut r among the ways allowed: at random when both are.
bool choose_across(rng& random, bool can_across, bool can_down) {
  if (can_across && can_down) {
    return random.chance(0.5);
  }
  return can_across;
}

}  // namespace

std::vector<rect> divide_bsp(rng& random, rect area, std::pair<int, int> min, std::pair<int, int> max, int wanted) {
  std::vector<rect> leaves;
  // First every leaf over max is split where it can be: a work list, so each rectangle is looked at
  // once (a 200x200 map in 1x1 leaves stays linear).
  std::vector<rect> work{area};
  while (!work.empty()) {
    const rect r = work.back();
    work.pop_back();
    const bool across = r.w > max.first && splits_across(r, min);
    const bool down = r.h > max.second && splits_down(r, min);
    if (!across && !down) {
      leaves.push_back(r);
      continue;
    }
    const auto [a, b] = split(random, r, choose_across(random, across, down), min);
    work.push_back(b);
    work.push_back(a);
  }
  // Then, while there are fewer leaves than wanted, a random leaf that can be split is.
  while (static_cast<int>(leaves.size()) < wanted) {
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < leaves.size(); ++i) {
      if (splits_across(leaves[i], min) || splits_down(leaves[i], min)) {
        open.push_back(i);
      }
    }
    if (open.empty()) {
      break;
    }
    const std::size_t pick = open[random.below(open.size())];
    const rect r = leaves[pick];
    const auto [a, b] = split(random, r, choose_across(random, splits_across(r, min), splits_down(r, min)), min);
    leaves[pick] = a;
    leaves.push_back(b);
  }
  return leaves;
}

std::vector<rect> sample_regions(rng& random, rect area, std::pair<int, int> min, std::pair<int, int> max, int number,
                                 int trials) {
  std::vector<rect> placed;
  const int max_w = std::min(max.first, area.w);
  const int max_h = std::min(max.second, area.h);
  const int min_w = std::min(min.first, max_w);
  const int min_h = std::min(min.second, max_h);
  for (int k = 0; k < number; ++k) {
    for (int t = 0; t < trials; ++t) {
      rect r;
      r.w = random.between(min_w, max_w);
      r.h = random.between(min_h, max_h);
      r.x = area.x + random.between(0, area.w - r.w);
      r.y = area.y + random.between(0, area.h - r.h);
      const bool clear = std::none_of(placed.begin(), placed.end(), [&](const rect& o) { return o.overlaps(r); });
      if (clear) {
        placed.push_back(r);
        break;
      }
    }
  }
  return placed;
}

std::vector<rect> pick_regions(rng& random, std::vector<rect> regions, int number) {
  for (std::size_t i = regions.size(); i > 1; --i) {
    std::swap(regions[i - 1], regions[random.below(i)]);
  }
  if (static_cast<int>(regions.size()) > number) {
    regions.resize(static_cast<std::size_t>(number));
  }
  return regions;
}

}  // namespace dw::mapgen
