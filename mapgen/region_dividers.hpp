#pragma once

#include <utility>
#include <vector>

#include "mapgen/rng.hpp"
#include "mapgen/tile_map.hpp"

// Marahel's region dividers: ways to cut a map into rectangles that explorers can then work in one
// by one (`"region": "all"` or by number). Each is a pure function of the generator and the sizes.
namespace dw::mapgen {

/// `equal`: a grid of between min and max cells across and down (sides differ by at most one tile);
/// all cells, row by row. Cells never overlap and cover `area`.
std::vector<rect> divide_equal(rng& random, rect area, std::pair<int, int> min_cells, std::pair<int, int> max_cells);

/// `bsp`: binary space partitioning. Leaves cover `area` without overlap; every leaf is at least `min`
/// (when `area` is), and a leaf is larger than `max` only on a side too short to split into two of
/// `min`. Leaves are split further, at random, until there are at least `wanted` where possible.
std::vector<rect> divide_bsp(rng& random, rect area, std::pair<int, int> min, std::pair<int, int> max, int wanted);

/// `sampling`: up to `number` rectangles of sizes in [min, max] (cut to `area`), placed at random
/// inside `area`, none overlapping another; `trials` placements are tried for each before it is
/// given up.
std::vector<rect> sample_regions(rng& random, rect area, std::pair<int, int> min, std::pair<int, int> max, int number,
                                 int trials);

/// `number` of `regions` picked at random (all of them, shuffled, when there are fewer).
std::vector<rect> pick_regions(rng& random, std::vector<rect> regions, int number);

}  // namespace dw::mapgen
