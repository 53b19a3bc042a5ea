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

/// `bsp`: binary space partitioning as Marahel's BinaryDivider: while there are fewer than `wanted`
/// leaves or one is over `max`, a leaf picked at random among those that can be cut in two of `min` is
/// cut (a coin picks the side to try first). Leaves cover `area` without overlap; every leaf is at least
/// `min` (when `area` is; Marahel's code may cut below it), and a leaf is larger than `max` only on a
/// side too short to cut into two of `min`. Usually more than `wanted`: pick_regions keeps `wanted`.
std::vector<rect> divide_bsp(rng& random, rect area, std::pair<int, int> min, std::pair<int, int> max, int wanted);

/// `sampling`: `number` rectangles of sizes in [min, max] (cut to `area`), none overlapping another,
/// placed one at a time: a size and a spot drawn at random, `trials` times; if none is free, every free
/// spot for that size is looked at, shrinking it (the excess over min halved each time) until one is
/// found. If that leaves some out, a grid of minimum-size cells that holds more is used instead
/// (`number` of its cells at random). Fewer than `number` only when neither finds room for them.
std::vector<rect> sample_regions(rng& random, rect area, std::pair<int, int> min, std::pair<int, int> max, int number,
                                 int trials);

/// `number` of `regions` picked at random (all of them, shuffled, when there are fewer).
std::vector<rect> pick_regions(rng& random, std::vector<rect> regions, int number);

}  // namespace dw::mapgen
