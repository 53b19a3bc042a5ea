#pragma once

#include <vector>

#include "mapgen/rng.hpp"
#include "mapgen/steps/extent.hpp"
#include "mapgen/tile_map.hpp"

// Binary space partitioning: cut the area in two, again and again, until each piece fits the largest
// room size; the pieces (leaves) tile the area exactly, so rooms placed one per leaf never collide.
namespace dw::mapgen {

/// The leaves of a random partition of `area`, in depth-first order (first half first). A piece is cut
/// across the side that exceeds `max` (the longer side when both do and one is at least 5/4 of the other,
/// else a random one), at a random spot leaving both halves at least `min`; a piece that fits `max`, or
/// that no cut can keep at `min`, is a leaf. Leaves smaller than `min` only when the area is.
[[nodiscard]] std::vector<rect> bsp_leaves(rng& random, rect area, extent min, extent max);

}  // namespace dw::mapgen
