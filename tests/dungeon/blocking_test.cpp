// A room that is not clear blocks only its unexplored exits; combat blocks every exit.
#include <gtest/gtest.h>

#include "tests/dungeon/scenario.hpp"

namespace dw::dungeon::testing {
namespace {

TEST(Blocking, NotClearBlocksUnexploredExits) {
  scenario s(5);
  s.add({1, 0}, {U, U, N, S}, false).restore();
  const move_result r = s.move({1, 0}, direction::east);
  EXPECT_EQ(r.status, move_status::blocked_not_clear);
  EXPECT_EQ(r.dir, direction::east);
  EXPECT_TRUE(r.changes.empty());
  EXPECT_EQ(s.store().room_count(), 1U) << "nothing spawned";
}

TEST(Blocking, NotClearKeepsExploredExitsOpen) {
  scenario s(5);
  s.add({1, 0}, {T, N, N, S}, false).add({1, 1}, {N, N, T, N}, false).restore();
  EXPECT_EQ(s.move({1, 0}, direction::west).status, move_status::to_start);
  const move_result north = s.move({1, 0}, direction::north);
  EXPECT_EQ(north.status, move_status::moved);
  EXPECT_EQ(north.destination.pos, (coord{1, 1}));
  EXPECT_EQ(s.move({1, 1}, direction::south).status, move_status::moved);
}

TEST(Blocking, OneWayExitOutOfAnUnclearRoomIsOpen) {
  scenario s(5);
  s.add({1, 0}, {N, O, N, S}, false).add({2, 0}, {N, N, N, N}).restore();
  EXPECT_EQ(s.move({1, 0}, direction::east).status, move_status::moved);
}

TEST(Blocking, ClearingARoomUnblocksItAndIsPersisted) {
  scenario s(5);
  s.add({1, 0}, {N, U, N, S}, false).restore();
  const change_set c = s.model().set_clear(scenario::id, {1, 0}, true);
  ASSERT_EQ(c.rooms.size(), 1U);
  EXPECT_TRUE(c.rooms[0].clear);
  s.store().apply(c);
  EXPECT_TRUE(s.model().set_clear(scenario::id, {1, 0}, true).empty()) << "no change, nothing to persist";
  EXPECT_TRUE(s.model().set_clear(scenario::id, {9, 9}, true).empty());
  EXPECT_EQ(s.move({1, 0}, direction::east).status, move_status::moved);
}

TEST(Blocking, DeciderChoosesWhetherTheNewRoomIsClear) {
  scenario s(5);
  s.add({1, 0}, {N, U, N, S}).restore();
  int calls = 0;
  const move_result r = s.model().move(scenario::id, {1, 0}, direction::east, false, [&calls](const room& fresh) {
    ++calls;
    EXPECT_EQ(fresh.pos, (coord{2, 0}));
    EXPECT_EQ(fresh.exit(direction::west), exit_state::two_way);
    return false;
  });
  EXPECT_EQ(calls, 1);
  EXPECT_FALSE(r.destination.clear);
  EXPECT_FALSE(r.changes.rooms[0].clear);
  // Walking on (not the spawn) never asks again.
  s.store().apply(r.changes);
  s.model().move(scenario::id, {2, 0}, direction::west, false, [&calls](const room&) { return ++calls > 0; });
  EXPECT_EQ(calls, 1);
}

TEST(Blocking, CombatRefusesEveryExit) {
  scenario s(5);
  s.add({1, 0}, {T, U, N, S}).add({1, 1}, {N, O, T, N}).add({2, 1}, {N, N, N, N}).restore();
  const auto fight = [&](coord from, direction d) {
    return s.model().move(scenario::id, from, d, true, [](const room&) { return true; });
  };
  EXPECT_EQ(fight({1, 0}, direction::west).status, move_status::blocked_in_combat) << "the way back";
  EXPECT_EQ(fight({1, 0}, direction::east).status, move_status::blocked_in_combat) << "unexplored";
  EXPECT_EQ(fight({1, 0}, direction::north).status, move_status::blocked_in_combat) << "two-way";
  EXPECT_EQ(fight({1, 1}, direction::east).status, move_status::blocked_in_combat) << "one-way";
  EXPECT_EQ(fight({1, 0}, direction::south).status, move_status::no_exit) << "a wall stays a wall";
  EXPECT_EQ(s.store().room_count(), 3U);
}

TEST(Blocking, UnknownRoomOrBranchIsACallerError) {
  scenario s(5);
  s.add({1, 0}, {N, U, N, S}).restore();
  EXPECT_EQ(s.move({4, 4}, direction::east).status, move_status::no_such_room);
  EXPECT_EQ(s.model().move(999, {1, 0}, direction::east, false, [](const room&) { return true; }).status,
            move_status::no_such_room);
  EXPECT_EQ(s.move({1, 0}, direction::north).status, move_status::no_exit);
}

}  // namespace
}  // namespace dw::dungeon::testing
