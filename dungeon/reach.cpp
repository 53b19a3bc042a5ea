#include "dungeon/reach.hpp"

#include <algorithm>
#include <cstdlib>

#include "dungeon/branch_info.hpp"
#include "dungeon/direction.hpp"
#include "dungeon/dungeon.hpp"

namespace dw::dungeon {

reach_without::reach_without(const dungeon& d, branch_id b, coord avoid) {
  const std::optional<branch_info> info = d.branch(b);
  if (!info) {
    return;
  }
  std::vector<room> rooms;  // copies: the dungeon hands each room out for the call only
  min_x_ = max_x_ = avoid.x;
  min_y_ = max_y_ = avoid.y;
  d.for_each_resident_room(b, [&](const room& r) {
    rooms.push_back(r);
    min_x_ = std::min<std::int64_t>(min_x_, r.pos.x);
    max_x_ = std::max<std::int64_t>(max_x_, r.pos.x);
    min_y_ = std::min<std::int64_t>(min_y_, r.pos.y);
    max_y_ = std::max<std::int64_t>(max_y_, r.pos.y);
  });
  min_x_ = std::min<std::int64_t>(min_x_, 0) - 1;
  max_x_ = std::max<std::int64_t>(max_x_, 0) + 1;
  min_y_ = std::min<std::int64_t>(min_y_, 0) - 1;
  max_y_ = std::max<std::int64_t>(max_y_, 0) + 1;
  const auto width = static_cast<std::size_t>(max_x_ - min_x_ + 1);
  cells_.assign(width * static_cast<std::size_t>(max_y_ - min_y_ + 1), cell::empty);
  std::vector<const room*> room_at(cells_.size(), nullptr);  // the branch's room at each cell of the box
  for (const room& r : rooms) {
    cells_[index(r.pos)] = cell::wall;
    room_at[index(r.pos)] = &r;
  }
  cells_[index(avoid)] = cell::wall;
  cells_[index(start_pos)] = cell::wall;

  // The rooms players reach through the exits that exist.
  const coord first = first_room_pos(info->dir);
  std::vector<const room*> walk;
  std::vector<bool> walked(cells_.size(), false);
  if (first != avoid && room_at[index(first)] != nullptr) {
    walk.push_back(room_at[index(first)]);
    walked[index(first)] = true;
  }
  std::vector<coord> spread;
  for (std::size_t i = 0; i < walk.size(); ++i) {
    const room& r = *walk[i];
    for (direction dir : all_directions) {
      const std::optional<coord> n = step(r.pos, dir);
      const exit_state e = r.exit(dir);
      if (!n || *n == start_pos || *n == avoid) {
        continue;
      }
      // Every room lies inside the box and the box reaches one step past them, so n does too.
      const std::size_t at = index(*n);
      if (e == exit_state::two_way || e == exit_state::one_way) {
        if (room_at[at] != nullptr && !walked[at]) {
          walked[at] = true;
          walk.push_back(room_at[at]);
        }
      } else if (e == exit_state::unexplored && room_at[at] == nullptr && cells_[at] == cell::empty) {
        cells_[at] = cell::reached;
        spread.push_back(*n);
      }
    }
  }
  // From those exits on, through empty coordinates (within the box; its edge ring is empty and connected).
  for (std::size_t i = 0; i < spread.size(); ++i) {
    const coord c = spread[i];
    if (c.x <= min_x_ || c.x >= max_x_ || c.y <= min_y_ || c.y >= max_y_) {
      outside_ = true;
    }
    for (direction dir : all_directions) {
      const std::optional<coord> n = step(c, dir);
      if (!n || !in_box(*n)) {
        continue;
      }
      if (cell& next = cells_[index(*n)]; next == cell::empty) {
        next = cell::reached;
        spread.push_back(*n);
      }
    }
  }
}

bool reach_without::can_reach(coord c) const {
  if (cells_.empty()) {
    return false;  // no such branch
  }
  if (!in_box(c)) {
    return outside_;
  }
  return cells_[index(c)] == cell::reached;
}

std::vector<coord> reach_without::nearest_places(coord to) const {
  std::vector<coord> out;
  for (std::int64_t y = min_y_; y <= max_y_ && !cells_.empty(); ++y) {
    for (std::int64_t x = min_x_; x <= max_x_; ++x) {
      const coord c{static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)};
      if (cells_[index(c)] == cell::reached) {
        out.push_back(c);
      }
    }
  }
  const auto distance = [to](coord c) {
    return std::abs(static_cast<std::int64_t>(c.x) - to.x) + std::abs(static_cast<std::int64_t>(c.y) - to.y);
  };
  std::sort(out.begin(), out.end(), [&](coord a, coord b) {
    const std::int64_t da = distance(a);
    const std::int64_t db = distance(b);
    return da != db ? da < db : (a.x != b.x ? a.x < b.x : a.y < b.y);
  });
  return out;
}

std::optional<coord> reachable_place(const reach_without& reach, coord lock, const std::vector<coord>& candidates,
                                     function_ref<bool(coord)> refused) {
  const auto usable = [&](coord c) { return c != start_pos && reach.can_reach(c) && !refused(c); };
  for (const coord c : candidates) {
    if (usable(c)) {
      return c;
    }
  }
  for (const coord c : reach.nearest_places(lock)) {
    if (usable(c)) {
      return c;
    }
  }
  return std::nullopt;
}

}  // namespace dw::dungeon
