#pragma once

#include <cstdint>

#include "mapgen/rng.hpp"
#include "mapgen/tile_map.hpp"

// The drunkard's walk: walkers stagger one tile north, east, south or west at a time and dig as they go,
// which carves winding, organic caves that are connected by construction.
namespace dw::mapgen {

struct drunkard_options {
  entity_id floor = 1;
  double share = 0.4;           ///< stop once this share of the area's tiles is floor
  int walkers = 1;              ///< walkers, taking one step each in turn
  bool random_start = false;    ///< each walker starts on a random tile, else all at the centre
  int border = 1;               ///< tiles along the area's edge that are never dug
  std::int64_t max_steps = -1;  ///< a bound on steps, all walkers together; negative: 20 × the area
};

/// Walks inside `area` less `border`, digging `floor`; returns the number of floor tiles in `area` at the
/// end (at least share × area unless the steps ran out or the inner area is too small).
std::int64_t drunkard_walk(tile_map& map, rect area, const drunkard_options& options, rng& random);

}  // namespace dw::mapgen
