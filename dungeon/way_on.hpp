#pragma once

#include <cstdint>
#include <optional>

#include "dungeon/branch_grid.hpp"
#include "dungeon/change_set.hpp"
#include "dungeon/coord.hpp"
#include "dungeon/room_loader.hpp"

namespace dw::dungeon {

/// Where a branch that would run dry opens its next way on: an exit toward an empty coordinate (never the
/// start room's, never off the grid) from the room nearest to `from` by walking distance, that is a
/// breadth-first search from `from` through the exits players can walk (two-way, and one-way in their
/// direction; never the way back to the well). Among equally near choices `seed` picks one. nullopt when no
/// reachable room borders an empty coordinate (every room of a branch is reachable from every other through
/// the two-way exits its spawns made, so in practice there always is one).
///
/// Rooms that are not resident are read through the loader like any other lookup. The server only walks in
/// branches that are wholly in memory, so there the search never reads storage.
///
/// With `avoid`, the search never enters (nor opens an exit from) the room there: how a branch opens a way on
/// around a sealed rune lock whose blocked exits are its only ones.
std::optional<opened_exit> nearest_way_on(branch_grid& grid, coord from, std::uint64_t seed, room_loader* loader,
                                          std::optional<coord> avoid = std::nullopt);

}  // namespace dw::dungeon
