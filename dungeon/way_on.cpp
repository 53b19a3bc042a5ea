#include "dungeon/way_on.hpp"

#include <array>
#include <unordered_set>
#include <vector>

#include "dungeon/random.hpp"

namespace dw::dungeon {

std::optional<opened_exit> nearest_way_on(branch_grid& grid, coord from, std::uint64_t seed, room_loader* loader,
                                          std::optional<coord> avoid) {
  if (avoid && *avoid == from) {
    return std::nullopt;
  }
  // Only membership is asked of `visited`; the order rooms are searched in is the queue's, by direction.
  std::unordered_set<std::uint64_t> visited{pack(from)};
  std::vector<coord> level{from};
  std::vector<coord> next;
  std::vector<opened_exit> choices;
  while (!level.empty()) {
    for (const coord c : level) {
      const room_slot* here = grid.find_or_load(c, loader);
      if (here == nullptr) {
        continue;
      }
      // Copied: loading a neighbour below may grow the table and move the slot.
      const room_id id = here->id;
      const std::array<exit_state, 4> exits = here->exits;
      for (direction d : all_directions) {
        const std::optional<coord> n = step(c, d);
        if (!n || *n == start_pos || (avoid && *n == *avoid)) {
          continue;
        }
        const exit_state e = exits[index_of(d)];
        if (e == exit_state::none) {
          if (grid.find_or_load(*n, loader) == nullptr) {
            choices.push_back({id, c, d});
          }
        } else if ((e == exit_state::two_way || e == exit_state::one_way) && visited.insert(pack(*n)).second) {
          next.push_back(*n);
        }
      }
    }
    if (!choices.empty()) {
      splitmix64 rng{seed};
      return choices[bounded(rng, choices.size())];
    }
    level.swap(next);
    next.clear();
  }
  return std::nullopt;
}

}  // namespace dw::dungeon
