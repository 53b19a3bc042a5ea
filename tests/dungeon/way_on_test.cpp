// A branch never runs dry by default: a spawn that would leave it without an unexplored exit opens one in the
// nearest room (by walking) that borders an empty coordinate; branches_can_finish restores the literal rule.
#include <gtest/gtest.h>

#include <set>

#include "dungeon/way_on.hpp"
#include "tests/dungeon/grow.hpp"
#include "tests/dungeon/invariants.hpp"
#include "tests/dungeon/scenario.hpp"

namespace dw::dungeon::testing {
namespace {

constexpr int long_walk = 2000;

TEST(WayOn, BranchesNeverRunDryOverTwoThousandRooms) {
  for (const std::uint32_t budget : {1U, 2U, 4U}) {
    std::size_t opened = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      memory_store store;
      dungeon d({spread_seed(seed), budget, 300, 3600}, &store);
      const growth g = grow_branch(d, store, all_directions[seed % 4], 0, long_walk, seed);
      EXPECT_FALSE(g.ran_dry) << "budget " << budget << " seed " << seed << " after " << g.rooms << " rooms";
      EXPECT_EQ(g.rooms, long_walk);
      EXPECT_GE(g.fewest_unexplored, 1U) << "budget " << budget << " seed " << seed;
      const std::vector<std::string> broken = check_invariants(d, store);
      EXPECT_TRUE(broken.empty()) << broken.front();
      opened += g.opened.size();
    }
    // Under the literal rule these walks run dry after a few hundred rooms: the new exits are what kept them going.
    EXPECT_GT(opened, 0U) << "budget " << budget;
  }
}

TEST(WayOn, TheLiteralRuleLetsBranchesRunDry) {
  int dry = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    memory_store store;
    dungeon d({spread_seed(seed), 1, 300, 3600, true}, &store);
    const growth g = grow_branch(d, store, all_directions[seed % 4], 0, long_walk, seed);
    EXPECT_TRUE(g.opened.empty()) << "seed " << seed;
    dry += g.ran_dry ? 1 : 0;
    if (g.ran_dry) {
      EXPECT_EQ(d.branch(g.branch)->unexplored, 0U);
    }
    const std::vector<std::string> broken = check_invariants(d, store);
    EXPECT_TRUE(broken.empty()) << broken.front();
  }
  EXPECT_GE(dry, 8) << "at budget 1 nearly every branch runs dry within 2,000 rooms under the literal rule";
}

TEST(WayOn, TheRoomNearestByWalkingGetsTheNewExit) {
  for (int seed = 1; seed <= 50; ++seed) {
    scenario s(spread_seed(static_cast<std::uint64_t>(seed)));
    walled_in(s).restore();
    const move_result r = s.move({2, 1}, direction::south);
    ASSERT_TRUE(r.spawned);
    EXPECT_EQ(r.destination.exits, (std::array<exit_state, 4>{T, N, N, N}));
    ASSERT_TRUE(r.changes.opened.has_value());
    EXPECT_EQ(r.changes.opened->pos, (coord{2, 1}));
    EXPECT_EQ(r.changes.opened->dir, direction::north);
    EXPECT_EQ(s.unexplored(), 1U);
    // The room walked from is saved once, with both changes: south explored, north opened.
    ASSERT_EQ(r.changes.rooms.size(), 2U);
    EXPECT_EQ(r.changes.rooms[1].exits, (std::array<exit_state, 4>{U, T, T, T}));
    EXPECT_EQ(s.store().find(scenario::id, {2, 1})->exits, (std::array<exit_state, 4>{U, T, T, T}));
    EXPECT_TRUE(check_invariants(s.model(), s.store()).empty());
    // And the way on can be walked at once.
    EXPECT_TRUE(s.move({2, 0}, direction::north).status == move_status::moved);
    EXPECT_TRUE(s.move({2, 1}, direction::north).spawned);
  }
}

