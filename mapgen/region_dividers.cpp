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
bool splittable(const rect& r, std::pair<int, int> min) { return splits_across(r, min) || splits_down(r, min); }
bool over(const rect& r, std::pair<int, int> max) { return r.w > max.first || r.h > max.second; }

// Cuts r in two along x (across) or y, both halves at least min.
std::pair<rect, rect> split(rng& random, const rect& r, bool across, std::pair<int, int> min) {
  if (across) {
    const int cut = random.between(min.first, r.w - min.first);
    return {{r.x, r.y, cut, r.h}, {r.x + cut, r.y, r.w - cut, r.h}};
  }
  const int cut = random.between(min.second, r.h - min.second);
  return {{r.x, r.y, r.w, cut}, {r.x, r.y + cut, r.w, r.h - cut}};
}

// Which way to cut a splittable r, as Marahel's BinaryDivider.divide chooses: a coin says which side to
// try first; a side is taken when it is longer than two of min; when neither is, the side that is
// exactly two of min (Marahel then cuts the longer side, which may be too short: a leaf under min).
bool choose_across(rng& random, const rect& r, std::pair<int, int> min) {
  const bool wide = r.w > 2 * min.first;
  const bool tall = r.h > 2 * min.second;
  if (random.chance(0.5)) {
    if (wide || tall) {
      return wide;
    }
  } else if (wide || tall) {
    return !tall;
  }
  if (splits_across(r, min) && splits_down(r, min)) {
    return r.w > r.h;
  }
  return splits_across(r, min);
}

}  // namespace

std::vector<rect> divide_bsp(rng& random, rect area, std::pair<int, int> min, std::pair<int, int> max, int wanted) {
  // Marahel's BinaryDivider: while there are fewer leaves than wanted or one is over max, a leaf picked
  // at random among those that can be cut is cut. The leaves that can be cut are kept in a list (a pick
  // and a swap-remove each) and those over max counted, so a 200x200 map in 1x1 leaves stays linear.
  std::vector<rect> leaves{area};
  std::vector<std::size_t> open;
  int over_max = over(area, max) ? 1 : 0;
  if (splittable(area, min)) {
    open.push_back(0);
  }
  while (!open.empty() && (static_cast<int>(leaves.size()) < wanted || over_max > 0)) {
    const std::size_t k = random.below(open.size());
    const std::size_t pick = open[k];
    open[k] = open.back();
    open.pop_back();
    const rect r = leaves[pick];
    over_max -= over(r, max) ? 1 : 0;
    const auto [a, b] = split(random, r, choose_across(random, r, min), min);
    leaves[pick] = a;
    leaves.push_back(b);
    for (const std::size_t i : {pick, leaves.size() - 1}) {
      over_max += over(leaves[i], max) ? 1 : 0;
      if (splittable(leaves[i], min)) {
        open.push_back(i);
      }
    }
  }
  return leaves;
}

namespace {

// Occupied tiles of `area` as a summed-area table, so that whether a rectangle is free is four lookups.
class occupancy {
 public:
  occupancy(rect area, const std::vector<rect>& placed)
      : stride_(static_cast<std::size_t>(area.w) + 1),
        sums_(stride_ * (static_cast<std::size_t>(area.h) + 1), 0) {
    std::vector<int> cells(static_cast<std::size_t>(area.w) * static_cast<std::size_t>(area.h), 0);
    for (const rect& r : placed) {
      for (int y = r.y; y < r.y + r.h; ++y) {
        for (int x = r.x; x < r.x + r.w; ++x) {
          cells[static_cast<std::size_t>(y - area.y) * static_cast<std::size_t>(area.w) + static_cast<std::size_t>(x - area.x)] = 1;
        }
      }
    }
    for (int y = 0; y < area.h; ++y) {
      for (int x = 0; x < area.w; ++x) {
        sums_[at(x + 1, y + 1)] = cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(area.w) + static_cast<std::size_t>(x)] +
                                  sums_[at(x, y + 1)] + sums_[at(x + 1, y)] - sums_[at(x, y)];
      }
    }
  }

  /// True when the w x h rectangle whose top-left tile is `area`'s (x, y) (relative) holds nothing placed.
  [[nodiscard]] bool free(int x, int y, int w, int h) const noexcept {
    return sums_[at(x + w, y + h)] - sums_[at(x, y + h)] - sums_[at(x + w, y)] + sums_[at(x, y)] == 0;
  }

 private:
  [[nodiscard]] std::size_t at(int x, int y) const noexcept {
    return static_cast<std::size_t>(y) * stride_ + static_cast<std::size_t>(x);
  }

  std::size_t stride_;
  std::vector<int> sums_;
};

// A free spot for a w x h rectangle, chosen at random among all of them; false when there is none.
bool place_anywhere(rng& random, rect area, const occupancy& taken, int w, int h, rect& out) {
  std::uint64_t spots = 0;
  for (int y = 0; y + h <= area.h; ++y) {
    for (int x = 0; x + w <= area.w; ++x) {
      spots += taken.free(x, y, w, h) ? 1 : 0;
    }
  }
  if (spots == 0) {
    return false;
  }
  std::uint64_t chosen = random.below(spots);
  for (int y = 0; y + h <= area.h; ++y) {
    for (int x = 0; x + w <= area.w; ++x) {
      if (taken.free(x, y, w, h) && chosen-- == 0) {
        out = {area.x + x, area.y + y, w, h};
        return true;
      }
    }
  }
  return false;
}

}  // namespace

std::vector<rect> sample_regions(rng& random, rect area, std::pair<int, int> min, std::pair<int, int> max, int number,
                                 int trials) {
  const int max_w = std::min(max.first, area.w);
  const int max_h = std::min(max.second, area.h);
  const int min_w = std::min(min.first, max_w);
  const int min_h = std::min(min.second, max_h);
  std::vector<rect> placed;
  for (int k = 0; k < number; ++k) {
    // A size and a spot at random, tried `trials` times (where there is room this is all it takes)...
    rect r;
    bool clear = false;
    for (int t = 0; t < trials && !clear; ++t) {
      r.w = random.between(min_w, max_w);
      r.h = random.between(min_h, max_h);
      r.x = area.x + random.between(0, area.w - r.w);
      r.y = area.y + random.between(0, area.h - r.h);
      clear = std::none_of(placed.begin(), placed.end(), [&](const rect& o) { return o.overlaps(r); });
    }
    // ...then, as Marahel moves and shrinks a region until it fits, every free spot for the last size
    // is looked at, and the size is shrunk (the excess over min halved) until one is found.
    if (!clear) {
      const occupancy taken(area, placed);
      for (int w = r.w, h = r.h;; w = min_w + (w - min_w) / 2, h = min_h + (h - min_h) / 2) {
        if (place_anywhere(random, area, taken, w, h, r)) {
          clear = true;
          break;
        }
        if (w == min_w && h == min_h) {
          break;
        }
      }
    }
    if (clear) {
      placed.push_back(r);
    }
  }
  // Where the regions taken one at a time leave no room for all of them (a tight fit: 4 of 6x6 in
  // 12x12), a grid of regions of the minimum size may hold more: `number` of its cells, at random.
  if (static_cast<int>(placed.size()) < number && min_w > 0 && min_h > 0) {
    std::vector<rect> grid;
    for (int y = 0; y + min_h <= area.h; y += min_h) {
      for (int x = 0; x + min_w <= area.w; x += min_w) {
        grid.push_back({area.x + x, area.y + y, min_w, min_h});
      }
    }
    if (grid.size() > placed.size()) {
      placed = pick_regions(random, std::move(grid), number);
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
