#pragma once

#include <span>
#include <vector>

#include "mapgen/tile_map.hpp"

// The separate pieces of floor a corridor step has to join, and the one tile that stands for each.
namespace dw::mapgen {

/// The 4-connected areas of the tiles of `area` holding one of `entities`; each area's tiles in row
/// order, the areas in the row order of their first tiles.
[[nodiscard]] std::vector<std::vector<point>> connected_areas(const tile_map& map, rect area,
                                                              std::span<const entity_id> entities);

/// The tile of `tiles` (not empty) nearest their centroid, ties to the smaller y, then x: inside the
/// area even when the area is not convex (the centroid itself may be a wall).
[[nodiscard]] point representative(std::span<const point> tiles);

}  // namespace dw::mapgen
