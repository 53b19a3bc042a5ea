#pragma once

#include "mapgen/rng.hpp"
#include "mapgen/tile_map.hpp"

// Cellular automata caves: scatter walls at random, then let each tile follow its neighbours a few times,
// so noise settles into smooth caverns.
namespace dw::mapgen {

/// Which tiles are walls and floor, and the thresholds of one pass.
struct cellular_rule {
  entity_id wall = 0;
  entity_id floor = 1;
  int birth = 5;    ///< a floor tile with at least this many walls among its 8 neighbours becomes wall
  int survive = 4;  ///< a wall tile with fewer wall neighbours than this becomes floor
};

/// Sets each tile of `area` to `rule.wall` with probability `fill`, else to `rule.floor` (row order).
void scatter_walls(tile_map& map, rect area, const cellular_rule& rule, double fill, rng& random);

/// Runs `passes` passes over `area`; each reads only the previous pass, tiles outside `area` count as
/// walls, and tiles that are neither wall nor floor stay as they are (and do not count as walls).
void cellular_passes(tile_map& map, rect area, const cellular_rule& rule, int passes);

}  // namespace dw::mapgen
