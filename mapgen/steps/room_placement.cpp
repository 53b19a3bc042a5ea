#include "mapgen/steps/room_placement.hpp"

#include <algorithm>

#include "mapgen/steps/factories.hpp"

namespace dw::mapgen {
namespace {

// Rooms closer than `gap` in both directions are too close: grow one by the gap and test overlap.
bool clears(const rect& room, const std::vector<rect>& placed, int gap) {
  const rect grown{room.x - gap, room.y - gap, room.w + 2 * gap, room.h + 2 * gap};
  return std::none_of(placed.begin(), placed.end(), [&](const rect& other) { return grown.overlaps(other); });
}

class place_rooms_step final : public step {
 public:
  explicit place_rooms_step(const param_reader& params)
      : count_(params.integer("rooms", 6, 0, 10'000)),
        tries_(params.integer("tries", 50, 1, 100'000)),
        gap_(params.integer("gap", 1, 0, 1'000)),
        floor_(params.entity("floor", "empty")) {
    const auto [min_w, min_h] = params.size("min", {3, 3}, 1, 1'000);
    const auto [max_w, max_h] = params.size("max", {7, 5}, 1, 1'000);
    if (max_w < min_w || max_h < min_h) {
      throw param_error("max", "must be at least as large as min on both sides");
    }
    min_ = {min_w, min_h};
    max_ = {max_w, max_h};
  }

  void run(tile_map& map, rect area, rng& random) const override {
    for (const rect& room : place_rooms(random, area, count_, min_, max_, tries_, gap_)) {
      for (int y = room.y; y < room.y + room.h; ++y) {
        for (int x = room.x; x < room.x + room.w; ++x) {
          map.set({x, y}, floor_);
        }
      }
    }
  }

 private:
  int count_;
  int tries_;
  int gap_;
  entity_id floor_;
  extent min_;
  extent max_;
};

}  // namespace

std::vector<rect> place_rooms(rng& random, rect area, int count, extent min, extent max, int tries, int gap) {
  std::vector<rect> placed;
  const int max_w = std::min(max.w, area.w);
  const int max_h = std::min(max.h, area.h);
  if (max_w < min.w || max_h < min.h || max_w <= 0 || max_h <= 0) {
    return placed;  // not even the smallest room fits
  }
  for (int room = 0; room < count; ++room) {
    for (int attempt = 0; attempt < tries; ++attempt) {
      const int w = random.between(std::max(min.w, 1), max_w);
      const int h = random.between(std::max(min.h, 1), max_h);
      const rect candidate{random.between(area.x, area.x + area.w - w), random.between(area.y, area.y + area.h - h), w,
                           h};
      if (clears(candidate, placed, gap)) {
        placed.push_back(candidate);
        break;
      }
    }
  }
  return placed;
}

std::unique_ptr<step> make_place_rooms_step(const param_reader& params) {
  params.only({"rooms", "min", "max", "tries", "gap", "floor"});
  return std::make_unique<place_rooms_step>(params);
}

}  // namespace dw::mapgen
