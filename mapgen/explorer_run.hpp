#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mapgen/noise.hpp"
#include "mapgen/rng.hpp"
#include "mapgen/rule_runtime.hpp"
#include "mapgen/script_model.hpp"

// Explorers at generation time: how each type walks a region and where it runs its rules.
namespace dw::mapgen::detail {

/// Buffers one generate() call lends to every pass, so that passes allocate nothing per tile.
struct scratch {
  std::vector<std::uint32_t> order;  // wide explorers: tile indices in visiting order
  std::vector<double> keys;          // wide_heur: heuristic values per tile
  std::vector<std::uint64_t> ties;   // wide_heur: random tie-breakers per tile
  std::vector<std::int32_t> labels;  // connect: area of each tile, -1 for none
  std::vector<std::int32_t> parent;  // connect: search tree
  std::vector<std::uint8_t> joined;  // connect: tiles already reached
  std::vector<std::uint32_t> queue;  // connect: search frontier
  std::vector<std::uint32_t> path;   // connect: the walk to the next area
};

/// What every explorer of one generate() call shares.
struct explorer_env {
  const script& s;
  board& b;
  const noise_field& noise;
  work& budget;
  scratch& space;
};

/// The tile at index i of region r, counted row by row from its top-left tile.
inline point tile_at(rect r, std::uint32_t i) noexcept {
  return {r.x + static_cast<int>(i % static_cast<std::uint32_t>(r.w)), r.y + static_cast<int>(i / static_cast<std::uint32_t>(r.w))};
}

/// The index in region r of tile p (inside r), the inverse of tile_at.
inline std::uint32_t index_in(rect r, point p) noexcept {
  return static_cast<std::uint32_t>((p.y - r.y) * r.w + (p.x - r.x));
}

/// Runs explorer `x` on its regions (`regions` = what the divider made), `repeats` times.
void run_explorer(const explorer& x, std::span<const rect> regions, explorer_env& env, rng& random);

/// One pass of a connect explorer over `region` (explorer_connect.cpp).
void run_connect_pass(const explorer& x, rect region, double repeat_share, explorer_env& env, rng& random);

}  // namespace dw::mapgen::detail
