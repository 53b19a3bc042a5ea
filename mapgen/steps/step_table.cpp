#include <algorithm>
#include <array>

#include "mapgen/step.hpp"
#include "mapgen/steps/factories.hpp"

namespace dw::mapgen {

// One row per named step; a new step is a new row (and its own file under steps/).
namespace {
constexpr std::array kinds{
    step_kind{"place_rooms", make_place_rooms_step, "random rooms, retried where they would touch (rooms, min, max, tries, gap, floor)"},
    step_kind{"bsp_rooms", make_bsp_rooms_step, "a room in each leaf of a binary space partition (min, max, margin, floor)"},
    step_kind{"delaunay_corridors", make_delaunay_corridors_step, "floor areas joined by A* along a Delaunay spanning tree, some loops (floor, corridor, loops, dig, joins, door, max_loop)"},
    step_kind{"astar_corridors", make_astar_corridors_step, "each floor area joined by A* to the nearest joined one (floor, corridor, dig, joins, door)"},
    step_kind{"cellular", make_cellular_step, "cave smoothing: birth and survival by wall neighbours (wall, floor, fill, passes, birth, survive)"},
    step_kind{"drunkard", make_drunkard_step, "random walkers dig floor until a share is open (floor, share, walkers, start, border, steps)"},
};
}  // namespace

std::span<const step_kind> step_kinds() { return kinds; }

const step_kind* find_step(std::string_view name) {
  const auto it = std::find_if(kinds.begin(), kinds.end(), [&](const step_kind& k) { return k.name == name; });
  return it == kinds.end() ? nullptr : &*it;
}

}  // namespace dw::mapgen
