#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "dungeon/room.hpp"

namespace dw::dungeon::testing {

/// One scripted-by-seed random walk of a character through the dungeon, persisting into a memory_store.
struct walk_options {
  std::uint64_t world_seed = 1;
  std::uint32_t budget = 4;
  std::uint64_t walk_seed = 1;  ///< drives the walker's choices and the clear decisions
  int steps = 200;
  bool check_every_step = true;
  int evict_at = -1;  ///< before this step every branch is evicted (-1: never)
};

struct walk_outcome {
  std::vector<std::string> violations;  ///< first invariant violations seen (empty = all held)
  std::map<std::pair<branch_id, std::uint64_t>, room> stored;  ///< final storage
  std::size_t spawned = 0;
  std::size_t branches_created = 0;
  std::size_t collapsed = 0;
  std::size_t blocked = 0;        ///< moves refused because the room was not clear
  std::size_t one_way_exits = 0;  ///< in final storage: loops closed
  std::size_t returns = 0;        ///< walks back into the start room
  std::size_t loads_before_evict = 0;  ///< loader calls while every branch was fully resident
};

/// Runs the walk; every step asserts nothing, it records violations instead.
walk_outcome random_walk(const walk_options& options);

}  // namespace dw::dungeon::testing
