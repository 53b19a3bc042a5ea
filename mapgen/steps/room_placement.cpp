#include "mapgen/steps/room_placement.hpp"

#include <algorithm>

#include "mapgen/steps/factories.hpp"
#include "mapgen/steps/room_params.hpp"

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
        floor_(params.entity("floor", "empty")),
        sizes_(read_size_range(params, {3, 3}, {7, 5})) {}

  void run(tile_map& map, rect area, rng& random) const override {
    for (const rect& room : place_rooms(random, area, count_, sizes_.min, sizes_.max, tries_, gap_)) {
      fill_room(map, room, floor_);
    }
  }

 private:
  int count_;
  int tries_;
  int gap_;
  entity_id floor_;
  size_range sizes_;
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
