#pragma once

#include <array>
#include <span>
#include <vector>

#include "mapgen/steps/edge.hpp"
#include "mapgen/tile_map.hpp"

// Delaunay triangulation (Bowyer-Watson): the graph that links each point to its natural neighbours,
// which is where the corridors between rooms are chosen from. The predicates are exact integer
// arithmetic, and the hull is handled with a vertex "at infinity" instead of a finite super-triangle,
// so nearly flat hulls and cocircular points never lose or twist an edge.
namespace dw::mapgen {

/// Coordinates beyond ±delaunay_limit could overflow the exact 64-bit predicates.
inline constexpr int delaunay_limit = 8192;

/// The edges of a Delaunay triangulation of `points` (indices into it), a < b, sorted, unique.
/// Fewer than 2 distinct points: no edges but those of duplicates. All collinear: each point joined to
/// its neighbours along the line. A duplicate is joined to the first point at its place only.
/// Throws std::invalid_argument for a coordinate beyond ±delaunay_limit.
[[nodiscard]] std::vector<edge> delaunay(std::span<const point> points);

/// The triangles of the same triangulation (counter-clockwise index triples), for tests and drawing.
[[nodiscard]] std::vector<std::array<int, 3>> delaunay_triangles(std::span<const point> points);

}  // namespace dw::mapgen
