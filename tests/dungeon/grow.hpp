#pragma once

#include <cstdint>
#include <vector>

#include "dungeon/dungeon.hpp"
#include "tests/dungeon/memory_store.hpp"

namespace dw::dungeon::testing {

/// How one branch grown by random moves went.
struct growth {
  branch_id branch = 0;
  int rooms = 0;
  bool ran_dry = false;                   ///< no unexplored exit was left before `rooms` reached the target
  std::uint32_t fewest_unexplored = 0;    ///< the branch's least unexplored count after any spawn
  std::vector<opened_exit> opened;        ///< exits spawns opened elsewhere, in order
  std::vector<std::vector<room>> layout;  ///< every change set's rooms, ids left out
};

/// Opens a new branch through start exit `dir` at `now` and grows it to `target_rooms` rooms (or until it runs
/// dry): each step walks a uniformly chosen unexplored exit of the branch, drawn with `walk_seed` (the walker's
/// choices depend only on the rooms it has seen). Every change set goes to `store`.
growth grow_branch(dungeon& d, memory_store& store, direction dir, std::int64_t now, int target_rooms,
                   std::uint64_t walk_seed);

}  // namespace dw::dungeon::testing
