// A branch's seed comes from the world seed, its direction and its number among that direction's branches;
// a branch saved with the older sequence-based seed keeps regenerating from the seed it was saved with; and
// the team-up window never joins a branch that has no way on.
#include <gtest/gtest.h>

#include "dungeon/random.hpp"
#include "dungeon/spawn_rule.hpp"
#include "tests/dungeon/grow.hpp"
#include "tests/dungeon/scenario.hpp"

namespace dw::dungeon::testing {
namespace {

const auto clear_all = [](const room&) { return true; };

TEST(BranchSeed, DependsOnWorldDirectionAndNumberOnly) {
  EXPECT_EQ(branch_seed(5, direction::east, 1), branch_seed(5, direction::east, 1));
  EXPECT_NE(branch_seed(5, direction::east, 1), branch_seed(5, direction::east, 2));
  EXPECT_NE(branch_seed(5, direction::east, 1), branch_seed(5, direction::west, 1));
  EXPECT_NE(branch_seed(5, direction::east, 1), branch_seed(6, direction::east, 1));
  // Pinned: a branch's rooms are drawn from this value; changing it changes every future dungeon.
  EXPECT_EQ(branch_seed(20261122, direction::east, 1), 0x70a9755ab1a3e0eaULL);
  EXPECT_EQ(branch_seed(0, direction::north, 0), 0x954a4b2b0cb33a74ULL);
  EXPECT_NE(branch_seed(20261122, direction::east, 1), branch_seed(20261122, 1));
}

TEST(BranchSeed, EastOneIsTheSameWhateverWasOpenedBefore) {
  for (std::uint64_t world = 1; world <= 5; ++world) {
    memory_store alone_store;
    dungeon alone({world, 2, 300, 3600}, &alone_store);
    const growth first = grow_branch(alone, alone_store, direction::east, 0, 150, world);

    // Elsewhere, others opened North 1, South 1, West 1, North 2 and West 2 first.
    memory_store busy_store;
    dungeon busy({world, 2, 300, 3600}, &busy_store);
    std::int64_t now = 0;
    for (direction d : {direction::north, direction::south, direction::west, direction::north, direction::west}) {
      grow_branch(busy, busy_store, d, now, 20, world + 100);
      now += 1000;  // past the window
    }
    const growth later = grow_branch(busy, busy_store, direction::east, now, 150, world);

    EXPECT_EQ(busy.branch(later.branch)->number, 1U);
    EXPECT_NE(later.branch, first.branch) << "a different global sequence";
    EXPECT_EQ(busy.branch(later.branch)->seed, alone.branch(first.branch)->seed);
    EXPECT_TRUE(later.layout == first.layout) << "world " << world;  // (gtest would print every room)
    EXPECT_EQ(later.opened.size(), first.opened.size());
  }
}

TEST(BranchSeed, ABranchSavedWithTheOldSeedRegeneratesFromIt) {
  // A row written before per-direction seeds holds branch_seed(world, sequence). Restored, the branch keeps
  // that seed and its next rooms are drawn from it exactly as they were before the change.
  const std::uint64_t old_seed = branch_seed(1, 7);
  ASSERT_NE(old_seed, branch_seed(1, direction::east, 1));
  for (direction way : {direction::north, direction::east, direction::south}) {
    scenario s(old_seed);
    s.add({1, 0}, {U, U, U, S}).restore();
    EXPECT_EQ(s.model().branch(scenario::id)->seed, old_seed);
    const move_result r = s.move({1, 0}, way);
    ASSERT_TRUE(r.spawned);
    const coord target = *step({1, 0}, way);
    std::uint8_t candidates = 0;
    for (direction d : all_directions) {
      const coord n = *step(target, d);
      if (d != opposite(way) && n != start_pos && !s.store().find(scenario::id, n)) {
        candidates = static_cast<std::uint8_t>(candidates | bit_of(d));
      }
    }
    const std::uint8_t expected = choose_new_exits(room_seed(old_seed, target), candidates, 2, 4);
    for (direction d : all_directions) {
      EXPECT_EQ(r.destination.exit(d) == exit_state::unexplored, (expected & bit_of(d)) != 0) << name(d);
    }
  }
}

TEST(TeamUpWindow, NeverJoinsABranchWithNoWayOn) {
  memory_store store;
  dungeon d({3, 4, 300, 3600, true}, &store);
  branch_info dry;
  dry.id = 9;
  dry.sequence = 9;
  dry.dir = direction::west;
  dry.number = 1;
  dry.window_end = 1000;
  dry.room_count = 1;
  dry.unexplored = 0;
  store.put(room{70, 9, {-1, 0}, {N, S, N, N}, true});
  d.restore_branch(dry);
  const enter_result e = d.enter_from_start(direction::west, 500, clear_all);
  EXPECT_TRUE(e.new_branch) << "the window is open, but the branch has nowhere left to go";
  EXPECT_NE(e.branch, 9U);
  EXPECT_EQ(d.branch(e.branch)->number, 2U);
  // The new branch has a way on, so the next walker inside the window joins it.
  const enter_result next = d.enter_from_start(direction::west, 600, clear_all);
  EXPECT_FALSE(next.new_branch);
  EXPECT_EQ(next.branch, e.branch);
}

TEST(TeamUpWindow, ABranchThatRanDryUnderTheLiteralRuleIsNotJoined) {
  // Grown until dry at budget 1, then someone walks the same start exit inside the window.
  for (std::uint64_t world = 1; world <= 20; ++world) {
    memory_store store;
    dungeon d({spread_seed(world), 1, 1'000'000, 3600, true}, &store);
    const growth g = grow_branch(d, store, direction::north, 0, 2000, world);
    if (!g.ran_dry) {
      continue;
    }
    EXPECT_TRUE(window_open(*d.branch(g.branch), 10));
    const enter_result e = d.enter_from_start(direction::north, 10, clear_all);
    EXPECT_TRUE(e.new_branch);
    EXPECT_NE(e.branch, g.branch);
    return;
  }
  FAIL() << "no branch ran dry under the literal rule";
}

}  // namespace
}  // namespace dw::dungeon::testing
