// Lazy residency: rooms come from the loader on demand, eviction is invisible to results, rooms stay small.
#include <gtest/gtest.h>

#include <vector>

#include "dungeon/dungeon.hpp"
#include "tests/dungeon/invariants.hpp"
#include "tests/dungeon/memory_store.hpp"
#include "tests/dungeon/random_walk.hpp"
#include "tests/dungeon/scenario.hpp"

namespace dw::dungeon::testing {
namespace {

const auto always_clear = [](const room&) { return true; };

/// Counts how often each coordinate is asked for.
class counting_store : public memory_store {
 public:
  std::optional<room> load(branch_id b, coord c) override {
    asked.push_back(c);
    return memory_store::load(b, c);
  }
  std::vector<coord> asked;
};

TEST(Residency, NewBranchesNeverAskTheLoader) {
  memory_store store;
  dungeon d({3, 4, 300, 3600}, &store);
  const enter_result e = d.enter_from_start(direction::east, 0, always_clear);
  store.apply(e.changes);
  coord here = e.first_room.pos;
  for (int i = 0; i < 50; ++i) {
    const room r = *d.room_at(e.branch, here);
    for (direction dir : all_directions) {
      if (r.exit(dir) == exit_state::unexplored || r.exit(dir) == exit_state::two_way) {
        const move_result m = d.move(e.branch, here, dir, false, always_clear);
        store.apply(m.changes);
        here = m.destination.pos;
        break;
      }
    }
  }
  EXPECT_EQ(store.loads(), 0U);
  EXPECT_EQ(d.room_at(e.branch, {999, 999}), std::nullopt);
  EXPECT_EQ(store.loads(), 0U);
}

TEST(Residency, RestoredBranchLoadsEachNeighbourOnceThenKeepsIt) {
  counting_store store;
  dungeon d({3, 4, 300, 3600}, &store);
  branch_info info;
  info.id = 4;
  info.sequence = 4;
  info.dir = direction::north;
  info.number = 2;
  info.seed = 17;
  info.window_end = 300;
  info.unexplored = 1;
  info.room_count = 1;
  store.put(room{50, 4, {0, 1}, {U, N, S, N}, true});
  ASSERT_TRUE(d.restore_branch(info));
  EXPECT_FALSE(d.restore_branch(info)) << "already present";
  EXPECT_EQ(d.resident_rooms(), 0U);
  EXPECT_EQ(d.counters().next_branch_sequence, 5U);
  EXPECT_EQ(d.counters().next_branch_number[index_of(direction::north)], 3U);

  const move_result r = d.move(4, {0, 1}, direction::north, false, always_clear);
  ASSERT_TRUE(r.spawned);
  // The room walked from, then the new room's neighbours other than it: (0,3), (1,2), (-1,2).
  ASSERT_EQ(store.asked.size(), 4U);
  EXPECT_EQ(store.asked[0], (coord{0, 1}));
  for (std::size_t i = 1; i < store.asked.size(); ++i) {
    EXPECT_NE(store.asked[i], (coord{0, 1})) << "a resident room is not asked for again";
    EXPECT_NE(store.asked[i], (coord{0, 2}));
  }
  EXPECT_EQ(d.resident_rooms(), 2U);
  EXPECT_TRUE(d.resident_room_at(4, {0, 2}).has_value());
  EXPECT_FALSE(d.resident_room_at(4, {0, 3}).has_value());
}

TEST(Residency, JoiningARestoredBranchLoadsItsFirstRoom) {
  memory_store store;
  dungeon d({3, 4, 300, 3600}, &store);
  branch_info info;
  info.id = 9;
  info.sequence = 9;
  info.dir = direction::west;
  info.number = 1;
  info.window_end = 1000;
  info.room_count = 1;
  info.unexplored = 1;  // (a branch with no way on is never joined)
  store.put(room{70, 9, {-1, 0}, {U, S, N, N}, true});
  d.restore_branch(info);
  const enter_result e = d.enter_from_start(direction::west, 500, always_clear);
  EXPECT_FALSE(e.new_branch);
  EXPECT_EQ(e.branch, 9U);
  EXPECT_EQ(e.first_room.id, 70U);
  const enter_result later = d.enter_from_start(direction::west, 1000, always_clear);
  EXPECT_TRUE(later.new_branch);
  EXPECT_EQ(later.branch, 10U);
  EXPECT_EQ(d.branch(later.branch)->number, 2U);
}

TEST(Residency, EvictedRoomsComeBackThroughTheLoader) {
  memory_store store;
  dungeon d({3, 4, 300, 3600}, &store);
  const enter_result e = d.enter_from_start(direction::south, 0, always_clear);
  store.apply(e.changes);
  EXPECT_EQ(d.branch_count(), 1U);
  EXPECT_EQ(d.resident_branches(), 1U);
  ASSERT_TRUE(d.evict(e.branch));
  EXPECT_FALSE(d.evict(12345));
  EXPECT_EQ(d.resident_rooms(), 0U);
  EXPECT_EQ(d.branch_count(), 1U) << "an evicted branch is still alive";
  EXPECT_EQ(d.resident_branches(), 0U);
  EXPECT_FALSE(d.resident_room_at(e.branch, e.first_room.pos).has_value());
  EXPECT_EQ(d.room_at(e.branch, e.first_room.pos), e.first_room);
  EXPECT_EQ(store.loads(), 1U);
  EXPECT_EQ(d.branch(e.branch)->unexplored, e.changes.branch->unexplored) << "kept without loading";
}

TEST(Residency, EvictionHalfwayDoesNotChangeResults) {
  for (std::uint32_t budget : {1U, 2U, 4U, 8U}) {
    for (std::uint64_t seed = 1; seed <= 15; ++seed) {
      walk_options plain{seed * 31, budget, seed, 200, false, -1};
      walk_options evicting = plain;
      evicting.evict_at = 100;
      evicting.check_every_step = true;
      const walk_outcome a = random_walk(plain);
      const walk_outcome b = random_walk(evicting);
      ASSERT_TRUE(a.violations.empty()) << a.violations.front();
      ASSERT_TRUE(b.violations.empty()) << b.violations.front();
      EXPECT_EQ(a.stored, b.stored) << "budget " << budget << " seed " << seed;
      EXPECT_EQ(b.loads_before_evict, 0U);
    }
  }
}

TEST(Residency, MapWindowShowsResidentRoomsOnly) {
  scenario s(1);
  s.add({1, 0}, {T, T, N, S}).add({2, 0}, {N, N, N, T}).add({1, 1}, {N, N, T, N}).restore();
  dungeon& d = s.model();
  d.room_at(scenario::id, {1, 0});
  d.room_at(scenario::id, {1, 1});
  std::vector<coord> seen;
  d.for_each_room_in(scenario::id, {0, 0}, {5, 5}, [&](const room& r) { seen.push_back(r.pos); });
  EXPECT_EQ(seen, (std::vector<coord>{{1, 1}, {1, 0}})) << "top row first, west to east";
  seen.clear();
  d.room_at(scenario::id, {2, 0});
  d.for_each_room_in(scenario::id, {2, -1}, {2, 0}, [&](const room& r) { seen.push_back(r.pos); });
  EXPECT_EQ(seen, (std::vector<coord>{{2, 0}}));
}

TEST(Residency, AResidentRoomCostsFarLessThan300Bytes) {
  dungeon d({8, 8, 300, 3600}, nullptr);
  std::size_t rooms = 0;
  for (std::int64_t t = 0; rooms < 20000; t += 1000) {
    // Many short branches: the walk takes the first unexplored exit it finds, from any room it knows.
    const enter_result e = d.enter_from_start(direction::east, t, always_clear);
    std::vector<coord> frontier{e.first_room.pos};
    while (!frontier.empty() && rooms < 20000) {
      const coord c = frontier.back();
      frontier.pop_back();
      const room r = *d.room_at(e.branch, c);
      for (direction dir : all_directions) {
        if (r.exit(dir) == exit_state::unexplored) {
          const move_result m = d.move(e.branch, c, dir, false, always_clear);
          if (m.spawned) {
            frontier.push_back(m.destination.pos);
          }
        }
      }
      rooms = d.resident_rooms();
    }
  }
  EXPECT_LT(d.resident_bytes() / d.resident_rooms(), 300U);
  EXPECT_LT(sizeof(room_slot), 32U);
}

}  // namespace
}  // namespace dw::dungeon::testing

namespace dw::dungeon {
namespace {

TEST(RestoreRooms, ABranchRestoredWholeNeverAsksTheLoaderAgain) {
  testing::memory_store store;
  dungeon first({5, 4, 300, 3600}, &store);
  const enter_result entered = first.enter_from_start(direction::south, 0, [](const room&) { return true; });
  store.apply(entered.changes);
  // A restart: the branch comes back without rooms, then all of them at once from storage.
  dungeon again({5, 4, 300, 3600}, &store);
  again.restore_branch(store.branches().begin()->second);
  EXPECT_FALSE(again.fully_resident(entered.branch));
  EXPECT_TRUE(again.restore_rooms(entered.branch, store.rooms_of(entered.branch)));
  EXPECT_TRUE(again.fully_resident(entered.branch));
  const std::size_t loads = store.loads();
  EXPECT_TRUE(again.room_at(entered.branch, entered.first_room.pos).has_value());
  EXPECT_FALSE(again.room_at(entered.branch, {99, 99}).has_value()) << "a miss is a definite miss";
  EXPECT_EQ(store.loads(), loads) << "nothing was loaded";
  EXPECT_FALSE(again.restore_rooms(12345, {}));
}

}  // namespace
}  // namespace dw::dungeon
