#pragma once

#include <span>
#include <vector>

#include "mapgen/steps/edge.hpp"
#include "mapgen/tile_map.hpp"

// What the corridor steps and the doors share: the greedy joining order and the carving of a path.
namespace dw::mapgen {

/// Joins points one at a time, starting from point 0: each time the point nearest (Manhattan) to any
/// joined one, ties to the smaller new index, then the earlier joined point. The n-1 edges in joining
/// order (a < b within each).
[[nodiscard]] std::vector<edge> nearest_joins(std::span<const point> points);

/// Writes `corridor` on every tile of `path` that does not already hold one of `keep`.
void carve(tile_map& map, std::span<const point> path, std::span<const entity_id> keep, entity_id corridor);

}  // namespace dw::mapgen
