#pragma once

#include "mapgen/step.hpp"
#include "mapgen/steps/extent.hpp"
#include "mapgen/tile_map.hpp"

// What the two room steps (place_rooms, bsp_rooms) share: reading their `min` and `max` sizes, and
// writing a room's floor.
namespace dw::mapgen {

/// The smallest and largest size a room step may use.
struct size_range {
  extent min;
  extent max;
};

/// The `min` and `max` parameters ("WxH", each side 1..1000; the fallbacks when absent); throws
/// `param_error` naming `max` when it is smaller than `min` on either side.
[[nodiscard]] inline size_range read_size_range(const param_reader& params, extent min_fallback, extent max_fallback) {
  const auto [min_w, min_h] = params.size("min", {min_fallback.w, min_fallback.h}, 1, 1'000);
  const auto [max_w, max_h] = params.size("max", {max_fallback.w, max_fallback.h}, 1, 1'000);
  if (max_w < min_w || max_h < min_h) {
    throw param_error("max", "must be at least as large as min on both sides");
  }
  return {{min_w, min_h}, {max_w, max_h}};
}

/// Writes `e` on every tile of `room`, which must lie inside the map.
inline void fill_room(tile_map& map, const rect& room, entity_id e) {
  for (int y = room.y; y < room.y + room.h; ++y) {
    for (int x = room.x; x < room.x + room.w; ++x) {
      map.set({x, y}, e);
    }
  }
}

}  // namespace dw::mapgen
