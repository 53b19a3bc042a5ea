#include "dungeon/reach.hpp"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>

#include "dungeon/branch_info.hpp"
#include "dungeon/direction.hpp"
#include "dungeon/dungeon.hpp"

namespace dw::dungeon {

reach_without::reach_without(const dungeon& d, branch_id b, coord avoid) {
  const std::optional<branch_info> info = d.branch(b);
  if (!info) {
    return;
  }
  std::unordered_map<std::uint64_t, room> rooms;
  min_x_ = max_x_ = avoid.x;
  min_y_ = max_y_ = avoid.y;
  d.for_each_resident_room(b, [&](const room& r) {
    rooms.emplace(pack(r.pos), r);
    min_x_ = std::min<std::int64_t>(min_x_, r.pos.x);
    max_x_ = std::max<std::int64_t>(max_x_, r.pos.x);
    min_y_ = std::min<std::int64_t>(min_y_, r.pos.y);
    max_y_ = std::max<std::int64_t>(max_y_, r.pos.y);
  });
  min_x_ = std::min<std::int64_t>(min_x_, 0) - 1;
  max_x_ = std::max<std::int64_t>(max_x_, 0) + 1;
  min_y_ = std::min<std::int64_t>(min_y_, 0) - 1;
  max_y_ = std::max<std::int64_t>(max_y_, 0) + 1;
  for (const auto& kv : rooms) {
    rooms_.insert(kv.first);
  }
  rooms_.insert(pack(avoid));
  rooms_.insert(pack(start_pos));

  // The rooms players reach through the exits that exist.
  const coord first = first_room_pos(info->dir);
  std::vector<coord> walk;
  std::unordered_set<std::uint64_t> walked;
  if (first != avoid && rooms.count(pack(first)) != 0) {
    walk.push_back(first);
    walked.insert(pack(first));
  }
  std::vector<coord> spread;
  for (std::size_t i = 0; i < walk.size(); ++i) {
    const room& r = rooms.at(pack(walk[i]));
    for (direction dir : all_directions) {
      const std::optional<coord> n = step(r.pos, dir);
      const exit_state e = r.exit(dir);
      if (!n || *n == start_pos || *n == avoid) {
        continue;
      }
      if (e == exit_state::two_way || e == exit_state::one_way) {
        if (rooms.count(pack(*n)) != 0 && walked.insert(pack(*n)).second) {
          walk.push_back(*n);
        }
      } else if (e == exit_state::unexplored && rooms.count(pack(*n)) == 0 && places_.insert(pack(*n)).second) {
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
      if (!n || n->x < min_x_ || n->x > max_x_ || n->y < min_y_ || n->y > max_y_ || rooms_.count(pack(*n)) != 0) {
        continue;
      }
      if (places_.insert(pack(*n)).second) {
        spread.push_back(*n);
      }
    }
  }
}

bool reach_without::can_reach(coord c) const {
  if (rooms_.count(pack(c)) != 0) {
    return false;
  }
  if (c.x < min_x_ || c.x > max_x_ || c.y < min_y_ || c.y > max_y_) {
    return outside_;
  }
  return places_.count(pack(c)) != 0;
}

std::vector<coord> reach_without::nearest_places(coord to) const {
  std::vector<coord> out;
  out.reserve(places_.size());
  for (const std::uint64_t key : places_) {
    out.push_back(unpack(key));
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
