// The same world seed and the same moves give the same dungeon; another seed gives another one.
#include <gtest/gtest.h>

#include "dungeon/dungeon.hpp"
#include "tests/dungeon/memory_store.hpp"
#include "tests/dungeon/random_walk.hpp"

namespace dw::dungeon::testing {
namespace {

TEST(Determinism, SameSeedSameMovesSameRooms) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const walk_options options{seed, 4, seed + 100, 300, false, -1};
    const walk_outcome a = random_walk(options);
    const walk_outcome b = random_walk(options);
    EXPECT_GT(a.stored.size(), 10U);
    EXPECT_EQ(a.stored, b.stored);
  }
}

TEST(Determinism, DifferentWorldSeedsDiffer) {
  int differ = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const walk_outcome a = random_walk({seed, 4, 5, 300, false, -1});
    const walk_outcome b = random_walk({seed + 1000, 4, 5, 300, false, -1});
    differ += a.stored != b.stored ? 1 : 0;
  }
  EXPECT_EQ(differ, 10);
}

TEST(Determinism, FirstRoomsDependOnlyOnSeedAndSequence) {
  const auto clear = [](const room&) { return true; };
  dungeon a({42, 4, 300, 3600}, nullptr);
  dungeon b({42, 4, 300, 3600}, nullptr);
  dungeon c({43, 4, 300, 3600}, nullptr);
  int differ = 0;
  for (int i = 0; i < 20; ++i) {
    const auto d = all_directions[static_cast<std::size_t>(i % 4)];
    const room ra = a.enter_from_start(d, i * 1000, clear).first_room;
    const room rb = b.enter_from_start(d, i * 1000, clear).first_room;
    const room rc = c.enter_from_start(d, i * 1000, clear).first_room;
    EXPECT_EQ(ra, rb);
    differ += ra.exits != rc.exits ? 1 : 0;
  }
  EXPECT_GT(differ, 5);
}

TEST(Determinism, RestartWithNothingExtraStoredGivesTheSameRooms) {
  // A restored branch (same seed, rooms from storage) spawns exactly what the original would have.
  const auto clear = [](const room&) { return true; };
  memory_store store;
  dungeon original({9, 4, 300, 3600}, &store);
  const enter_result e = original.enter_from_start(direction::north, 0, clear);
  store.apply(e.changes);
  dungeon restarted({9, 4, 300, 3600}, &store);
  restarted.restore_branch(*original.branch(e.branch));
  restarted.restore_counters(original.counters());
  for (direction dir : all_directions) {
    if (e.first_room.exit(dir) == exit_state::unexplored) {
      const move_result x = original.move(e.branch, e.first_room.pos, dir, false, clear);
      const move_result y = restarted.move(e.branch, e.first_room.pos, dir, false, clear);
      EXPECT_EQ(x.destination, y.destination);
      EXPECT_EQ(x.changes.branch, y.changes.branch);
      EXPECT_TRUE(x.spawned);
      break;
    }
  }
}

}  // namespace
}  // namespace dw::dungeon::testing
