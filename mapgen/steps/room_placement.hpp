#pragma once

#include <vector>

#include "mapgen/rng.hpp"
#include "mapgen/steps/extent.hpp"
#include "mapgen/tile_map.hpp"

// Simple room placement: pick a size and a spot at random, keep the room if it clears the others,
// else try again, a bounded number of times per room (so a crowded area ends the loop, not the map).
namespace dw::mapgen {

/// Up to `count` rooms inside `area`, sizes between `min` and `max` (clamped to the area), each room
/// tried `tries` times; no two rooms overlap or have fewer than `gap` tiles between them.
[[nodiscard]] std::vector<rect> place_rooms(rng& random, rect area, int count, extent min, extent max, int tries,
                                            int gap);

}  // namespace dw::mapgen
