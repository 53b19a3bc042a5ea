// The tutorial's own examples, each on a hand-drawn branch restored through the loader, over many branch seeds.
#include <gtest/gtest.h>

#include "tests/dungeon/scenario.hpp"

namespace dw::dungeon::testing {
namespace {

constexpr int seeds = 300;

TEST(SpawnRule, ThreeOpenElsewhereWithBudgetFourAllowAtMostOneNewExit) {
  int dead_ends = 0;
  int one_exit = 0;
  for (int seed = 1; seed <= seeds; ++seed) {
    scenario s(spread_seed(static_cast<std::uint64_t>(seed)));
    // A(1,0) leads north to nothing yet; B(2,0) has three unexplored exits. Open = 4, at the budget.
    s.add({1, 0}, {U, T, N, S}).add({2, 0}, {U, U, U, T}).restore();
    const move_result r = s.move({2, 0}, direction::east);
    ASSERT_EQ(r.status, move_status::moved);
    ASSERT_TRUE(r.spawned);
    const int k = unexplored_exits(r.destination);
    ASSERT_LE(k, 1) << "seed " << seed;
    dead_ends += k == 0 ? 1 : 0;
    one_exit += k == 1 ? 1 : 0;
    EXPECT_EQ(s.unexplored(), 3U + static_cast<std::uint32_t>(k));
  }
  EXPECT_GT(dead_ends, seeds / 4);
  EXPECT_GT(one_exit, seeds / 4);
}

TEST(SpawnRule, NoDeadEndWhenTheWalkedExitWasTheLastOpenOne) {
  for (int seed = 1; seed <= seeds; ++seed) {
    scenario s(spread_seed(static_cast<std::uint64_t>(seed)));
    s.add({1, 0}, {N, U, N, S}).restore();
    const move_result r = s.move({1, 0}, direction::east);
    ASSERT_TRUE(r.spawned);
    ASSERT_GE(unexplored_exits(r.destination), 1) << "seed " << seed;
    ASSERT_LE(unexplored_exits(r.destination), 3);
  }
}

TEST(SpawnRule, DeadEndAllowedWhileAnotherExitIsOpen) {
  int dead_ends = 0;
  for (int seed = 1; seed <= seeds; ++seed) {
    scenario s(spread_seed(static_cast<std::uint64_t>(seed)));
    s.add({1, 0}, {U, U, N, S}).restore();
    const move_result r = s.move({1, 0}, direction::east);
    ASSERT_TRUE(r.spawned);
    dead_ends += unexplored_exits(r.destination) == 0 ? 1 : 0;
  }
  EXPECT_GT(dead_ends, seeds / 8);
}

TEST(SpawnRule, ClosingALoopMakesTheOtherExitOneWay) {
  for (int seed = 1; seed <= 50; ++seed) {
    scenario s(spread_seed(static_cast<std::uint64_t>(seed)));
    // Round a square: A(1,0) -> C(1,1) -> D(2,1), then D south into (2,0), which A's east exit also points at.
    s.add({1, 0}, {T, U, N, S}).add({1, 1}, {N, T, T, N}).add({2, 1}, {N, N, U, T}).restore();
    const move_result r = s.move({2, 1}, direction::south);
    ASSERT_TRUE(r.spawned);
    const room& x = r.destination;
    EXPECT_EQ(x.exit(direction::north), exit_state::two_way);
    EXPECT_EQ(x.exit(direction::west), exit_state::none) << "no way back along the one-way exit";
    EXPECT_EQ(s.store().find(scenario::id, {1, 0})->exit(direction::east), exit_state::one_way);
    EXPECT_EQ(s.store().find(scenario::id, {2, 1})->exit(direction::south), exit_state::two_way);
    // Both pointing exits are explored now; open was 0, so the new room must offer a way on.
    EXPECT_GE(unexplored_exits(x), 1);
    EXPECT_EQ(s.unexplored(), static_cast<std::uint32_t>(unexplored_exits(x)));
    ASSERT_EQ(r.changes.rooms.size(), 3U);
    EXPECT_EQ(r.changes.rooms[0], x);

    const move_result along = s.move({1, 0}, direction::east);
    EXPECT_EQ(along.status, move_status::moved);
    EXPECT_FALSE(along.spawned);
    EXPECT_EQ(along.destination.id, x.id);
    EXPECT_EQ(s.move(x.pos, direction::west).status, move_status::no_exit);
  }
}

TEST(SpawnRule, ClosingALoopCanLeaveTheBranchWithNoExitUnderTheLiteralRule) {
  scenario s(12345, 4, true);
  // (2,0) is walled in by D above, E to the east, G below, and A's one-way exit from the west.
  walled_in(s, U).restore();
  const move_result r = s.move({2, 1}, direction::south);
  ASSERT_TRUE(r.spawned);
  EXPECT_EQ(unexplored_exits(r.destination), 0);
  EXPECT_EQ(s.unexplored(), 0U);
  EXPECT_EQ(r.destination.exits, (std::array<exit_state, 4>{T, N, N, N}));
  EXPECT_FALSE(r.changes.opened.has_value());
}

TEST(SpawnRule, BoxedInRoomAlsoEndsTheBranchUnderTheLiteralRule) {
  // As above but A has no exit east: no loop closes, yet the room has no free neighbour and the walked exit
  // was the last open one. The rules force k = 0, so the branch ends without a one-way exit.
  scenario s(12345, 4, true);
  walled_in(s).restore();
  const move_result r = s.move({2, 1}, direction::south);
  ASSERT_TRUE(r.spawned);
  EXPECT_EQ(r.destination.exits, (std::array<exit_state, 4>{T, N, N, N}));
  EXPECT_EQ(s.unexplored(), 0U);
  EXPECT_EQ(r.changes.rooms.size(), 2U);
  EXPECT_FALSE(r.changes.opened.has_value());
}

TEST(SpawnRule, NeverAnExitIntoTheStartRoom) {
  int other_exits = 0;
  for (int seed = 1; seed <= seeds; ++seed) {
    scenario s(spread_seed(static_cast<std::uint64_t>(seed)));
    // B(1,1) leads west into (0,1), whose south neighbour is the start room.
    s.add({1, 0}, {T, N, N, S}).add({1, 1}, {N, N, T, U}).restore();
    const move_result r = s.move({1, 1}, direction::west);
    ASSERT_TRUE(r.spawned);
    ASSERT_EQ(r.destination.exit(direction::south), exit_state::none) << "seed " << seed;
    other_exits += unexplored_exits(r.destination);
  }
  EXPECT_GT(other_exits, seeds);
}

TEST(SpawnRule, FirstRoomHasOnlyItsWayBackTowardTheStart) {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    dungeon d({seed, 4, 300, 3600}, nullptr);
    for (direction dir : all_directions) {
      const enter_result r = d.enter_from_start(dir, 0, [](const room&) { return true; });
      ASSERT_TRUE(r.new_branch);
      EXPECT_EQ(r.first_room.pos, first_room_pos(dir));
      EXPECT_EQ(r.first_room.exit(opposite(dir)), exit_state::to_start);
      const int k = unexplored_exits(r.first_room);
      EXPECT_GE(k, 1);
      EXPECT_LE(k, 3);
      EXPECT_EQ(d.branch(r.branch)->unexplored, static_cast<std::uint32_t>(k));
      EXPECT_EQ(d.branch(r.branch)->room_count, 1U);
    }
  }
}

TEST(SpawnRule, NeverAnExitIntoAnExistingRoom) {
  for (int seed = 1; seed <= seeds; ++seed) {
    scenario s(spread_seed(static_cast<std::uint64_t>(seed)));
    // C(2,1) sits north of (2,0) with no exit toward it.
    s.add({1, 0}, {T, U, N, S}).add({1, 1}, {N, T, T, N}).add({2, 1}, {N, N, N, T}).restore();
    const move_result r = s.move({1, 0}, direction::east);
    ASSERT_TRUE(r.spawned);
    ASSERT_EQ(r.destination.exit(direction::north), exit_state::none) << "seed " << seed;
    EXPECT_EQ(s.store().find(scenario::id, {2, 1})->exits, (std::array<exit_state, 4>{N, N, N, T}));
    EXPECT_EQ(r.changes.rooms.size(), 2U) << "only the new room and the room walked from change";
  }
}

TEST(SpawnRule, ChangeSetCarriesBranchAndCounters) {
  scenario s(99);
  s.add({1, 0}, {N, U, N, S}).restore();
  const move_result r = s.move({1, 0}, direction::east);
  ASSERT_TRUE(r.changes.branch.has_value());
  EXPECT_EQ(r.changes.branch->room_count, 2U);
  ASSERT_TRUE(r.changes.counters.has_value());
  EXPECT_EQ(r.destination.id, 1000U);
  EXPECT_EQ(r.changes.counters->next_room_id, 1001U);
  EXPECT_EQ(r.changes.rooms[1].exit(direction::east), exit_state::two_way);
}

}  // namespace
}  // namespace dw::dungeon::testing
