#pragma once

#include <span>
#include <vector>

#include "mapgen/rng.hpp"
#include "mapgen/steps/edge.hpp"
#include "mapgen/tile_map.hpp"

// Prim's minimum spanning tree over candidate edges (typically Delaunay's), so every room is reached by
// the shortest total length of corridor, plus a few of the left-over edges back in as loops, so the map
// is not a pure tree with a dead end at every leaf.
namespace dw::mapgen {

/// The Manhattan length of an edge between two points.
[[nodiscard]] int manhattan(point a, point b) noexcept;

/// The minimum spanning tree of `points` over `edges` by Manhattan length (a forest if the edges do not
/// connect them all; ties go to the smaller (a, b)), plus each other edge kept with probability
/// `loop_chance` (drawn in edge order, only when loop_chance > 0). Sorted, a < b, unique.
[[nodiscard]] std::vector<edge> spanning_tree(std::span<const point> points, std::span<const edge> edges, rng& random,
                                              double loop_chance);

/// spanning_tree's edges kept apart: the tree (or forest), and the loops added to it. The same draws
/// and edges: spanning_tree() is the two merged.
struct tree_and_loops {
  std::vector<edge> tree;   ///< sorted
  std::vector<edge> loops;  ///< sorted
};
[[nodiscard]] tree_and_loops spanning_tree_parts(std::span<const point> points, std::span<const edge> edges, rng& random,
                                                 double loop_chance);

/// Seed 003's check for big loops after loops are added: each loop edge closes a ring, the tree's path
/// between its ends plus itself; the loops kept are those whose ring passes through at most `max_points`
/// points (3: a triangle). Loops between points the tree does not join are dropped. Sorted.
[[nodiscard]] std::vector<edge> small_loops(std::size_t points, std::span<const edge> tree, std::span<const edge> loops,
                                            int max_points);

}  // namespace dw::mapgen
