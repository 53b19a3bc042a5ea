#pragma once

#include <memory>

#include "mapgen/step.hpp"

// The makers of the named steps, one per step; step_table.cpp lists them with their names. Each lives
// beside the algorithm it adapts (the algorithm's own header has the pure function the game may call).
namespace dw::mapgen {

/// `place_rooms`: random rooms with retries (room_placement.cpp).
std::unique_ptr<step> make_place_rooms_step(const param_reader& params);
/// `bsp_rooms`: one room per leaf of a binary space partition (bsp.cpp).
std::unique_ptr<step> make_bsp_rooms_step(const param_reader& params);
/// `delaunay_corridors`: floor areas joined along a Delaunay spanning tree (corridor_steps.cpp).
std::unique_ptr<step> make_delaunay_corridors_step(const param_reader& params);
/// `astar_corridors`: each floor area joined to the nearest joined one (corridor_steps.cpp).
std::unique_ptr<step> make_astar_corridors_step(const param_reader& params);
/// `cellular`: cave smoothing by birth and survival thresholds (cellular.cpp).
std::unique_ptr<step> make_cellular_step(const param_reader& params);
/// `drunkard`: random walkers digging floor (drunkard.cpp).
std::unique_ptr<step> make_drunkard_step(const param_reader& params);

}  // namespace dw::mapgen