TEST(WayOn, NeverAnExitIntoTheStartRoom) {
  // X at (0,1) is entered from B(1,1); the start room lies south of it and rooms fill its other sides, so the
  // nearest empty-looking coordinate is the start room itself. The new exit must be two steps away instead.
  std::set<std::pair<std::uint64_t, direction>> chosen;
  for (int seed = 1; seed <= 200; ++seed) {
    scenario s(spread_seed(static_cast<std::uint64_t>(seed)));
    s.add({1, 0}, {T, N, N, S})        // A, the first room
        .add({1, 1}, {T, T, T, U})     // B: walked west into X
        .add({1, 2}, {N, N, T, T})     // D
        .add({0, 2}, {N, T, N, N})     // E, north of X
        .add({2, 1}, {N, N, N, T})     // C
        .add({-1, 1}, {N, N, N, N})    // F, west of X, reached by no exit
        .restore();
    const move_result r = s.move({1, 1}, direction::west);
    ASSERT_TRUE(r.spawned);
    ASSERT_TRUE(r.changes.opened.has_value());
    const opened_exit& o = *r.changes.opened;
    EXPECT_NE(step(o.pos, o.dir), start_pos) << "seed " << seed;
    EXPECT_NE(o.pos, (coord{0, 1})) << "the new room's only free side is the start room";
    EXPECT_NE(o.pos, (coord{-1, 1})) << "F cannot be reached";
    // Two steps from X: through B to A, C or D (B itself has no free side).
    EXPECT_TRUE(o.pos == (coord{1, 0}) || o.pos == (coord{2, 1}) || o.pos == (coord{1, 2}))
        << o.pos.x << "," << o.pos.y;
    EXPECT_TRUE(check_invariants(s.model(), s.store()).empty());
    chosen.insert({pack(o.pos), o.dir});
  }
  EXPECT_GE(chosen.size(), 4U) << "the seed picks among the equally near choices";
}

TEST(WayOn, SameSeedAndMovesOpenTheSameExits) {
  memory_store a_store;
  memory_store b_store;
  dungeon a({77, 1, 300, 3600}, &a_store);
  dungeon b({77, 1, 300, 3600}, &b_store);
  const growth x = grow_branch(a, a_store, direction::south, 0, 600, 5);
  const growth y = grow_branch(b, b_store, direction::south, 0, 600, 5);
  EXPECT_FALSE(x.opened.empty());
  EXPECT_EQ(x.opened, y.opened);
  EXPECT_EQ(a_store.snapshot(), b_store.snapshot());
}

TEST(WayOn, EvictedRoomsAreReadThroughTheLoaderAndGiveTheSameExit) {
  for (int seed = 1; seed <= 20; ++seed) {
    scenario resident(spread_seed(static_cast<std::uint64_t>(seed)));
    scenario evicted(spread_seed(static_cast<std::uint64_t>(seed)));
    walled_in(resident).restore();
    walled_in(evicted).restore();
    // All rooms resident in one, none in the other: the search reads what it needs from storage.
    resident.model().restore_rooms(scenario::id, resident.store().rooms_of(scenario::id));
    const move_result r = resident.move({2, 1}, direction::south);
    const move_result e = evicted.move({2, 1}, direction::south);
    EXPECT_EQ(r.changes.opened, e.changes.opened);
    EXPECT_EQ(resident.store().snapshot(), evicted.store().snapshot());
  }
}

TEST(WayOn, UndoClosesTheOpenedExitAgain) {
  scenario s(4242);
  walled_in(s).restore();
  s.model().restore_rooms(scenario::id, s.store().rooms_of(scenario::id));
  const auto before = s.store().snapshot();
  const std::uint32_t unexplored = s.unexplored();
  const move_result r = s.move({2, 1}, direction::south);
  ASSERT_TRUE(r.changes.opened.has_value());
  s.model().undo_spawn(r.changes);
  EXPECT_EQ(s.unexplored(), unexplored);
  EXPECT_EQ(s.model().branch(scenario::id)->room_count, before.size());
  for (const auto& [key, stored] : before) {
    EXPECT_EQ(s.model().resident_room_at(scenario::id, stored.pos), stored) << stored.pos.x << "," << stored.pos.y;
  }
  EXPECT_FALSE(s.model().resident_room_at(scenario::id, {2, 0}).has_value());
}

}  // namespace
}  // namespace dw::dungeon::testing
