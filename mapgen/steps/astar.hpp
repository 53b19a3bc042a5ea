#pragma once

#include <cstdint>
#include <vector>

#include "mapgen/tile_map.hpp"

// A* over the 4-neighbour grid with the Manhattan heuristic: corridors turn at right angles, never run
// diagonally, and go around what is costly to dig. The game calls it directly too (pathing, doors).
namespace dw::mapgen {

/// What stepping onto a tile costs, by the tile's entity; a negative cost makes the tile impassable.
class step_cost {
 public:
  /// Every entity, and `unknown`, costs `other` until `set` says otherwise.
  explicit step_cost(int other = 1) : other_(other) {}

  /// Stepping onto `e` costs `cost`.
  step_cost& set(entity_id e, int cost);
  /// The cost of stepping onto `e`.
  [[nodiscard]] int operator()(entity_id e) const noexcept;
  /// The smallest non-negative cost anywhere in the table (what the heuristic may assume per step).
  [[nodiscard]] int cheapest() const noexcept;

 private:
  std::vector<int> table_;  // by entity + 1, so `unknown` is slot 0
  int other_;
};

/// Finds cheapest paths, keeping its buffers from one search to the next (a map's corridors are many
/// searches over the same area, and each search would otherwise allocate and clear them again).
class path_finder {
 public:
  /// The cheapest 4-connected path from `from` to `to` (both included) through tiles of `area` (clipped to
  /// the map), each step costing what its destination tile costs; empty when there is none ({from} when
  /// from == to). Among equal
  /// paths the same one every time. `from` itself may be impassable (a path may leave a wall).
  [[nodiscard]] std::vector<point> find(const tile_map& map, rect area, point from, point to, const step_cost& cost);

 private:
  struct open_entry {
    std::int64_t f;
    std::int64_t h;
    std::int32_t index;
  };

  void prepare(std::size_t tiles);

  std::vector<std::uint32_t> seen_;    // == stamp_: g_ and parent_ hold this search's values
  std::vector<std::uint32_t> closed_;  // == stamp_: expanded in this search
  std::vector<std::int64_t> g_;
  std::vector<std::int32_t> parent_;
  std::vector<open_entry> open_;
  std::uint32_t stamp_ = 0;
};

/// One search with a fresh path_finder (see path_finder::find).
[[nodiscard]] std::vector<point> astar(const tile_map& map, rect area, point from, point to, const step_cost& cost);

/// Tiles of `area` clipped to the map's bounds.
[[nodiscard]] rect clip(rect area, const tile_map& map) noexcept;

}  // namespace dw::mapgen
