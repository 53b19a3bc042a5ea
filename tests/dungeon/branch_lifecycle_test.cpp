// Team-up windows, per-direction numbering, the one-way way back, occupancy and collapse, with injected time.
#include <gtest/gtest.h>

#include <algorithm>

#include "dungeon/dungeon.hpp"
#include "tests/dungeon/memory_store.hpp"

namespace dw::dungeon {
namespace {

const auto always_clear = [](const room&) { return true; };

dungeon make_dungeon(std::int64_t join = 300, std::int64_t idle = 3600) {
  return dungeon({77, 4, join, idle}, nullptr);
}

TEST(BranchWindow, JoinsTheSameBranchWhileTheWindowIsOpen) {
  dungeon d = make_dungeon();
  const enter_result first = d.enter_from_start(direction::east, 1000, always_clear);
  ASSERT_TRUE(first.new_branch);
  const enter_result second = d.enter_from_start(direction::east, 1299, always_clear);
  EXPECT_FALSE(second.new_branch);
  EXPECT_EQ(second.branch, first.branch);
  EXPECT_EQ(second.first_room, first.first_room);
  EXPECT_TRUE(second.changes.empty());
  EXPECT_EQ(d.branches().size(), 1U);
}

TEST(BranchWindow, SaysWhichBranchAStartExitWouldJoinWithoutEnteringIt) {
  dungeon d = make_dungeon();
  EXPECT_EQ(d.joined_from_start(direction::east, 1000), 0U) << "no branch yet: one would open";
  const enter_result first = d.enter_from_start(direction::east, 1000, always_clear);
  EXPECT_EQ(d.joined_from_start(direction::east, 1299), first.branch) << "the window is open";
  EXPECT_EQ(d.joined_from_start(direction::north, 1299), 0U) << "another direction has its own";
  EXPECT_EQ(d.joined_from_start(direction::east, 1300), 0U) << "the window has closed";
}

TEST(BranchWindow, NewBranchAfterTheWindowNumberedPerDirection) {
  dungeon d = make_dungeon();
  const enter_result e1 = d.enter_from_start(direction::east, 1000, always_clear);
  const enter_result n1 = d.enter_from_start(direction::north, 1000, always_clear);
  const enter_result e2 = d.enter_from_start(direction::east, 1300, always_clear);
  ASSERT_TRUE(e2.new_branch);
  EXPECT_NE(e2.branch, e1.branch);
  EXPECT_EQ(d.branch(e1.branch)->number, 1U);
  EXPECT_EQ(d.branch(n1.branch)->number, 1U);
  EXPECT_EQ(d.branch(e2.branch)->number, 2U) << "East branch 2";
  EXPECT_EQ(d.branch(e2.branch)->sequence, 3U);
  EXPECT_EQ(d.branch(e2.branch)->window_end, 1600);
  EXPECT_NE(d.branch(e2.branch)->seed, d.branch(e1.branch)->seed);
  EXPECT_NE(e2.first_room.id, e1.first_room.id);
  EXPECT_EQ(e2.first_room.pos, e1.first_room.pos) << "separate grids reuse coordinates";
  ASSERT_TRUE(e2.changes.counters.has_value());
  EXPECT_EQ(e2.changes.counters->next_branch_number[index_of(direction::east)], 3U);
  // Joining now lands in branch 2, not 1.
  EXPECT_EQ(d.enter_from_start(direction::east, 1400, always_clear).branch, e2.branch);
}

TEST(BranchWindow, ZeroSecondWindowNeverJoins) {
  dungeon d = make_dungeon(0);
  const enter_result a = d.enter_from_start(direction::south, 50, always_clear);
  const enter_result b = d.enter_from_start(direction::south, 50, always_clear);
  EXPECT_TRUE(b.new_branch);
  EXPECT_NE(a.branch, b.branch);
}

TEST(BranchWindow, WayBackStaysUsableButBecomesOneWay) {
  dungeon d = make_dungeon();
  const enter_result e1 = d.enter_from_start(direction::east, 1000, always_clear);
  EXPECT_EQ(d.move(e1.branch, e1.first_room.pos, direction::west, false, always_clear).status,
            move_status::to_start);
  // After the window the start exit leads elsewhere, but the old way back still works.
  const enter_result e2 = d.enter_from_start(direction::east, 5000, always_clear);
  EXPECT_NE(e2.branch, e1.branch);
  EXPECT_EQ(d.move(e1.branch, e1.first_room.pos, direction::west, false, always_clear).status,
            move_status::to_start);
  EXPECT_EQ(d.room_at(e1.branch, e1.first_room.pos)->exit(direction::west), exit_state::to_start);
}

TEST(BranchCollapse, CollapsesAfterIdleOnceTheWindowClosed) {
  dungeon d = make_dungeon();
  const enter_result e = d.enter_from_start(direction::east, 0, always_clear);
  d.enter_branch(e.branch);
  const change_set left = d.leave_branch(e.branch, 100);
  ASSERT_TRUE(left.branch.has_value());
  EXPECT_EQ(left.branch->last_occupied, 100);
  EXPECT_EQ(left.branch->occupants, 0U);
  EXPECT_TRUE(d.collect_collapsible(3699).empty());
  EXPECT_EQ(d.collect_collapsible(3700), std::vector<branch_id>{e.branch});
  EXPECT_TRUE(d.collapse(e.branch));
  EXPECT_FALSE(d.branch(e.branch).has_value());
  EXPECT_FALSE(d.room_at(e.branch, e.first_room.pos).has_value());
  EXPECT_EQ(d.move(e.branch, e.first_room.pos, direction::west, false, always_clear).status,
            move_status::no_such_room);
  EXPECT_FALSE(d.collapse(e.branch));
  EXPECT_EQ(d.resident_rooms(), 0U);
}

TEST(BranchCollapse, UntouchedBranchCountsFromCreation) {
  dungeon d = make_dungeon();
  const enter_result e = d.enter_from_start(direction::west, 10, always_clear);
  EXPECT_TRUE(d.collect_collapsible(3609).empty());
  EXPECT_EQ(d.collect_collapsible(3610), std::vector<branch_id>{e.branch});
}

TEST(BranchCollapse, NeverWithSomeoneInside) {
  dungeon d = make_dungeon();
  const enter_result e = d.enter_from_start(direction::east, 0, always_clear);
  d.enter_branch(e.branch);
  d.enter_branch(e.branch);
  d.leave_branch(e.branch, 50);
  EXPECT_EQ(d.branch(e.branch)->occupants, 1U);
  EXPECT_TRUE(d.collect_collapsible(1'000'000'000).empty());
  EXPECT_FALSE(d.collapse(e.branch)) << "an explicit collapse refuses too";
  EXPECT_TRUE(d.branch(e.branch).has_value());
  d.leave_branch(e.branch, 2000);
  EXPECT_TRUE(d.collect_collapsible(5599).empty());
  EXPECT_EQ(d.collect_collapsible(5600).size(), 1U);
}

TEST(BranchCollapse, NeverWhileTheWindowIsOpen) {
  dungeon d = make_dungeon(10000, 10);
  const enter_result e = d.enter_from_start(direction::north, 0, always_clear);
  EXPECT_TRUE(d.collect_collapsible(9999).empty());
  EXPECT_EQ(d.collect_collapsible(10000), std::vector<branch_id>{e.branch});
}

TEST(BranchCollapse, OnlyTheIdleBranchGoesAndANewOneTakesItsExit) {
  dungeon d = make_dungeon();
  const enter_result old_east = d.enter_from_start(direction::east, 0, always_clear);
  const enter_result north = d.enter_from_start(direction::north, 0, always_clear);
  d.enter_branch(north.branch);
  const std::vector<branch_id> ids = d.collect_collapsible(4000);
  ASSERT_EQ(ids, std::vector<branch_id>{old_east.branch});
  d.collapse(old_east.branch);
  EXPECT_TRUE(d.branch(north.branch).has_value());
  const enter_result new_east = d.enter_from_start(direction::east, 4001, always_clear);
  EXPECT_TRUE(new_east.new_branch);
  EXPECT_EQ(d.branch(new_east.branch)->number, 2U) << "numbers are never reused";
}

TEST(BranchListing, ListsEveryBranchById) {
  dungeon d = make_dungeon();
  d.enter_from_start(direction::south, 0, always_clear);
  d.enter_from_start(direction::east, 0, always_clear);
  const std::vector<branch_info> all = d.branches();
  ASSERT_EQ(all.size(), 2U);
  EXPECT_EQ(all[0].dir, direction::south);
  EXPECT_EQ(all[1].dir, direction::east);
  EXPECT_LT(all[0].id, all[1].id);
  EXPECT_EQ(all[0].room_count, 1U);
}

TEST(Settings, RejectsUnusableValuesAndAppliesLiveOnes) {
  dungeon d = make_dungeon();
  EXPECT_TRUE(d.set_settings({1, 0, 300, 3600}).has_value());
  EXPECT_TRUE(d.set_settings({1, 4, -1, 3600}).has_value());
  EXPECT_EQ(d.settings().max_unexplored_exits, 4U);
  EXPECT_FALSE(d.set_settings({1, 4, 60, 3600}).has_value());
  const enter_result a = d.enter_from_start(direction::east, 0, always_clear);
  EXPECT_EQ(d.branch(a.branch)->window_end, 60);
  EXPECT_THROW(dungeon({1, 0, 300, 3600}, nullptr), std::invalid_argument);
}

TEST(Counters, RoomIdsStartAtThreeAndFollowTheServersSeed) {
  dungeon d = make_dungeon();
  EXPECT_EQ(d.enter_from_start(direction::east, 0, always_clear).first_room.id, 3U);
  d.set_next_room_id(500);
  d.set_next_branch_sequence(40);
  d.set_next_branch_number(direction::west, 9);
  const enter_result w = d.enter_from_start(direction::west, 0, always_clear);
  EXPECT_EQ(w.first_room.id, 500U);
  EXPECT_EQ(w.branch, 40U);
  EXPECT_EQ(d.branch(w.branch)->number, 9U);
  EXPECT_EQ(d.counters().next_room_id, 501U);
}

}  // namespace
}  // namespace dw::dungeon
