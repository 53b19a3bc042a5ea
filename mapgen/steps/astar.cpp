#include "mapgen/steps/astar.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace dw::mapgen {
namespace {

// Ordered by f, then by h (nearer the goal first), then by tile: no two entries of one search compare
// equal (a tile is pushed again only with a smaller g), so the expansion order is fully determined.
struct later {
  template <typename Entry>
  bool operator()(const Entry& l, const Entry& r) const noexcept {
    if (l.f != r.f) {
      return l.f > r.f;
    }
    if (l.h != r.h) {
      return l.h > r.h;
    }
    return l.index > r.index;
  }
};

constexpr std::array<point, 4> steps{{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};

}  // namespace

step_cost& step_cost::set(entity_id e, int cost) {
  const auto slot = static_cast<std::size_t>(e + 1);
  if (table_.size() <= slot) {
    table_.resize(slot + 1, other_);
  }
  table_[slot] = cost;
  return *this;
}

int step_cost::operator()(entity_id e) const noexcept {
  const auto slot = static_cast<std::size_t>(e + 1);
  return slot < table_.size() ? table_[slot] : other_;
}

int step_cost::cheapest() const noexcept {
  int best = other_ >= 0 ? other_ : -1;
  for (const int c : table_) {
    if (c >= 0 && (best < 0 || c < best)) {
      best = c;
    }
  }
  return std::max(best, 0);
}

rect clip(rect area, const tile_map& map) noexcept {
  const int x0 = std::max(area.x, 0);
  const int y0 = std::max(area.y, 0);
  const int x1 = std::min(area.x + area.w, map.width());
  const int y1 = std::min(area.y + area.h, map.height());
  return {x0, y0, std::max(x1 - x0, 0), std::max(y1 - y0, 0)};
}

void path_finder::prepare(std::size_t tiles) {
  if (seen_.size() < tiles) {
    seen_.assign(tiles, 0);
    closed_.assign(tiles, 0);
    g_.resize(tiles);
    parent_.resize(tiles);
    stamp_ = 0;
  }
  if (++stamp_ == 0) {  // wrapped after 2^32 searches: old stamps could look current
    std::fill(seen_.begin(), seen_.end(), 0);
    std::fill(closed_.begin(), closed_.end(), 0);
    stamp_ = 1;
  }
  open_.clear();
}

std::vector<point> path_finder::find(const tile_map& map, rect area, point from, point to, const step_cost& cost) {
  area = clip(area, map);
  if (!area.contains(from) || !area.contains(to)) {
    return {};
  }
  if (from == to) {
    return {from};  // no step, so no cost: even a wall is where it already is
  }
  if (cost(map.at(to)) < 0) {
    return {};
  }
  prepare(static_cast<std::size_t>(area.w) * static_cast<std::size_t>(area.h));
  const std::int64_t unit = cost.cheapest();
  auto index_of = [&](point p) { return static_cast<std::int32_t>((p.y - area.y) * area.w + (p.x - area.x)); };
  auto point_of = [&](std::int32_t i) { return point{area.x + i % area.w, area.y + i / area.w}; };
  auto heuristic = [&](point p) { return unit * (std::abs(p.x - to.x) + std::abs(p.y - to.y)); };

  const std::int32_t start = index_of(from);
  const std::int32_t goal = index_of(to);
  seen_[static_cast<std::size_t>(start)] = stamp_;
  g_[static_cast<std::size_t>(start)] = 0;
  parent_[static_cast<std::size_t>(start)] = -1;
  open_.push_back({heuristic(from), heuristic(from), start});

  while (!open_.empty()) {
    std::pop_heap(open_.begin(), open_.end(), later{});
    const open_entry top = open_.back();
    open_.pop_back();
    const auto i = static_cast<std::size_t>(top.index);
    if (closed_[i] == stamp_) {
      continue;  // a stale entry: this tile was expanded with a smaller g
    }
    closed_[i] = stamp_;
    if (top.index == goal) {
      break;
    }
    const point here = point_of(top.index);
    for (const point d : steps) {
      const point next{here.x + d.x, here.y + d.y};
      if (!area.contains(next)) {
        continue;
      }
      const int c = cost(map.at(next));
      const auto j = static_cast<std::size_t>(index_of(next));
      if (c < 0 || closed_[j] == stamp_) {
        continue;
      }
      const std::int64_t g = g_[i] + c;
      if (seen_[j] == stamp_ && g >= g_[j]) {
        continue;
      }
      seen_[j] = stamp_;
      g_[j] = g;
      parent_[j] = top.index;
      const std::int64_t h = heuristic(next);
      open_.push_back({g + h, h, static_cast<std::int32_t>(j)});
      std::push_heap(open_.begin(), open_.end(), later{});
    }
  }
  if (closed_[static_cast<std::size_t>(goal)] != stamp_) {
    return {};
  }
  std::vector<point> path;
  for (std::int32_t at = goal; at != -1; at = parent_[static_cast<std::size_t>(at)]) {
    path.push_back(point_of(at));
  }
  std::reverse(path.begin(), path.end());
  return path;
}

std::vector<point> astar(const tile_map& map, rect area, point from, point to, const step_cost& cost) {
  path_finder finder;
  return finder.find(map, area, from, to, cost);
}

}  // namespace dw::mapgen
